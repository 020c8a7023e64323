// `pnpm bench:audience`: one live Razzia! table with a big audience. Four scripted people play it at a steady pace
// (in this process); N spectators (N = 1,000, 5,000, 10,000 by default), spread over several worker processes so
// the clients are not what is measured, all join within a few seconds (a burst) and then watch. Measured: from the
// server's send of each update (stamped where it sends, under the bench-only BENCH_SENT_LOG) to its last
// spectator's receipt; the players' own move → all four seats updated, before, during and after the burst; the
// server's CPU per update per 1,000 spectators (/proc) and its memory per spectator; spectators that failed to
// join or were cut. In the same run, the floors: a bare socket.io server broadcasting the same bytes at the same
// rate to a room of N (audience/bare.ts), and boardgame.io 0.50 with N spectators on its benchmark game. Then
// three processes behind Redis (PostgreSQL store), the spectators spread over all three, counting what crosses
// Redis per update.

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { MESSAGE_EVENT, type ServerMessage } from '@razzia/protocol';
import type { Socket } from 'socket.io-client';
import { startPostgres, startRedis } from '../test/support/services.ts';
import type { BareOrder, BareReport } from './audience/bare.ts';
import { BgioPlayers, RazziaPlayers, connect, type Move } from './audience/players.ts';
import { monotonicMs, type Mode, type Order, type WorkerReport } from './audience/spectators.ts';
import { startBoardgameio } from './boardgameio.ts';
import { cpuSeconds, percentile, send, stopServer } from './load.ts';
import { endOnSignals } from '../test/support/cleanup.ts';

const repo = new URL('../../../', import.meta.url).pathname;
// Whatever way it ends (a signal, an error), nothing it started is left running (test/support/cleanup.ts).
endOnSignals();
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SIZES = (args.get('sizes') ?? '1000,5000,10000').split(',').map(Number);
const WORKERS = Number(args.get('workers') ?? 4);
const BURST_SECONDS = Number(args.get('burst-seconds') ?? 10);
const WATCH_SECONDS = Number(args.get('watch-seconds') ?? 60);
const IDLE_SECONDS = Number(args.get('idle-seconds') ?? 15);
/** How long the floors (bare socket.io, boardgame.io) are watched. */
const FLOOR_SECONDS = Number(args.get('floor-seconds') ?? 30);
const PACE_MS = Number(args.get('pace-ms') ?? 450);
/** Moves before the idle measurement: the log has something in it when the spectators come. */
const WARMUP_SECONDS = Number(args.get('warmup-seconds') ?? 3);
/** The audience of the three-process run ('off': none). */
const CLUSTER = args.get('cluster') === 'off' ? 0 : Number(args.get('cluster') ?? SIZES.at(-1));
const FLOORS = args.get('floors') !== 'off';
const BGIO = FLOORS && args.get('boardgameio') !== 'off';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(ms < 10 ? 2 : 1)} ms` : 'n/a');
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p = (xs: number[], q: number) => percentile(sorted(xs), q);

/** Every child process and temporary folder of the run: whatever way the run ends, none is left behind. */
const children = new Set<ChildProcess>();
const folders: string[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function temporary(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** A child with a raised open-files limit (thousands of sockets each): through sh, which execs it. */
function spawnWithFds(args: readonly string[], options: SpawnOptions): ChildProcess {
  return track(spawn('sh', ['-c', 'ulimit -n 65536 2>/dev/null; exec "$@"', 'sh', process.execPath, ...args], { cwd: repo, ...options }));
}

function rssBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? NaN) * 1024;
}

/** Our server as production runs it: built to plain JavaScript (apps/server/scripts/build.mjs) into a temporary
 * folder, once per run. */
async function buildServer(): Promise<string> {
  const out = temporary('razzia-audience-build-');
  const child = track(spawn(process.execPath, ['apps/server/scripts/build.mjs', out], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] }));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the server build failed (${code})`);
  return join(out, 'main.js');
}

let serverMain = '';

/** Our server as a child process (SQLite, or the cluster's env), with BENCH_SENT_LOG. */
async function startOurs(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; dir: string; sentLog: string }> {
  const dir = temporary('razzia-audience-');
  const sentLog = join(dir, 'sent.log');
  const log = openSync(join(dir, 'server.log'), 'a');
  const profile = process.env.PROFILE_SERVER ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_SERVER}`] : [];
  const child = spawnWithFds([...profile, serverMain], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_BUILD_DIR: '/nonexistent',
      CREATE_LIMIT: '100000/100000',
      // Every spectator comes from 127.0.0.1: the per-address limit is raised for the benchmark only.
      CONNECTION_LIMIT: '100000',
      BENCH_SENT_LOG: sentLog,
      ...env,
    },
    stdio: ['ignore', 'pipe', log],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const found = /Razzia Online is running at (http:\/\/\S+)/.exec(line)?.[1];
      if (found) {
        resolve(found);
        lines.removeAllListeners('line');
        child.stdout?.resume();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} (log: ${join(dir, 'server.log')})`)));
  });
  return { child, url, dir, sentLog };
}

/** When each update of `table` started going out: the earliest of the processes' lines. */
function readSent(files: readonly string[], table: string): Map<number, number> {
  const sent = new Map<number, number>();
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const [id, seq, at] = line.split(' ');
      if (id !== table) continue;
      const s = Number(seq);
      const t = Number(at);
      if (!sent.has(s) || t < (sent.get(s) as number)) sent.set(s, t);
    }
  return sent;
}

/** The spectators' worker processes. */
class Workers {
  private constructor(private readonly children: ChildProcess[]) {}

  static async start(n: number): Promise<Workers> {
    const children = await Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<ChildProcess>((resolve, reject) => {
            const child = spawnWithFds(['--import', 'tsx', 'apps/server/bench/audience/spectators.ts'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
            child.once('message', () => resolve(child));
            child.once('exit', (code) => reject(new Error(`a spectators' worker exited with ${code}`)));
          }),
      ),
    );
    return new Workers(children);
  }

  private ask<T extends WorkerReport['type']>(child: ChildProcess, order: Order, type: T): Promise<Extract<WorkerReport, { type: T }>> {
    return new Promise((resolve) => {
      const on = (m: WorkerReport) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m as Extract<WorkerReport, { type: T }>);
      };
      child.on('message', on);
      child.send(order);
    });
  }

  /** All `total` spectators join within `spreadMs` from `startAt` (monotonic ms), each worker's share interleaved
   * with the others'. */
  async join(mode: Mode, urls: readonly string[], table: string, total: number, spreadMs: number, startAt = monotonicMs() + 300) {
    const n = this.children.length;
    const replies = await Promise.all(
      this.children.map((child, w) =>
        this.ask(child, { type: 'join', mode, urls, table, first: w, step: n, count: Math.ceil((total - w) / n), total, startAt, spreadMs }, 'joined'),
      ),
    );
    const reasons: Record<string, number> = {};
    for (const r of replies) for (const [why, k] of Object.entries(r.reasons)) reasons[why] = (reasons[why] ?? 0) + k;
    return {
      joined: replies.reduce((s, r) => s + r.joined, 0),
      failed: replies.reduce((s, r) => s + r.failed, 0),
      reasons,
      joinMs: replies.flatMap((r) => r.joinMs),
    };
  }

  async report() {
    const replies = await Promise.all(this.children.map((c) => this.ask(c, { type: 'report' }, 'report')));
    const arrivals = new Map<number, { count: number; last: number }>();
    for (const r of replies)
      for (const [key, count, , last] of r.arrivals) {
        const a = arrivals.get(key);
        if (!a) arrivals.set(key, { count, last });
        else {
          a.count += count;
          a.last = Math.max(a.last, last);
        }
      }
    const sum = (k: 'cut' | 'gaps' | 'badPatches' | 'hidden' | 'messages' | 'cpuSeconds') => replies.reduce((s, r) => s + r[k], 0);
    return { arrivals, cut: sum('cut'), gaps: sum('gaps'), badPatches: sum('badPatches'), hidden: sum('hidden'), messages: sum('messages'), cpuSeconds: sum('cpuSeconds') };
  }

  /** Every spectator disconnects: the workers are ready for the next part. */
  async reset(): Promise<void> {
    await Promise.all(this.children.map((c) => this.ask(c, { type: 'reset' }, 'ready')));
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.send({ type: 'close' } satisfies Order);
          }),
      ),
    );
  }
}

interface Window {
  readonly from: number;
  readonly to: number;
}
const inside = (w: Window, at: number) => at >= w.from && at < w.to;

type Joined = Awaited<ReturnType<Workers['join']>>;
type Reported = Awaited<ReturnType<Workers['report']>>;

/** Update → last spectator, over the updates sent inside `w` that every spectator still watching received. */
function toLast(sent: Map<number, number>, report: Reported, expected: number, w: Window) {
  const latencies: number[] = [];
  let incomplete = 0;
  for (const [key, at] of sent) {
    if (!inside(w, at)) continue;
    const a = report.arrivals.get(key);
    if (!a || a.count < expected) {
      incomplete++;
      continue;
    }
    latencies.push(a.last - at);
  }
  return { p50: p(latencies, 50), p99: p(latencies, 99), updates: latencies.length, incomplete };
}

const playersP99 = (moves: readonly Move[], w: Window) => {
  const ms = moves.filter((m) => inside(w, m.at)).map((m) => m.ms);
  return { p99: p(ms, 99), n: ms.length };
};

interface Result {
  readonly n: number;
  readonly joined: Joined;
  readonly report: Reported;
  readonly send: ReturnType<typeof toLast>;
  readonly move: ReturnType<typeof toLast>;
  readonly players: { idle: { p99: number; n: number }; burst: { p99: number; n: number }; after: { p99: number; n: number } } | null;
  readonly cpuMsPerUpdatePer1k: number;
  readonly rssKbPerSpectator: number;
  /** Server CPU while the audience joined, per spectator (the players' moves meanwhile included). */
  readonly cpuMsPerJoin: number;
  readonly burstSeconds: number;
  readonly redis?: { tableChannel: number; allPublishes: number; updates: number };
}

/** What one of our spectators received from the start of the burst (its snapshot, then every message with its
 * time from then): for the bare floor to send again. `watchFrom`: when the audience started watching. */
interface Recording {
  snapshot: ServerMessage;
  messages: { at: number; seq: number | null; message: ServerMessage }[];
  watchFrom: number;
}

function streamErrors(r: Reported): string {
  return `gaps ${r.gaps}, bad patches ${r.badPatches}, hidden ${r.hidden}`;
}

function joinedLine(r: Result): string {
  const reasons = Object.entries(r.joined.reasons).map(([why, k]) => `${k}× ${why}`).join('; ');
  return `joined ${r.joined.joined}/${r.n} in ${r.burstSeconds.toFixed(1)} s (failed ${r.joined.failed}${reasons ? `: ${reasons}` : ''}, cut ${r.report.cut}); join → snapshot p50 ${fmt(p(r.joined.joinMs, 50))}, p99 ${fmt(p(r.joined.joinMs, 99))}`;
}

/** Our server, one table, N spectators: one process (SQLite), or the three of a cluster (`cluster` env). */
async function runOurs(workers: Workers, n: number, cluster: { env: Record<string, string>; redisUrl: string } | null): Promise<{ result: Result; recording: Recording }> {
  const servers = await Promise.all((cluster ? [0, 1, 2] : [0]).map(() => startOurs(cluster?.env ?? {})));
  const urls = servers.map((s) => s.url);
  const pids = servers.map((s) => s.child.pid as number);
  const players = new RazziaPlayers(urls[0] as string, PACE_MS);
  await players.open();
  // Someone on the home page, following the lobby (the table is public).
  const lobby = await connect(urls[0] as string);
  await send(lobby, { type: 'lobby', follow: true });
  await players.start();
  await sleep(WARMUP_SECONDS * 1000);
  const idle = { from: monotonicMs(), to: 0 };
  await sleep(IDLE_SECONDS * 1000);
  idle.to = monotonicMs();

  // Redis: what crosses it per update (a subscriber of the table's channel, and the server's own count of PUBLISH).
  let redis: { sub: Redis; admin: Redis; seen: Map<number, number>; publishes0: number } | null = null;
  if (cluster) {
    const sub = new Redis(cluster.redisUrl);
    const admin = new Redis(cluster.redisUrl);
    const seen = new Map<number, number>();
    await sub.subscribe(`razzia:t:${players.id}`);
    sub.on('message', (_channel: string, raw: string) => {
      const body = (JSON.parse(raw) as { body?: { type?: string; seq?: number } }).body;
      if (body?.type === 'update' && typeof body.seq === 'number') seen.set(body.seq, (seen.get(body.seq) ?? 0) + 1);
    });
    redis = { sub, admin, seen, publishes0: 0 };
  }

  // One more spectator, here, records what a spectator receives from the burst on (its snapshot, and every message
  // after it), for the bare floor to send again.
  const recorder = await connect(urls[0] as string);
  const recording: Recording = { snapshot: null as never, messages: [], watchFrom: 0 };
  const burst = { from: Infinity, to: 0 };
  recorder.on(MESSAGE_EVENT, (m: ServerMessage) => {
    if (m.type === 'snapshot') recording.snapshot = m;
    else recording.messages.push({ at: Math.max(0, monotonicMs() - burst.from), seq: m.type === 'update' ? m.seq : null, message: m });
  });
  await send(recorder, { type: 'watch', table: players.id });

  const rss0 = pids.reduce((s, pid) => s + rssBytes(pid), 0);
  burst.from = monotonicMs() + 300;
  const burstCpu0 = pids.reduce((s, pid) => s + cpuSeconds(pid), 0);
  const joined = await workers.join('ours', urls, players.id, n, BURST_SECONDS * 1000, burst.from);
  burst.to = monotonicMs();
  const burstCpu = pids.reduce((s, pid) => s + cpuSeconds(pid), 0) - burstCpu0;
  await sleep(1_000);

  const watch = { from: monotonicMs(), to: 0 };
  recording.watchFrom = watch.from - burst.from;
  const cpu0 = pids.reduce((s, pid) => s + cpuSeconds(pid), 0);
  if (redis) redis.publishes0 = await publishes(redis.admin);
  await sleep(WATCH_SECONDS * 1000);
  watch.to = monotonicMs();
  const cpu1 = pids.reduce((s, pid) => s + cpuSeconds(pid), 0);
  // Memory held while the audience watches (read at its end: the burst's passing garbage collected by then).
  const rss1 = pids.reduce((s, pid) => s + rssBytes(pid), 0);
  const publishes1 = redis ? await publishes(redis.admin) : 0;
  const report = await workers.report();
  players.close();
  lobby.disconnect();
  recorder.disconnect();
  await workers.reset();
  await sleep(300); // the last lines of the sent logs are written
  const sent = readSent(
    servers.map((s) => s.sentLog),
    players.id,
  );
  await Promise.all(servers.map((s) => stopServer(s.child, 60_000)));
  if (players.over) console.log('    (the game ended before the audience stopped watching: fewer updates than planned)');

  const expected = joined.joined - report.cut;
  const updates = [...sent.values()].filter((at) => inside(watch, at)).length;
  const moveSent = new Map([...players.sentBySeq].filter(([seq]) => sent.has(seq)));
  let redisFigures: Result['redis'];
  if (redis) {
    const inWindow = [...sent].filter(([, at]) => inside(watch, at)).map(([seq]) => seq);
    redisFigures = { tableChannel: inWindow.reduce((s, seq) => s + (redis.seen.get(seq) ?? 0), 0), allPublishes: publishes1 - redis.publishes0, updates: inWindow.length };
    redis.sub.disconnect();
    redis.admin.disconnect();
  }
  return {
    recording,
    result: {
      n,
      joined,
      report,
      send: toLast(sent, report, expected, watch),
      move: toLast(moveSent, report, expected, watch),
      players: { idle: playersP99(players.moves, idle), burst: playersP99(players.moves, burst), after: playersP99(players.moves, watch) },
      cpuMsPerUpdatePer1k: ((cpu1 - cpu0) * 1000) / updates / (expected / 1000),
      rssKbPerSpectator: (rss1 - rss0) / 1024 / joined.joined,
      cpuMsPerJoin: (burstCpu * 1000) / n,
      burstSeconds: (burst.to - burst.from) / 1000,
      ...(redisFigures ? { redis: redisFigures } : {}),
    },
  };
}

async function publishes(redis: Redis): Promise<number> {
  const stats = (await redis.info('commandstats')) as string;
  return Number(/cmdstat_publish:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

/** The bare socket.io floor: our recorded bytes, at our rate, to a room of N. */
async function runBare(workers: Workers, n: number, recording: Recording): Promise<Result> {
  const child = spawnWithFds(['--import', 'tsx', 'apps/server/bench/audience/bare.ts'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T extends BareReport['type']>(order: BareOrder | null, type: T) =>
    new Promise<Extract<BareReport, { type: T }>>((resolve) => {
      const on = (m: BareReport) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m as Extract<BareReport, { type: T }>);
      };
      child.on('message', on);
      if (order) child.send(order);
    });
  const { port } = await ask(null, 'listening');
  const url = `http://127.0.0.1:${port}`;
  child.send({ type: 'snapshot', message: recording.snapshot } satisfies BareOrder);
  const pid = child.pid as number;
  const rss0 = rssBytes(pid);
  // Our burst again: the same messages at the same moments from its start, while the room fills.
  const t0 = monotonicMs() + 300;
  const end = recording.watchFrom + FLOOR_SECONDS * 1000;
  child.send({ type: 'play', startAt: t0, messages: recording.messages.filter((m) => m.at < end) } satisfies BareOrder);
  const burstCpu0 = cpuSeconds(pid);
  const joined = await workers.join('bare', [url], 'bare', n, BURST_SECONDS * 1000, t0);
  const burstSeconds = (monotonicMs() - t0) / 1000;
  const burstCpu = cpuSeconds(pid) - burstCpu0;
  await sleep(1_000);
  // Watched from when all joined (and not before ours was), to the end of what is replayed.
  const watch = { from: Math.max(monotonicMs(), t0 + recording.watchFrom), to: t0 + end };
  await sleep(Math.max(0, watch.from - monotonicMs()));
  const cpu0 = cpuSeconds(pid);
  await sleep(Math.max(0, watch.to - monotonicMs()) + 500);
  const cpu1 = cpuSeconds(pid);
  const rss1 = rssBytes(pid);
  const report = await workers.report();
  const sent = new Map((await ask({ type: 'sent' }, 'sent')).sent);
  await workers.reset();
  await stopServer(child);
  const expected = joined.joined - report.cut;
  return {
    n,
    joined,
    report,
    send: toLast(sent, report, expected, watch),
    move: toLast(new Map(), report, expected, watch),
    players: null,
    cpuMsPerUpdatePer1k: ((cpu1 - cpu0) * 1000) / [...sent.values()].filter((at) => inside(watch, at)).length / (expected / 1000),
    rssKbPerSpectator: (rss1 - rss0) / 1024 / joined.joined,
    cpuMsPerJoin: (burstCpu * 1000) / n,
    burstSeconds,
  };
}

/** boardgame.io 0.50, its benchmark game, four players at the same pace and N spectators. */
async function runBgio(workers: Workers, n: number): Promise<Result> {
  const server = await startBoardgameio();
  track(server.child);
  const pid = server.child.pid as number;
  const players = new BgioPlayers(server.url, server.api, PACE_MS);
  await players.open();
  players.start();
  await sleep(2_000);
  const idle = { from: monotonicMs(), to: 0 };
  await sleep(Math.min(IDLE_SECONDS, FLOOR_SECONDS) * 1000);
  idle.to = monotonicMs();
  const rss0 = rssBytes(pid);
  const burst = { from: monotonicMs(), to: 0 };
  const burstCpu0 = cpuSeconds(pid);
  const joined = await workers.join('bgio', [server.url], players.matchID, n, BURST_SECONDS * 1000);
  burst.to = monotonicMs();
  const burstCpu = cpuSeconds(pid) - burstCpu0;
  await sleep(1_000);
  const watch = { from: monotonicMs(), to: 0 };
  const cpu0 = cpuSeconds(pid);
  await sleep(FLOOR_SECONDS * 1000);
  watch.to = monotonicMs();
  const cpu1 = cpuSeconds(pid);
  const rss1 = rssBytes(pid);
  const report = await workers.report();
  players.close();
  await workers.reset();
  await stopServer(server.child);
  const expected = joined.joined - report.cut;
  const updates = [...players.sentByMove.values()].filter((at) => inside(watch, at)).length;
  return {
    n,
    joined,
    report,
    send: toLast(new Map(), report, expected, watch),
    move: toLast(players.sentByMove, report, expected, watch),
    players: { idle: playersP99(players.moves, idle), burst: playersP99(players.moves, burst), after: playersP99(players.moves, watch) },
    cpuMsPerUpdatePer1k: ((cpu1 - cpu0) * 1000) / updates / (expected / 1000),
    rssKbPerSpectator: (rss1 - rss0) / 1024 / joined.joined,
    cpuMsPerJoin: (burstCpu * 1000) / n,
    burstSeconds: (burst.to - burst.from) / 1000,
  };
}

function playersLine(r: Result): string {
  const pl = r.players;
  if (!pl) return '';
  return `players' move → all 4 seats p99: idle ${fmt(pl.idle.p99)} (${pl.idle.n} moves), during the burst ${fmt(pl.burst.p99)} (${pl.burst.n}; ${(pl.burst.p99 / pl.idle.p99).toFixed(2)}× idle), after ${fmt(pl.after.p99)} (${pl.after.n})`;
}

function costLine(r: Result): string {
  return `server CPU per update per 1,000 spectators ${r.cpuMsPerUpdatePer1k.toFixed(2)} ms, per join ${r.cpuMsPerJoin.toFixed(2)} ms; RSS per spectator ${r.rssKbPerSpectator.toFixed(1)} KB; clients' CPU ${r.report.cpuSeconds.toFixed(0)} s in ${WORKERS} workers`;
}

async function main(): Promise<void> {
  console.log(
    `Razzia Online audience benchmark — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `our server built as production runs it (plain JavaScript, SQLite); one public Razzia! table, 4 scripted people deciding every ${PACE_MS} ms; spectators in ${WORKERS} worker processes join within ${BURST_SECONDS} s, then watch ${WATCH_SECONDS} s (floors ${FLOOR_SECONDS} s)`,
  );
  serverMain = await buildServer();
  // The spectators' processes, started once and reset between the parts.
  const workers = await Workers.start(WORKERS);
  const ours = new Map<number, Result>();
  let last: { n: number; ratio: number; p99: number; players: number } | null = null;
  for (const n of SIZES) {
    console.log(`${n} spectators:`);
    const { result: r, recording } = await runOurs(workers, n, null);
    ours.set(n, r);
    console.log(`  ours: ${joinedLine(r)}; stream errors: ${streamErrors(r.report)}`);
    console.log(`    send → last spectator p50 ${fmt(r.send.p50)}, p99 ${fmt(r.send.p99)} over ${r.send.updates} updates${r.send.incomplete ? ` (${r.send.incomplete} not received by all)` : ''}; move → last spectator p50 ${fmt(r.move.p50)}, p99 ${fmt(r.move.p99)}`);
    console.log(`    ${playersLine(r)}`);
    console.log(`    ${costLine(r)}`);
    if (!FLOORS) continue;
    const bare = await runBare(workers, n, recording);
    console.log(`  bare socket.io (the same bytes at the same rate to a room): ${joinedLine(bare)}; hidden ${bare.report.hidden} (a replay: no stream checks)`);
    console.log(`    send → last spectator p50 ${fmt(bare.send.p50)}, p99 ${fmt(bare.send.p99)} over ${bare.send.updates} updates; ${costLine(bare)}`);
    const ratio = r.send.p99 / bare.send.p99;
    let versus = '';
    if (BGIO) {
      const bgio = await runBgio(workers, n);
      console.log(`  boardgame.io 0.50 (its benchmark game): ${joinedLine(bgio)}; gaps ${bgio.report.gaps}`);
      console.log(`    move → last spectator p50 ${fmt(bgio.move.p50)}, p99 ${fmt(bgio.move.p99)} over ${bgio.move.updates} moves; ${playersLine(bgio)}`);
      console.log(`    ${costLine(bgio)}`);
      versus = `; move → last spectator ${(r.move.p99 / bgio.move.p99).toFixed(2)}× boardgame.io's p99`;
    }
    console.log(
      `  ratios: p99 to the last spectator ${ratio.toFixed(2)}× the bare broadcast; RSS per spectator ${(r.rssKbPerSpectator / bare.rssKbPerSpectator).toFixed(2)}×; CPU per update ${(r.cpuMsPerUpdatePer1k / bare.cpuMsPerUpdatePer1k).toFixed(2)}×, per join ${(r.cpuMsPerJoin / bare.cpuMsPerJoin).toFixed(2)}×${versus}`,
    );
    last = { n, ratio, p99: r.send.p99, players: r.players?.burst.p99 ?? NaN };
  }
  if (CLUSTER > 0) {
    const [postgres, redisServer] = await Promise.all([startPostgres(), startRedis()]);
    process.once('exit', () => void Promise.all([postgres.stop(), redisServer.stop()]).catch(() => undefined));
    const env = { DATABASE_URL: await postgres.database(), REDIS_URL: redisServer.url };
    console.log(`three processes, PostgreSQL + Redis, ${CLUSTER} spectators spread over all three:`);
    const { result: c } = await runOurs(workers, CLUSTER, { env, redisUrl: redisServer.url });
    await Promise.all([postgres.stop(), redisServer.stop()]);
    console.log(`  ${joinedLine(c)}; stream errors: ${streamErrors(c.report)}`);
    console.log(`    send → last spectator p50 ${fmt(c.send.p50)}, p99 ${fmt(c.send.p99)} over ${c.send.updates} updates; move → last spectator p50 ${fmt(c.move.p50)}, p99 ${fmt(c.move.p99)}`);
    console.log(`    ${playersLine(c)}`);
    console.log(`    ${costLine(c)} (three processes together)`);
    if (c.redis)
      console.log(
        `    Redis per update: ${(c.redis.tableChannel / c.redis.updates).toFixed(2)} publishes on the table's channel (each read once by every process that follows it), ${(c.redis.allPublishes / c.redis.updates).toFixed(2)} PUBLISH commands in all (presence, heartbeats and lobby included)`,
      );
    const one = ours.get(CLUSTER);
    if (one) console.log(`    p99 to the last spectator ${(c.send.p99 / one.send.p99).toFixed(2)}× one process's at ${CLUSTER}`);
  }
  await workers.close();
  if (last) console.log(`audience: ${last.n} spectators, p99 ${fmt(last.p99)} = ${last.ratio.toFixed(2)}× the bare broadcast, players p99 ${fmt(last.players)} during the burst`);
  process.exit(0);
}

await main();
