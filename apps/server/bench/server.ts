// `pnpm bench:server`: starts the real server as a child process and drives it with socket.io-client players
// over loopback. (a) raw socket.io round trip; (b) one table, sequential moves; (c) many concurrent 4-player
// tables with a spectator each. Latency is from an action sent to the moment every seat and the spectator
// has received the update it caused.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MESSAGE_EVENT, PING_EVENT, applyPatch, type GamePayload, type ServerMessage, type TableId, type Token } from '@razzia/protocol';
import { io, type Socket } from 'socket.io-client';

const repo = new URL('../../../', import.meta.url).pathname;
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const STEP_SECONDS = Number(args.get('step-seconds') ?? 15);
const THINK_MS = Number(args.get('think-ms') ?? 1000);
const TABLE_STEPS = (args.get('tables') ?? '100,250,500,750,1000').split(',').map(Number);
const SEQUENTIAL_MOVES = Number(args.get('moves') ?? 5000);
// Enough tables that none finishes its game within the 3-second measurement.
const SATURATION_TABLES = Number(args.get('saturation-tables') ?? 100);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'razzia-bench-'));
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const profile = process.env.PROFILE_SERVER ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_SERVER}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, BOT_DELAY_MS: '0', WEB_BUILD_DIR: '/nonexistent', CREATE_LIMIT: '100000/100000', CONNECTION_LIMIT: '100000', ...env },
    stdio: ['ignore', 'pipe', log],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const found = /Razzia Online is running at (http:\/\/\S+)/.exec(line)?.[1];
      if (found) {
        resolve(found);
        // keep draining the JSON log lines (one per action) so the server never blocks on a full pipe
        lines.removeAllListeners('line');
        child.stdout?.resume();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}

function connect(url: string, token?: Token): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function send(socket: Socket, message: object): Promise<{ ok: boolean; error?: { code: string }; [k: string]: unknown }> {
  return socket.timeout(60_000).emitWithAck(MESSAGE_EVENT, message);
}

async function health(url: string): Promise<{ rssBytes: number; heapUsedBytes: number }> {
  return (await fetch(`${url}/healthz`)).json() as Promise<{ rssBytes: number; heapUsedBytes: number }>;
}

/** One 4-player table: four seated sockets and a spectator, all counted for latency. */
class Table {
  sockets: Socket[] = [];
  spectator!: Socket;
  id!: TableId;
  private pending = new Map<number, { sent: number; seen: number }>();
  latencies: number[] = [];
  moves = 0;
  /** Bytes of every update this table's five sockets received (as JSON), and how many updates. */
  updateBytes = 0;
  updates = 0;
  over = false;
  stopped = false;
  private games: (GamePayload | null)[] = [null, null, null, null, null];
  onMove: (() => void) | null = null;

  constructor(
    private readonly url: string,
    private readonly thinkMs: number,
  ) {}

  async open(): Promise<void> {
    const res = await fetch(`${this.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', players: 4, visibility: 'private', clock: null }),
    });
    const body = (await res.json()) as { table: { id: TableId }; token: Token };
    this.id = body.table.id;
    const host = await connect(this.url, body.token);
    this.sockets.push(host);
    for (let i = 1; i < 4; i++) this.sockets.push(await connect(this.url));
    this.spectator = await connect(this.url);
    for (const [seat, s] of this.sockets.entries()) {
      await send(s, { type: 'sit', table: this.id, name: `P${seat}`, seat });
      this.listen(s, seat);
    }
    this.listen(this.spectator, 4);
    await send(this.spectator, { type: 'watch', table: this.id });
  }

  /** A client as the protocol asks: the game from snapshots, then patched by updates. */
  private listen(socket: Socket, index: number): void {
    socket.on(MESSAGE_EVENT, (m: ServerMessage) => {
      if (m.type === 'snapshot') this.games[index] = m.snapshot.game;
      if (m.type !== 'update' || !m.game) return;
      this.updateBytes += JSON.stringify(m).length;
      this.updates++;
      const before = this.games[index] ?? null;
      const game = 'full' in m.game ? m.game.full : applyPatch(before as GamePayload, m.game.patch);
      this.games[index] = game;
      const p = this.pending.get(game.version);
      if (p) {
        p.seen++;
        if (p.seen === 5) {
          this.latencies.push(performance.now() - p.sent);
          this.pending.delete(game.version);
        }
      }
      if (index < 4) this.consider(index);
      if (game.outcome) this.over = true;
    });
  }

  start(): Promise<unknown> {
    return send(this.sockets[0] as Socket, { type: 'start', table: this.id });
  }

  private consider(seat: number): void {
    const game = this.games[seat];
    if (!game || this.stopped || game.outcome) return;
    const legal = game.legal;
    if (legal.length === 0) return;
    const version = game.version;
    const act = () => {
      if (this.stopped || this.games[seat]?.version !== version) return;
      // Prefer drawing and passing: games run long, like real ones; no thief subsets.
      const intent = legal.find((a) => a.type === 'draw' || a.type === 'pass') ?? legal[0];
      this.pending.set(version + 1, { sent: performance.now(), seen: 0 });
      this.moves++;
      send(this.sockets[seat] as Socket, { type: 'act', table: this.id, version, intent })
        .then((r) => {
          if (!r.ok) console.error('refused', r.error);
          this.onMove?.();
        })
        .catch(() => undefined); // a table closed while its last move was in flight
    };
    if (this.thinkMs > 0) setTimeout(act, this.thinkMs * (0.5 + Math.random()));
    else act();
  }

  close(): void {
    this.stopped = true;
    for (const s of [...this.sockets, this.spectator]) s.disconnect();
  }
}

async function rawRoundTrip(url: string): Promise<{ p50: number; p99: number; perSecond: number }> {
  const socket = await connect(url);
  const samples: number[] = [];
  for (let i = 0; i < 500; i++) await socket.emitWithAck(PING_EVENT); // warm up
  const start = performance.now();
  for (let i = 0; i < 5000; i++) {
    const t = performance.now();
    await socket.emitWithAck(PING_EVENT);
    samples.push(performance.now() - t);
  }
  const elapsed = (performance.now() - start) / 1000;
  socket.disconnect();
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), perSecond: samples.length / elapsed };
}

async function sequential(url: string): Promise<{ moves: number; perSecond: number; p50: number; p99: number; bytesPerUpdate: number; bytesPerMove: number }> {
  const latencies: number[] = [];
  let moves = 0;
  let bytes = 0;
  let updates = 0;
  // Warm-up game, then as many games as it takes.
  for (let warm = 0; ; warm++) {
    const table = new Table(url, 0);
    await table.open();
    const done = new Promise<void>((resolve) => (table.onMove = () => table.over && resolve()));
    const t0 = performance.now();
    await table.start();
    await done;
    const elapsed = performance.now() - t0;
    table.close();
    if (warm === 0) continue;
    latencies.push(...table.latencies);
    moves += table.moves;
    bytes += table.updateBytes;
    updates += table.updates;
    (sequential as { ms?: number }).ms = ((sequential as { ms?: number }).ms ?? 0) + elapsed;
    if (moves >= SEQUENTIAL_MOVES) break;
  }
  latencies.sort((a, b) => a - b);
  const ms = (sequential as { ms?: number }).ms as number;
  return {
    moves,
    perSecond: moves / (ms / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bytesPerUpdate: bytes / updates,
    bytesPerMove: bytes / moves,
  };
}

async function concurrent(
  url: string,
  count: number,
  tables: Table[],
  thinkMs = THINK_MS,
  seconds = STEP_SECONDS,
): Promise<{ p50: number; p99: number; rawP50: number; rawP99: number; movesPerSecond: number; rssMb: number; perTableKb: number }> {
  const before = await health(url);
  while (tables.length < count) {
    const batch = [];
    for (let i = 0; i < 25 && tables.length + batch.length < count; i++) batch.push(new Table(url, thinkMs));
    await Promise.all(batch.map((t) => t.open()));
    tables.push(...batch);
    await Promise.all(batch.map((t) => t.start()));
  }
  for (const t of tables) t.latencies.length = 0;
  const moves0 = tables.reduce((s, t) => s + t.moves, 0);
  const t0 = performance.now();
  // The raw round trip under the same load, for comparison: one probe socket pinging back to back.
  const probe = await connect(url);
  const rtts: number[] = [];
  const until = t0 + seconds * 1000;
  while (performance.now() < until) {
    const t = performance.now();
    await probe.timeout(5_000).emitWithAck(PING_EVENT);
    rtts.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 25)); // 40 a second: inside the default rate limit
  }
  probe.disconnect();
  rtts.sort((a, b) => a - b);
  const elapsed = (performance.now() - t0) / 1000;
  const latencies = tables.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const moves = tables.reduce((s, t) => s + t.moves, 0) - moves0;
  const after = await health(url);
  void before;
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rawP50: percentile(rtts, 50),
    rawP99: percentile(rtts, 99),
    movesPerSecond: moves / elapsed,
    rssMb: after.rssBytes / 2 ** 20,
    perTableKb: (after.rssBytes - baseline.rssBytes) / 1024 / tables.length,
  };
}

let baseline = { rssBytes: 0, heapUsedBytes: 0 };

async function main(): Promise<void> {
  console.log(`Razzia Online server benchmark — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
  console.log('server: real child process, SQLite (WAL, synchronous=NORMAL), pino info logs (one line per action) to a file');

  // (a) and (b) with the rate limit lifted: one table's four sockets act ~500 times a second each.
  const fast = await startServer({ RATE_LIMIT: '100000' });
  const raw = await rawRoundTrip(fast.url);
  console.log(`(a) raw socket.io round trip: p50 ${fmt(raw.p50)}, p99 ${fmt(raw.p99)}, ${Math.round(raw.perSecond)} round trips/s`);
  const seq = await sequential(fast.url);
  console.log(
    `(b) one table, sequential: ${Math.round(seq.perSecond)} moves/s over ${seq.moves} moves; action → all 5 updates p50 ${fmt(seq.p50)}, p99 ${fmt(seq.p99)}`,
  );
  console.log(`    bytes: ${Math.round(seq.bytesPerUpdate)} per update (JSON), ${Math.round(seq.bytesPerMove)} per move to all 5 receivers`);
  fast.child.kill('SIGTERM');

  // (c) with the default rate limit, players thinking THINK_MS (±50%) per decision.
  const server = await startServer({});
  baseline = await health(server.url);
  console.log(`(c) concurrent 4-player tables + 1 spectator each, decisions every ~${THINK_MS} ms per table, ${STEP_SECONDS} s per step:`);
  const tables: Table[] = [];
  let held = 0;
  for (const count of TABLE_STEPS) {
    const r = await concurrent(server.url, count, tables);
    const within = r.p99 <= 20;
    if (within) held = count;
    console.log(
      `    ${String(count).padStart(5)} tables: p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)} (raw round trip under this load: p50 ${fmt(r.rawP50)}, p99 ${fmt(r.rawP99)}), ${Math.round(r.movesPerSecond)} moves/s, server RSS ${r.rssMb.toFixed(0)} MB (${r.perTableKb.toFixed(0)} KB per table)${within ? '' : '  ← p99 over 20 ms'}`,
    );
    if (!within && r.p99 > 200) break;
  }
  for (const t of tables) t.close();
  console.log(`tables held at p99 ≤ 20 ms: ${held}`);
  server.child.kill('SIGTERM');

  // (d) saturation: every player decides at once, so the tables together go as fast as the server allows.
  const busy = await startServer({});
  baseline = await health(busy.url);
  const saturated: Table[] = [];
  const d = await concurrent(busy.url, SATURATION_TABLES, saturated, 0, 3);
  console.log(
    `(d) saturation, ${SATURATION_TABLES} tables with no think time: ${Math.round(d.movesPerSecond)} moves/s in all, action → all 5 updates p50 ${fmt(d.p50)}, p99 ${fmt(d.p99)}`,
  );
  for (const t of saturated) t.close();
  busy.child.kill('SIGTERM');
  process.exit(0);
}

await main();
