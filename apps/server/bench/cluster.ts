// `pnpm bench:cluster`: the same table load as `pnpm bench:server` on one SQLite process, on one PostgreSQL
// process, and on three processes behind Redis with each table's sockets spread over all three; memory per table
// and per socket; then kill -9 of a process owning tables, again and again (a new process replacing it each
// time), and SIGSTOP of one for a while (then SIGCONT), with people playing through health-checking proxies that
// reconnect them elsewhere: takeover time, and every decision the server acknowledged audited against the store
// (lost and duplicated must both be 0).

import { cpus } from 'node:os';
import { MESSAGE_EVENT, applyPatch, type GamePayload, type ServerMessage, type TableId, type Token } from '@razzia/protocol';
import { io, type Socket } from 'socket.io-client';
import { NodeProcess, Proxy, Upstreams, audit, until } from '../test/support/processes.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { freePort, startPostgres, startRedis } from '../test/support/services.ts';
import { concurrent, connect, fmt, health, percentile, setBaseline, startServer, stopServer, type Table } from './load.ts';
import { endOnSignals } from '../test/support/cleanup.ts';

void freePort;
// Whatever way it ends (a signal, an error), nothing it started is left running (test/support/cleanup.ts).
endOnSignals();
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const TABLES = Number(args.get('tables') ?? 500);
const STEP_SECONDS = Number(args.get('step-seconds') ?? 15);
/** --min-moves=N: each measured window goes on until N moves are measured in it (for a scaled-down run). */
const MIN_MOVES = Number(args.get('min-moves') ?? 0);
/** --move-limit-seconds=S: how long a table of a killed or stopped process may take to move again before it counts
 * as missed (a scaled-down run on a loaded machine gives it longer: what it checks is that each moves again). */
const MOVE_LIMIT_MS = Number(args.get('move-limit-seconds') ?? 30) * 1000;
const THINK_MS = Number(args.get('think-ms') ?? 1000);
const KILLS = Number(args.get('kills') ?? 20);
const KILL_TABLES = Number(args.get('kill-tables') ?? 30);
const STALLS = Number(args.get('stalls') ?? 10);
const STALL_MS = Number(args.get('stall-ms') ?? 8000);
const SOCKETS = Number(args.get('sockets') ?? 1000);

type Load = Awaited<ReturnType<typeof concurrent>>;
const line = (name: string, r: Load) =>
  `${name}: ${TABLES} tables, ${Math.round(r.movesPerSecond)} moves/s, move → all 5 receivers p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)} (raw round trip under this load: p50 ${fmt(r.rawP50)}, p99 ${fmt(r.rawP99)}); ${r.perTableKb.toFixed(0)} KB RSS, ${r.heapPerTableKb.toFixed(0)} KB heap per table`;

async function load(urls: readonly string[]): Promise<Load> {
  await setBaseline(urls);
  const tables: Table[] = [];
  const r = await concurrent(urls, TABLES, tables, THINK_MS, STEP_SECONDS, MIN_MOVES);
  for (const t of tables) t.close();
  return r;
}

/** One person at one table through its proxy: plays seat 0, reconnects by itself, remembers what it sent. */
class Person {
  readonly sent = new Map<number, unknown>();
  readonly acked: { version: number; intent: unknown }[] = [];
  game: GamePayload | null = null;
  seq = 0;
  private socket!: Socket;
  private actedOn = -1;
  private acting = false;
  /** The table waits at a moment for this person to move on. */
  private awaited = false;
  private readying = false;
  /** Called with each new log position received. */
  onSeq: ((seq: number) => void) | null = null;

  constructor(
    readonly table: TableId,
    private readonly token: Token,
  ) {}

  async start(url: string): Promise<void> {
    this.socket = io(url, { transports: ['websocket'], auth: { token: this.token }, forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 500 });
    this.socket.on(MESSAGE_EVENT, (m: ServerMessage) => this.received(m));
    this.socket.on('connect', () => void this.send({ type: 'watch', table: this.table, ...(this.seq > 0 ? { since: this.seq } : {}) }));
    await new Promise<void>((resolve) => this.socket.once('connect', () => resolve()));
  }

  send(message: object): Promise<{ ok: boolean; error?: { code: string } } | null> {
    return this.socket.timeout(10_000).emitWithAck(MESSAGE_EVENT, message).catch(() => null) as never;
  }

  private received(m: ServerMessage): void {
    if (m.type === 'snapshot' && m.snapshot.table.id === this.table) {
      this.game = m.snapshot.game;
      this.seq = m.snapshot.seq;
      this.awaited = m.snapshot.table.pause?.waiting.includes(0) ?? false;
    } else if (m.type === 'update' && m.table === this.table) {
      if (m.entries[0]?.seq !== this.seq + 1) return void this.send({ type: 'watch', table: this.table, since: this.seq });
      if (m.game && 'full' in m.game) this.game = m.game.full;
      else if (m.game) this.game = applyPatch(this.game as GamePayload, m.game.patch);
      this.seq = m.seq;
      for (const { kind, event } of m.entries) {
        if (kind !== 'table') continue;
        if (event.type === 'paused') this.awaited = Array.isArray(event.waiting) && event.waiting.includes(0);
        else if (event.type === 'resumed' || (event.type === 'ready' && event.seat === 0)) this.awaited = false;
      }
    } else return;
    this.onSeq?.(this.seq);
    this.moveOn();
    this.consider();
  }

  /**
   * At a moment of the game (a round's summary) the table waits for this person, and no bot moves, until they move
   * on (`ready`) or for at most 20 s (MOMENT_MAX_MS). A person who never moved on held every such table 20 s; one
   * stopped there when its process was killed counted the rest of that wait as takeover. This one reads at once.
   */
  private moveOn(): void {
    if (!this.awaited || this.readying) return;
    this.readying = true;
    void this.send({ type: 'ready', table: this.table }).then((r) => {
      this.readying = false;
      // Not answered (the process died under it): again, unless the pause is over meanwhile.
      if (!r?.ok) setTimeout(() => this.moveOn(), 100).unref();
    });
  }

  private consider(): void {
    const game = this.game;
    if (!game || game.outcome || game.legal.length === 0 || this.acting || this.actedOn === game.version) return;
    const version = game.version;
    const intent = game.legal.find((a) => a.type === 'draw' || a.type === 'pass') ?? game.legal[0];
    this.acting = true;
    this.actedOn = version;
    this.sent.set(version, intent);
    void this.send({ type: 'act', table: this.table, version, intent }).then((r) => {
      this.acting = false;
      if (r?.ok) this.acked.push({ version, intent });
      else if (r?.error?.code !== 'stale-version') {
        this.actedOn = -1;
        setTimeout(() => this.consider(), 100).unref();
      }
      this.consider();
    });
  }

  get over(): boolean {
    return !!this.game?.outcome;
  }

  close(): void {
    this.socket.disconnect();
  }
}

async function takeovers(
  databaseUrl: string,
  redisUrl: string,
): Promise<{ times: number[]; stalls: number[]; lost: number; duplicated: number; tables: number; missed: number }> {
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, BOT_DELAY_MS: '100', CREATE_LIMIT: '100000/100000', CONNECTION_LIMIT: '100000', LOG_LEVEL: 'warn' };
  const nodes = await Promise.all([0, 1, 2].map(() => NodeProcess.start(env)));
  const backends = nodes.map((n) => n.port);
  // As a load balancer does: new connections go to processes that answer their health check (a stopped one still
  // accepts TCP connections).
  const upstreams = new Upstreams(backends).check();
  const proxies = await Promise.all([0, 1, 2].map((i) => Proxy.start(upstreams, i)));
  const people: Person[] = [];
  const slots: (Person | null)[] = Array.from({ length: KILL_TABLES }, () => null);
  let stopping = false;
  // Each slot keeps one game going: a person (seat 0, through the proxy that prefers process slot % 3) and three bots.
  const open = async (slot: number) => {
    const proxy = proxies[slot % 3] as Proxy;
    const res = await fetch(`${proxy.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'kill', players: 4, visibility: 'private', clock: null }) });
    const body = (await res.json()) as { table: { id: TableId }; token: Token };
    const person = new Person(body.table.id, body.token);
    await person.start(proxy.url);
    await person.send({ type: 'sit', table: person.table, name: 'Person', seat: 0 });
    for (let seat = 1; seat < 4; seat++) await person.send({ type: 'add-bot', table: person.table, bot: 'greedy', seat });
    person.onSeq = () => {
      if (person.over && slots[slot] === person && !stopping) void open(slot).catch(() => undefined);
    };
    slots[slot] = person;
    people.push(person);
    await person.send({ type: 'start', table: person.table });
  };
  for (let slot = 0; slot < KILL_TABLES; slot++) await open(slot);

  const times: number[] = [];
  const stalls: number[] = [];
  let missed = 0;
  const store = await PostgresStore.open(databaseUrl);
  /** Stops the process owning the most tables (`kill`: kill -9, else SIGSTOP) and waits until each of its running
   * tables moves again, as its person sees it: the longest wait, or null if none moved within MOVE_LIMIT_MS. Moving again is
   * a log position past the last one the stopped process stored (read once it is stopped): updates it sent just
   * before, still on their way or not yet read by this busy process, once counted as a takeover of 20-100 ms. */
  const round = async (how: 'kill' | 'stall'): Promise<{ victim: number; longest: number | null }> => {
    const healths = await Promise.all(nodes.map((n) => n.health()));
    const victim = healths.reduce((best, h, i) => (h.owned.length > (healths[best]?.owned.length ?? -1) ? i : best), 0);
    const owned = new Set(healths[victim]?.owned ?? []);
    const watched = slots.filter((p): p is Person => p !== null && owned.has(p.table) && !p.over && p.game !== null);
    const t0 = performance.now();
    const floors: (() => void)[] = [];
    const moved = watched.map(
      (p, i) =>
        new Promise<number | null | undefined>((resolve) => {
          let floor = Infinity;
          const timer = setTimeout(() => resolve(null), MOVE_LIMIT_MS);
          const was = p.onSeq;
          const check = (seq: number) => {
            if (seq <= floor) return;
            clearTimeout(timer);
            p.onSeq = was;
            resolve(performance.now() - t0);
          };
          p.onSeq = (seq) => {
            was?.(seq);
            check(seq);
          };
          floors[i] = () =>
            void store.load(p.table).then((loaded) => {
              // Its last stored move ended the game: nothing to take over, nothing will move.
              if (loaded?.record.status !== 'playing') {
                clearTimeout(timer);
                p.onSeq = was;
                return resolve(undefined);
              }
              floor = loaded.record.seq;
              check(p.seq);
            });
        }),
    );
    if (how === 'kill') await nodes[victim]!.kill9();
    else nodes[victim]!.pause();
    for (const floor of floors) floor();
    const waited = (await Promise.all(moved)).filter((t) => t !== undefined);
    if (process.env.BENCH_DEBUG) console.log(how, victim, waited.map((t) => (t === null ? null : Math.round(t))));
    const got = waited.filter((t): t is number => t !== null);
    missed += waited.length - got.length;
    return { victim, longest: got.length > 0 ? Math.max(...got) : null };
  };
  const everyoneSeesTwoOthers = () =>
    until(async () => (await Promise.all(nodes.map((n) => n.health()))).every((h) => h.members.length === 2), 'every process to see the two others');
  for (let kill = 0; kill < KILLS; kill++) {
    const { victim, longest } = await round('kill');
    if (longest !== null) times.push(longest);
    // A new process takes the dead one's place, and the cluster sees it before the next round.
    const fresh = await NodeProcess.start(env);
    nodes[victim] = fresh;
    backends[victim] = fresh.port;
    await everyoneSeesTwoOthers();
  }
  for (let stall = 0; stall < STALLS; stall++) {
    const stopped = performance.now();
    const { victim, longest } = await round('stall');
    if (longest !== null) stalls.push(longest);
    // Woken after STALL_MS in all: it finds its tables gone and goes on with none.
    await new Promise((r) => setTimeout(r, Math.max(0, STALL_MS - (performance.now() - stopped))));
    nodes[victim]!.resume();
    await everyoneSeesTwoOthers();
  }
  stopping = true;
  for (const p of people) p.close();
  let lost = 0;
  let duplicated = 0;
  for (const p of people) {
    const a = await audit(databaseUrl, p.table, new Map([[0, [p]]]));
    lost += a.lost;
    duplicated += a.duplicated;
  }
  await store.close();
  for (const proxy of proxies) await proxy.close();
  upstreams.stop();
  for (const n of nodes) await n.kill9();
  return { times, stalls, lost, duplicated, tables: people.length, missed };
}

async function main(): Promise<void> {
  console.log(`Razzia Online cluster benchmark — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  console.log(`PostgreSQL and Redis: real servers on 127.0.0.1 (fsync on); 4-player tables + 1 spectator each, a decision every ~${THINK_MS} ms per table, ${STEP_SECONDS} s measured`);

  const sqlite = await startServer({});
  const a = await load([sqlite.url]);
  await stopServer(sqlite.child);
  console.log(line('(a) one process, SQLite', a));

  const pg = await startServer({ DATABASE_URL: await postgres.database() });
  const b = await load([pg.url]);
  await stopServer(pg.child);
  console.log(line('(b) one process, PostgreSQL', b));

  const shared = { DATABASE_URL: await postgres.database(), REDIS_URL: redis.url };
  const three = await Promise.all([0, 1, 2].map(() => startServer(shared)));
  const c = await load(three.map((s) => s.url));
  await Promise.all(three.map((s) => stopServer(s.child)));
  console.log(line('(c) three processes, PostgreSQL + Redis, each table on all three', c));
  console.log(`    three processes' p99 / one SQLite process's: ${(c.p99 / a.p99).toFixed(2)}×`);

  // Memory per socket: bare connections to a fresh process.
  const bare = await startServer({});
  const before = await health(bare.url);
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i++) sockets.push(await connect(bare.url));
  const after = await health(bare.url);
  console.log(
    `(d) memory: ${((after.rssBytes - before.rssBytes) / 1024 / SOCKETS).toFixed(1)} KB RSS, ${((after.heapUsedBytes - before.heapUsedBytes) / 1024 / SOCKETS).toFixed(1)} KB heap per open socket (${SOCKETS} sockets); per live table (five sockets included): ${a.perTableKb.toFixed(0)} KB RSS, ${a.heapPerTableKb.toFixed(0)} KB heap (from (a))`,
  );
  for (const s of sockets) s.disconnect();
  await stopServer(bare.child);

  const k = await takeovers(await postgres.database(), redis.url);
  const sorted = [...k.times].sort((x, y) => x - y);
  console.log(
    `(e) takeover after kill -9 of the process owning the most tables (${KILLS} kills, ${KILL_TABLES} tables playing, lease 3000 ms): until each of its tables moves again, p50 ${Math.round(percentile(sorted, 50))} ms, max ${Math.round(sorted.at(-1) ?? NaN)} ms; ${k.tables} games audited${k.missed ? `; ${k.missed} tables did not move within ${MOVE_LIMIT_MS / 1000} s` : ''}`,
  );
  const stalled = [...k.stalls].sort((x, y) => x - y);
  console.log(
    `(f) takeover after SIGSTOP of the process owning the most tables (${STALLS} stops of ${STALL_MS} ms, then SIGCONT): until each of its tables moves again, p50 ${Math.round(percentile(stalled, 50))} ms, max ${Math.round(stalled.at(-1) ?? NaN)} ms`,
  );
  await Promise.all([postgres.stop(), redis.stop()]);
  console.log(`cluster: lost ${k.lost}, duplicated ${k.duplicated}, takeover max ${Math.round(sorted.at(-1) ?? NaN)} ms`);
  process.exit(0);
}

await main();
