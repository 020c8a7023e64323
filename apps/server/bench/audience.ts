// `pnpm bench:audience`: one live Razzia! table with a big audience. Four scripted people play it at a steady pace
// (in this process); N spectators (N = 1,000, 5,000, 10,000 by default), spread over several worker processes so
// the clients are not what is measured, all join within a few seconds (a burst) and then watch. Measured: from the
// server's send of each update (stamped where it sends, under the bench-only BENCH_SENT_LOG) to its last
// spectator's receipt; the players' own move → all four seats updated, before, during and after the burst; the
// server's CPU per update per 1,000 spectators (/proc) and its memory per spectator; spectators that failed to
// join or were cut, and connections the kernel turned away at a full accept queue while they joined. In the same
// run, the floors: a bare socket.io server broadcasting the same bytes at the same rate to a room of N
// (audience/bare.ts), and boardgame.io 0.50 with N spectators on its benchmark game. Then
// three processes behind Redis (PostgreSQL store), the spectators spread over all three, counting what crosses
// Redis per update.

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { MESSAGE_EVENT, type ServerMessage } from '@razzia/protocol';
import type { Socket } from 'socket.io-client';
import { startPostgres, startRedis } from '../test/support/services.ts';
import type { BareOrder, BareReport, BareSent } from './audience/bare.ts';
import type { JoinSteps } from '../src/bench-probe.ts';
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
/** Before each part, how long to wait at most for the load average to fall under LOAD_COMPARABLE (the part before
 * leaves the one-minute average high for a minute or two after it ends): 0 waits not at all. */
const SETTLE_SECONDS = Number(args.get('settle-seconds') ?? 180);
/** The spectators' workers' niceness (0: the server's own priority). 10 by default: in production the audience is
 * not on the server's cores, and here, at the server's priority, the four workers took the cores from the server in
 * the middle of its work (a burst of 10,000 on 2 cores, 2026-11-29: 8,067-9,876 of 10,000 joined, event-loop lags
 * up to 115 ms, against 10,000 of 10,000 in 10.3-10.8 s and lags up to 68 ms at nice 10). The servers of every part
 * (ours, the bare floor, boardgame.io) are measured against the same niced clients. */
const CLIENTS_NICE = Number(args.get('clients-nice') ?? 10);
/** Joins made by a probe (`--probes=N`, default 1 per 50 spectators, at most 200), spread over the burst from a
 * worker process of its own (at the server's priority), each leaving as soon as it has its snapshot: what a spectator
 * on a device of its own sees, where the crowd's own joins share four processes with thousands of spectators
 * receiving every update. */
const PROBES = args.has('probes') ? Number(args.get('probes')) : null;
const probesFor = (n: number) => PROBES ?? Math.min(200, Math.max(10, Math.round(n / 50)));

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

// Stopped from outside (Ctrl-C, a timeout): the exit handler above still runs.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

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

/**
 * Connections the kernel turned away because a listening socket's accept queue was full (TcpExt ListenOverflows in
 * /proc/net/netstat, the whole machine's, since boot), or null where it cannot be read. Each one is tried again by
 * its client a second or more later: a join that waited there shows as a connecting time of a second and more.
 */
function listenOverflows(): number | null {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'))
      .map((line) => line.trim().split(/\s+/));
    const i = names?.indexOf('ListenOverflows') ?? -1;
    return i > 0 && values?.[i] !== undefined ? Number(values[i]) : null;
  } catch {
    return null;
  }
}

function rssBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? NaN) * 1024;
}

/** PROFILE_SERVER=<dir>: a CPU profile of every server process of the run (ours, the bare floor) in <dir>;
 * PROFILE_CLIENTS=<dir>: of the spectators' workers. */
const profiled = (what: 'SERVER' | 'CLIENTS' = 'SERVER'): string[] => {
  const dir = process.env[`PROFILE_${what}`];
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
};

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

/** SERVER_NODE_FLAGS="--single-threaded-gc …": Node's flags for our server's processes only (the clients and the
 * floors as they are), to try a setting of the runtime against the same run without it. */
const serverFlags = (): string[] => (process.env.SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

/** SERVER_STDOUT=<file>: what our server's processes print after their first line (their log, and Node's own traces:
 * SERVER_NODE_FLAGS="--trace-gc-nvp" gives each collection's parts), appended to <file>; else it is dropped. */
const serverStdout = (): NodeJS.WritableStream | null => (process.env.SERVER_STDOUT ? createWriteStream(process.env.SERVER_STDOUT, { flags: 'a' }) : null);

/** Our server as a child process (SQLite, or the cluster's env), with BENCH_SENT_LOG. */
async function startOurs(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; dir: string; sentLog: string }> {
  const dir = temporary('razzia-audience-');
  const sentLog = join(dir, 'sent.log');
  const log = openSync(join(dir, 'server.log'), 'a');
  const child = spawnWithFds([...profiled(), ...serverFlags(), serverMain], {
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
        const out = serverStdout();
        if (out) child.stdout?.pipe(out);
        else child.stdout?.resume();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} (log: ${join(dir, 'server.log')})`)));
  });
  return { child, url, dir, sentLog };
}

/** When an update or presence push started going out (the earliest process's) and was written to the last
 * spectator (the latest process's). */
interface Sent {
  sent: number;
  written: number;
  /** The bare floor: when its write began (after `sent`, when the previous broadcast still held its event loop). */
  began?: number;
  /** Ours, an update: when the last of its seats was written (the seats go first, the spectators after them). */
  seats?: number;
}

/** What the servers' probes noted (src/bench-probe.ts): each update (by seq) and presence push (by spectator count)
 * of `table`, and every process's GC pauses and event-loop lags. */
interface Sends {
  readonly updates: Map<number, Sent>;
  readonly presence: Map<number, Sent>;
  readonly gc: { at: number; ms: number; kind: number }[];
  readonly lag: { at: number; ms: number }[];
  /** Each join's steps on the server (src/bench-probe.ts). */
  readonly joins: JoinSteps[];
}

function readSent(files: readonly string[], table: string): Sends {
  const sends: Sends = { updates: new Map(), presence: new Map(), gc: [], lag: [], joins: [] };
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const fields = line.split(' ');
      const [what, a, b, c] = fields;
      if (what === 'gc') sends.gc.push({ kind: Number(a), at: Number(b), ms: Number(c) });
      else if (what === 'lag') sends.lag.push({ at: Number(a), ms: Number(b) });
      else if (what === 'j') sends.joins.push(fields.slice(1).map(Number) as JoinSteps);
      else if (a === table && (what === 'u' || what === 'uw' || what === 'sw' || what === 'p' || what === 'pw')) {
        const into = what === 'p' || what === 'pw' ? sends.presence : sends.updates;
        const key = Number(b);
        const at = Number(c);
        const s = into.get(key) ?? { sent: Infinity, written: -Infinity };
        if (what === 'sw') s.seats = Math.max(s.seats ?? -Infinity, at);
        else if (what.endsWith('w')) s.written = Math.max(s.written, at);
        else s.sent = Math.min(s.sent, at);
        into.set(key, s);
      }
    }
  return sends;
}

/** The moments `sends` held: from each send's start (the bare floor: its write's) to its last socket written. */
function writingWindows(sends: Sends): Window[] {
  return [...sends.updates.values(), ...sends.presence.values()]
    .filter((s) => Number.isFinite(s.written))
    .map((s) => ({ from: s.began ?? s.sent, to: s.written }));
}

/** The server's sends of the bare floor (audience/bare.ts): it writes each to the whole room in one go. */
function bareSends(sent: readonly BareSent[], joins: readonly JoinSteps[]): Sends {
  const sends: Sends = { updates: new Map(), presence: new Map(), gc: [], lag: [], joins: [...joins] };
  for (const [stream, key, due, began, written] of sent) (stream === 'u' ? sends.updates : sends.presence).set(key, { sent: due, began, written });
  return sends;
}

/** The spectators' worker processes. */
class Workers {
  private constructor(
    private readonly children: ChildProcess[],
    /** The probe's own worker (not among `children`: its spectators leave, and it reports nothing else). */
    private readonly prober: ChildProcess,
  ) {}

  static async start(n: number): Promise<Workers> {
    const all = await Promise.all(
      Array.from(
        { length: n + 1 },
        (_, i) =>
          new Promise<ChildProcess>((resolve, reject) => {
            const child = spawnWithFds([...profiled('CLIENTS'), '--import', 'tsx', 'apps/server/bench/audience/spectators.ts'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
            child.once('message', () => {
              // The probe's worker stays at the server's priority: it is idle but for a join every 50 ms, and a
              // spectator on a device of its own is not kept waiting for a core by the crowd's workers.
              if (CLIENTS_NICE && i < n) setPriority(child.pid as number, CLIENTS_NICE);
              resolve(child);
            });
            child.once('exit', (code) => reject(new Error(`a spectators' worker exited with ${code}`)));
          }),
      ),
    );
    return new Workers(all.slice(0, n), all[n] as ChildProcess);
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
    const overflows0 = listenOverflows();
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
      connectMs: replies.flatMap((r) => r.connectMs),
      joinAt: replies.flatMap((r) => r.joinAt),
      steps: replies.flatMap((r) => r.steps),
      dropped: overflows0 === null ? null : (listenOverflows() ?? overflows0) - overflows0,
    };
  }

  /** `count` joins from the probe's worker, spread over `spreadMs` from `startAt` like the crowd's, each leaving at once. */
  async probe(mode: Mode, urls: readonly string[], table: string, count: number, spreadMs: number, startAt: number) {
    const r = await this.ask(this.prober, { type: 'join', mode, urls, table, first: 0, step: 1, count, total: count, startAt, spreadMs, leave: true }, 'joined');
    return { joined: r.joined, failed: r.failed, joinMs: r.joinMs, joinAt: r.joinAt, steps: r.steps };
  }

  async report() {
    const replies = await Promise.all(this.children.map((c) => this.ask(c, { type: 'report' }, 'report')));
    /** By stream and key ('u12': the update of seq 12, 'p500': the push of 500 spectators). */
    const arrivals = new Map<string, { count: number; last: number; kind: string }>();
    const holding = new Map<number, number>();
    for (const r of replies) {
      for (const [stream, key, count, , last, kind] of r.arrivals) {
        const a = arrivals.get(`${stream}${key}`);
        if (!a) arrivals.set(`${stream}${key}`, { count, last, kind });
        else {
          a.count += count;
          a.last = Math.max(a.last, last);
        }
      }
      for (const [seq, n] of r.holding) holding.set(seq, (holding.get(seq) ?? 0) + n);
    }
    const sum = (k: 'cut' | 'gaps' | 'badPatches' | 'hidden' | 'messages' | 'cpuSeconds') => replies.reduce((s, r) => s + r[k], 0);
    return {
      arrivals,
      holding,
      cut: sum('cut'),
      gaps: sum('gaps'),
      badPatches: sum('badPatches'),
      hidden: sum('hidden'),
      messages: sum('messages'),
      cpuSeconds: sum('cpuSeconds'),
      loopP99Ms: Math.max(...replies.map((r) => r.loopP99Ms)),
      loopMaxMs: Math.max(...replies.map((r) => r.loopMaxMs)),
    };
  }

  /** Once the players stop: waits until every spectator still in holds log entry `seq` (at most `limitMs`), so an
   * update still on its way when the watch ended is not taken for one lost. */
  async settle(seq: number, expected: number, limitMs: number): Promise<void> {
    const until = monotonicMs() + limitMs;
    while (monotonicMs() < until) {
      const { holding } = await this.report();
      let holders = 0;
      for (const [held, n] of holding) if (held >= seq) holders += n;
      if (holders >= expected) return;
      await sleep(250);
    }
  }

  /** Every spectator disconnects: the workers are ready for the next part. */
  async reset(): Promise<void> {
    await Promise.all([...this.children, this.prober].map((c) => this.ask(c, { type: 'reset' }, 'ready')));
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.children, this.prober].map(
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

/** One update (or push) sent inside the window: when it went out, was written to the last socket, reached the last
 * spectator (NaN if not all received it). */
interface Timed {
  readonly key: number;
  readonly kind: string;
  readonly sent: number;
  readonly began: number;
  readonly written: number;
  readonly last: number;
  readonly received: number;
}

/** The updates (stream 'u') or presence pushes ('p') sent inside `w`, with their receipts. A push counts as received
 * by all when everyone who was in when it went out had it: pushes are timed to their last receiver. */
function timed(sends: Map<number, Sent>, stream: 'u' | 'p', report: Reported, w: Window): Timed[] {
  const out: Timed[] = [];
  for (const [key, s] of sends) {
    if (!inside(w, s.sent)) continue;
    const a = report.arrivals.get(`${stream}${key}`);
    out.push({ key, kind: a?.kind ?? (stream === 'p' ? 'presence' : 'unknown'), sent: s.sent, began: s.began ?? s.sent, written: s.written, last: a?.last ?? NaN, received: a?.count ?? 0 });
  }
  return out.sort((a, b) => a.sent - b.sent);
}

/** Sent → last spectator, over those every spectator still watching received (`expected`; pushes: any receipt). */
function toLast(all: readonly Timed[], expected: number, kind?: (k: string) => boolean) {
  const mine = all.filter((t) => !kind || kind(t.kind));
  const complete = mine.filter((t) => t.received >= expected);
  const latencies = complete.map((t) => t.last - t.sent);
  const writes = mine.filter((t) => Number.isFinite(t.written)).map((t) => t.written - t.sent);
  const fromBegan = complete.map((t) => t.last - t.began);
  return {
    p50: p(latencies, 50),
    p99: p(latencies, 99),
    max: Math.max(...latencies),
    /** Timed from when the write began instead (the bare floor's figure before 2026-11-28: a message that waited
     * behind the previous broadcast was timed from the end of its wait). */
    fromBeganP50: p(fromBegan, 50),
    fromBeganP99: p(fromBegan, 99),
    waited: Math.max(0, ...complete.map((t) => t.began - t.sent)),
    updates: latencies.length,
    incomplete: mine.filter((t) => t.received < expected),
    /** Sent → written to the last socket: the server's part. */
    writtenP50: p(writes, 50),
    writtenP99: p(writes, 99),
  };
}

/** The updates that had not reached every spectator as the watch ended. */
function onTheWay(final: readonly Timed[], atEnd: readonly Timed[], expected: number): Result['onTheWay'] {
  const then = new Map(atEnd.map((t) => [t.key, t.received]));
  return final.filter((t) => (then.get(t.key) ?? 0) < expected).map((update) => ({ update, hadThen: then.get(update.key) ?? 0 }));
}

/** Map keyed by the move's update seq → when the move was sent, for move → last spectator. */
function byMove(sentBySeq: Map<number, number>, all: readonly Timed[]): Timed[] {
  return all.filter((t) => sentBySeq.has(t.key)).map((t) => ({ ...t, sent: sentBySeq.get(t.key) as number, began: sentBySeq.get(t.key) as number }));
}

/** A players' move with the server's stamps of the update it made (ours): its send, and its last seat written. */
type Stamped = Move & { readonly sent?: number; readonly seats?: number };

/** A move's time in three: the act's way in and the server's work on it (to its send), the server writing the seats,
 * and the way out to the last seat's receipt. */
function legs(m: Stamped): [number, number, number] | null {
  if (m.sent === undefined || m.seats === undefined) return null;
  return [m.sent - m.at, m.seats - m.sent, m.at + m.ms - m.seats];
}

/** The players' moves in `w`: their p99, and (ours) each leg's p50. */
const playersP99 = (moves: readonly Stamped[], w: Window) => {
  const inW = moves.filter((m) => inside(w, m.at));
  const split = inW.map(legs).filter((l) => l !== null);
  return {
    p99: p(inW.map((m) => m.ms), 99),
    n: inW.length,
    legs: split.length === 0 ? null : ([0, 1, 2] as const).map((i) => p(split.map((l) => l[i]), 50)),
  };
};

interface Result {
  readonly n: number;
  /** The machine's load average (1 minute) as the part started. */
  readonly load: StartLoad;
  readonly joined: Joined;
  readonly report: Reported;
  /** The spectators every update should reach: those who joined and were not cut. */
  readonly expected: number;
  /** Updates sent while the audience watched, and presence pushes sent from the burst on. */
  readonly updates: readonly Timed[];
  /** Those not yet received by all as the watch ended (counted as lost before the spectators were given time). */
  readonly onTheWay: readonly { readonly update: Timed; readonly hadThen: number }[];
  readonly presence: readonly Timed[];
  /** The updates the players' moves made, timed from the move (the players' `act`). */
  readonly moves: readonly Timed[];
  /** The servers' pauses while the audience watched (ours only). */
  readonly gc: Sends['gc'];
  readonly lag: Sends['lag'];
  readonly watch: Window;
  /** While the audience joined (ours). */
  readonly burst?: Window;
  readonly players: Record<'idle' | 'burst' | 'after', ReturnType<typeof playersP99>> | null;
  /** Ours: every players' move, timed to all four seats, with the server's stamps of the update it made. */
  readonly playerMoves?: readonly Stamped[];
  readonly cpuMsPerUpdatePer1k: number;
  readonly rssKbPerSpectator: number;
  /** Server CPU while the audience joined, per spectator (the players' moves meanwhile included). */
  readonly cpuMsPerJoin: number;
  readonly burstSeconds: number;
  /** When the server was writing an update or presence push to its sockets (ours: from its send to the last socket
   * written, the earliest and latest process's; the bare floor: its broadcast's one go). */
  readonly writing: readonly Window[];
  /** Each join's steps on the server (none for boardgame.io). */
  readonly serverJoins: Sends['joins'];
  /** The probe's joins (none for boardgame.io). */
  readonly probe: Awaited<ReturnType<Workers['probe']>> | null;
  readonly redis?: { tableChannel: number; allPublishes: number; updates: number };
}

/** What one of our spectators received from the start of the burst (its snapshot, then every message with its
 * time from then): for the bare floor to send again. `watchFrom`: when the audience started watching. */
interface Recording {
  snapshot: ServerMessage;
  messages: { at: number; seq: number | null; message: ServerMessage }[];
  watchFrom: number;
}

const load1 = () => loadavg()[0] as number;
/** Above this load average at its start, a part's figures are not comparable with a quiet machine's. */
const LOAD_COMPARABLE = 2;

/** The load average at a part's start, after waiting up to SETTLE_SECONDS for it to fall under LOAD_COMPARABLE, and
 * how long that took. */
interface StartLoad {
  readonly load: number;
  readonly waitedS: number;
}

async function settledLoad(): Promise<StartLoad> {
  const from = performance.now();
  while (load1() > LOAD_COMPARABLE && performance.now() - from < SETTLE_SECONDS * 1000) await sleep(5_000);
  return { load: load1(), waitedS: (performance.now() - from) / 1000 };
}

function loadNote({ load, waitedS }: StartLoad): string {
  const waited = waitedS >= 1 ? ` after ${waitedS.toFixed(0)} s waiting for it to fall` : '';
  return `load ${load.toFixed(2)}${waited}${load > LOAD_COMPARABLE ? ` — above ${LOAD_COMPARABLE}: NOT COMPARABLE` : ''}`;
}

function streamErrors(r: Reported): string {
  return `gaps ${r.gaps}, bad patches ${r.badPatches}, hidden ${r.hidden}`;
}

function joinedLine(r: Result): string {
  const reasons = Object.entries(r.joined.reasons).map(([why, k]) => `${k}× ${why}`).join('; ');
  return `joined ${r.joined.joined}/${r.n} in ${r.burstSeconds.toFixed(1)} s (failed ${r.joined.failed}${reasons ? `: ${reasons}` : ''}, cut ${r.report.cut}); join → snapshot p50 ${fmt(p(r.joined.joinMs, 50))}, p99 ${fmt(p(r.joined.joinMs, 99))} (connecting p50 ${fmt(p(r.joined.connectMs, 50))}, p99 ${fmt(p(r.joined.connectMs, 99))})${r.joined.dropped === null ? '' : `; turned away at a full accept queue ${r.joined.dropped}`}`;
}

/** A join's steps, as its client and the server noted them (audience/spectators.ts ClientSteps, src/bench-probe.ts
 * JoinSteps): each from the step before. The client's: its TCP connection open, engine.io's open packet in, socket.io's
 * CONNECT in, its snapshot in; the server's: the connection taken from the kernel's queue, the handshake made, the
 * client's CONNECT in, its `watch` in, the snapshot written. Each is timed where it was noticed: a client notices its
 * connection open in a turn of its own event loop, after the kernel opened it, so the server may have taken it
 * already (a step below zero). */
const JOIN_STEPS = ['TCP open', 'taken', 'handshake', 'open in', 'CONNECT in', 'connect in', 'watch in', 'snapshot written', 'snapshot in'];

/** Join → snapshot for the joins that began while the server was writing an update or push to its sockets, apart from
 * those that began between its writes (a join waits for the server's turns, and a turn that writes is longer); then
 * both step by step, where the server noted its joins. */
function joinLines(r: Result): string[] {
  // A few dozen writes in a run: each join is looked up among them all (they may overlap, a presence push beside an update).
  const during = (at: number) => r.writing.some((w) => inside(w, at));
  const writing: number[] = [];
  const between: number[] = [];
  r.joined.joinAt.forEach((at, i) => (during(at) ? writing : between).push(r.joined.joinMs[i] as number));
  const share = r.joined.joinAt.length > 0 ? (100 * writing.length) / r.joined.joinAt.length : NaN;
  const lines = [
    `joins begun while the server wrote an update or push: ${writing.length} (${share.toFixed(0)} %), join → snapshot p50 ${fmt(p(writing, 50))}, p90 ${fmt(p(writing, 90))}; begun between its writes: ${between.length}, p50 ${fmt(p(between, 50))}, p90 ${fmt(p(between, 90))}`,
  ];
  const probe = r.probe;
  if (probe) {
    const split = { writing: [] as number[], between: [] as number[] };
    probe.joinAt.forEach((at, i) => (during(at) ? split.writing : split.between).push(probe.joinMs[i] as number));
    lines.push(
      `the probe (a client of its own, each spectator leaving once in): ${probe.joined} of ${probe.joined + probe.failed} in, join → snapshot p50 ${fmt(p(probe.joinMs, 50))}, p99 ${fmt(p(probe.joinMs, 99))}; begun while writing ${split.writing.length}, p50 ${fmt(p(split.writing, 50))}; between ${split.between.length}, p50 ${fmt(p(split.between, 50))}`,
    );
  }
  if (r.serverJoins.length === 0) return lines;
  // The client's notes and the server's of the same connection, found by its two ports.
  const server = new Map(r.serverJoins.map((j) => [`${j[6]}:${j[5]}`, j]));
  const steps = { writing: JOIN_STEPS.map((): number[] => []), between: JOIN_STEPS.map((): number[] => []) };
  let matched = 0;
  for (const c of r.joined.steps) {
    const s = server.get(`${c[6]}:${c[5]}`);
    if (!s) continue;
    matched++;
    const at = [c[0], c[1], s[0], s[1], c[2], s[2], c[3], s[3], s[4], c[4]] as number[];
    const into = during(c[0]) ? steps.writing : steps.between;
    into.forEach((d, i) => d.push((at[i + 1] as number) - (at[i] as number)));
  }
  const line = (parts: number[][]) => `${(parts[0] as number[]).length} joins: ${JOIN_STEPS.map((name, i) => `→ ${name} ${fmt(p(parts[i] as number[], 50))}`).join(' ')}`;
  lines.push(
    `a join step by step, p50 (the client's notes and the server's, ${matched} of ${r.joined.steps.length} joins matched): begun while writing, ${line(steps.writing)}`,
    `  begun between writes, ${line(steps.between)}`,
  );
  return lines;
}

const isGame = (kind: string) => kind === 'game';

/** The tail by kind: game updates apart from the others (table notices, chat) and from presence pushes, with the
 * server's part (sent → written to the last socket); then what did not reach everyone. */
function tailLines(r: Result): string[] {
  const game = toLast(r.updates, r.expected, isGame);
  const other = toLast(r.updates, r.expected, (k) => !isGame(k));
  const presence = toLast(r.presence, 1);
  const lines = [
    `game updates: send → last spectator p50 ${fmt(game.p50)}, p99 ${fmt(game.p99)}, max ${fmt(game.max)} over ${game.updates}; written to the last socket p50 ${fmt(game.writtenP50)}, p99 ${fmt(game.writtenP99)}`,
    `other updates (${[...new Set(r.updates.filter((t) => !isGame(t.kind)).map((t) => t.kind))].join(', ') || 'none'}): p50 ${fmt(other.p50)}, p99 ${fmt(other.p99)} over ${other.updates}; presence pushes (burst and watch, to their last receiver): p50 ${fmt(presence.p50)}, p99 ${fmt(presence.p99)} over ${presence.updates}`,
  ];
  if (r.onTheWay.length > 0)
    lines.push(
      `on their way as the watch ended: ${r.onTheWay
        .map(({ update: t, hadThen }) => `seq ${t.key} (sent ${fmt(r.watch.to - t.sent)} before, then at ${hadThen} of ${r.expected}${t.received >= r.expected ? `, at all ${fmt(t.last - t.sent)} after it was sent` : ''})`)
        .join('; ')}`,
    );
  const short = [...game.incomplete, ...other.incomplete];
  if (short.length > 0)
    lines.push(
      `not received by all ${r.expected}: ${short.map((t) => `seq ${t.key} (${t.kind}, sent ${((r.watch.to - t.sent) / 1000).toFixed(1)} s before the watch ended) by ${t.received}`).join('; ')}`,
    );
  const holding = [...r.report.holding].filter(([seq]) => seq < Math.max(...r.report.holding.keys()));
  if (holding.length > 0) lines.push(`after settling, spectators behind the newest entry: ${holding.map(([seq, k]) => `${k} hold ${seq}`).join(', ')}`);
  return lines;
}

/** Where the slowest game updates' time went: the server writing, GC pauses and event-loop lags meanwhile, the clients'
 * own event loops. */
function whyLines(r: Result, count = 3): string[] {
  const slow = r.updates
    .filter((t) => isGame(t.kind) && t.received >= r.expected)
    .sort((a, b) => b.last - b.sent - (a.last - a.sent))
    .slice(0, count);
  const during = (t: { sent: number; last: number }) => {
    const gc = r.gc.filter((g) => g.at < t.last && g.at + g.ms > t.sent - 50);
    const lag = r.lag.filter((l) => l.at > t.sent && l.at - l.ms < t.last);
    const gcMs = gc.reduce((s, g) => s + g.ms, 0);
    return `${gc.length} GC (${fmt(gcMs)}, longest ${fmt(Math.max(0, ...gc.map((g) => g.ms)))}), loop lags ${lag.length} (longest ${fmt(Math.max(0, ...lag.map((l) => l.ms)))})`;
  };
  const burst = r.burst;
  const moves = burst && r.playerMoves ? r.playerMoves.filter((m) => inside(burst, m.at)).sort((a, b) => b.ms - a.ms).slice(0, count) : [];
  const gcWatch = r.gc.filter((g) => inside(r.watch, g.at));
  const byKind = new Map<number, number[]>();
  for (const g of gcWatch) byKind.set(g.kind, [...(byKind.get(g.kind) ?? []), g.ms]);
  const kinds = [...byKind].map(([kind, ms]) => `${GC_KINDS[kind] ?? kind} ${ms.length}× (max ${fmt(Math.max(...ms))}, total ${fmt(ms.reduce((s, x) => s + x, 0))})`).join(', ');
  const lags = r.lag.filter((l) => inside(r.watch, l.at)).map((l) => l.ms);
  return [
    `server while watched: GC ${kinds || 'none'}; event-loop lags ≥ 10 ms: ${lags.length} (max ${fmt(Math.max(0, ...lags))}); clients' event loops p99 ${fmt(r.report.loopP99Ms)}, max ${fmt(r.report.loopMaxMs)}`,
    ...slow.map((t) => `slowest: seq ${t.key}: ${fmt(t.last - t.sent)} = written ${fmt(t.written - t.sent)} + to the last receipt ${fmt(t.last - t.written)}; meanwhile ${during(t)}`),
    ...moves.map((m) => {
      const l = legs(m);
      const parts = l ? ` = to the server's send ${fmt(l[0])} + writing the seats ${fmt(l[1])} + to the last seat's receipt ${fmt(l[2])}` : '';
      return `slowest players' move in the burst: ${fmt(m.ms)}${parts}; meanwhile ${during({ sent: m.at, last: m.at + m.ms })}`;
    }),
  ];
}

const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };

/** Our server, one table, N spectators: one process (SQLite), or the three of a cluster (`cluster` env). */
async function runOurs(workers: Workers, n: number, cluster: { env: Record<string, string>; redisUrl: string } | null): Promise<{ result: Result; recording: Recording }> {
  const load = await settledLoad();
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
  const [joined, probe] = await Promise.all([
    workers.join('ours', urls, players.id, n, BURST_SECONDS * 1000, burst.from),
    workers.probe('ours', urls, players.id, probesFor(n), BURST_SECONDS * 1000, burst.from),
  ]);
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
  // What the spectators hold as the watch ends; then the players stop, and what was sent before reaches everyone
  // before they report (an update still on its way when the watch ended is late, not lost).
  const atEnd = await workers.report();
  players.stop();
  await sleep(500);
  const newest = Math.max(...readSent(servers.map((s) => s.sentLog), players.id).updates.keys());
  await workers.settle(newest, joined.joined - atEnd.cut, SETTLE_MS);
  const report = await workers.report();
  players.close();
  lobby.disconnect();
  recorder.disconnect();
  await workers.reset();
  await sleep(300); // the last lines of the sent logs are written
  const sends = readSent(
    servers.map((s) => s.sentLog),
    players.id,
  );
  await Promise.all(servers.map((s) => stopServer(s.child, 60_000)));
  if (players.over) console.log('    (the game ended before the audience stopped watching: fewer updates than planned)');

  const expected = joined.joined - report.cut;
  const updates = timed(sends.updates, 'u', report, watch);
  const playerMoves = players.moves.map((m) => {
    const s = m.seq === undefined ? undefined : sends.updates.get(m.seq);
    return { ...m, sent: s?.sent, seats: s?.seats };
  });
  let redisFigures: Result['redis'];
  if (redis) {
    const inWindow = updates.map((t) => t.key);
    redisFigures = { tableChannel: inWindow.reduce((s, seq) => s + (redis.seen.get(seq) ?? 0), 0), allPublishes: publishes1 - redis.publishes0, updates: inWindow.length };
    redis.sub.disconnect();
    redis.admin.disconnect();
  }
  return {
    recording,
    result: {
      n,
      load,
      joined,
      report,
      expected,
      updates,
      onTheWay: onTheWay(updates, timed(sends.updates, 'u', atEnd, watch), expected),
      presence: timed(sends.presence, 'p', report, { from: burst.from, to: watch.to }),
      moves: byMove(players.sentBySeq, updates),
      gc: sends.gc,
      lag: sends.lag,
      watch,
      burst,
      players: { idle: playersP99(playerMoves, idle), burst: playersP99(playerMoves, burst), after: playersP99(playerMoves, watch) },
      playerMoves,
      cpuMsPerUpdatePer1k: ((cpu1 - cpu0) * 1000) / updates.length / (expected / 1000),
      rssKbPerSpectator: (rss1 - rss0) / 1024 / joined.joined,
      cpuMsPerJoin: (burstCpu * 1000) / n,
      burstSeconds: (burst.to - burst.from) / 1000,
      writing: writingWindows(sends),
      serverJoins: sends.joins,
      probe,
      ...(redisFigures ? { redis: redisFigures } : {}),
    },
  };
}

/** The longest the spectators are given, once the players stop, to receive what was sent before. */
const SETTLE_MS = 30_000;

async function publishes(redis: Redis): Promise<number> {
  const stats = (await redis.info('commandstats')) as string;
  return Number(/cmdstat_publish:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

/** The bare socket.io floor: our recorded bytes, at our rate, to a room of N. */
async function runBare(workers: Workers, n: number, recording: Recording): Promise<Result> {
  const load = await settledLoad();
  const child = spawnWithFds([...profiled(), '--import', 'tsx', 'apps/server/bench/audience/bare.ts'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
  const [joined, probe] = await Promise.all([
    workers.join('bare', [url], 'bare', n, BURST_SECONDS * 1000, t0),
    workers.probe('bare', [url], 'bare', probesFor(n), BURST_SECONDS * 1000, t0),
  ]);
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
  const reply = await ask({ type: 'sent' }, 'sent');
  const sends = bareSends(reply.sent, reply.joins);
  const atEnd = await workers.report();
  await workers.settle(Math.max(...sends.updates.keys()), joined.joined - atEnd.cut, SETTLE_MS);
  const report = await workers.report();
  await workers.reset();
  await stopServer(child);
  const expected = joined.joined - report.cut;
  const updates = timed(sends.updates, 'u', report, watch);
  return {
    n,
    load,
    joined,
    report,
    expected,
    updates,
    onTheWay: onTheWay(updates, timed(sends.updates, 'u', atEnd, watch), expected),
    presence: timed(sends.presence, 'p', report, { from: t0, to: watch.to }),
    moves: [],
    gc: [],
    lag: [],
    watch,
    burst: { from: t0, to: t0 + burstSeconds * 1000 },
    players: null,
    cpuMsPerUpdatePer1k: ((cpu1 - cpu0) * 1000) / updates.length / (expected / 1000),
    rssKbPerSpectator: (rss1 - rss0) / 1024 / joined.joined,
    cpuMsPerJoin: (burstCpu * 1000) / n,
    burstSeconds,
    writing: writingWindows(sends),
    serverJoins: sends.joins,
    probe,
  };
}

/** boardgame.io 0.50, its benchmark game, four players at the same pace and N spectators. */
async function runBgio(workers: Workers, n: number): Promise<Result> {
  const load = await settledLoad();
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
  // Its moves are timed from the player's move (no stamp where it sends): the last ones need a moment to arrive.
  await sleep(2_000);
  const report = await workers.report();
  players.close();
  await workers.reset();
  await stopServer(server.child);
  const expected = joined.joined - report.cut;
  const moves = timed(new Map([...players.sentByMove].map(([k, at]) => [k, { sent: at, written: NaN }])), 'u', report, watch);
  return {
    n,
    load,
    joined,
    report,
    expected,
    updates: [],
    onTheWay: [],
    presence: [],
    moves,
    gc: [],
    lag: [],
    watch,
    players: { idle: playersP99(players.moves, idle), burst: playersP99(players.moves, burst), after: playersP99(players.moves, watch) },
    cpuMsPerUpdatePer1k: ((cpu1 - cpu0) * 1000) / moves.length / (expected / 1000),
    rssKbPerSpectator: (rss1 - rss0) / 1024 / joined.joined,
    cpuMsPerJoin: (burstCpu * 1000) / n,
    burstSeconds: (burst.to - burst.from) / 1000,
    writing: [],
    serverJoins: [],
    probe: null,
  };
}

function playersLine(r: Result): string {
  const pl = r.players;
  if (!pl) return '';
  const split = (s: ReturnType<typeof playersP99>) => s.legs?.map(fmt).join(' + ') ?? 'n/a';
  return `players' move → all 4 seats p99: idle ${fmt(pl.idle.p99)} (${pl.idle.n} moves), during the burst ${fmt(pl.burst.p99)} (${pl.burst.n}; ${(pl.burst.p99 / pl.idle.p99).toFixed(2)}× idle), after ${fmt(pl.after.p99)} (${pl.after.n})${pl.idle.legs || pl.burst.legs || pl.after.legs ? `; p50 to the server's send + writing the seats + to the last seat's receipt: idle ${split(pl.idle)}, burst ${split(pl.burst)}, after ${split(pl.after)}` : ''}`;
}

function costLine(r: Result): string {
  return `server CPU per update per 1,000 spectators ${r.cpuMsPerUpdatePer1k.toFixed(2)} ms, per join ${r.cpuMsPerJoin.toFixed(2)} ms; RSS per spectator ${r.rssKbPerSpectator.toFixed(1)} KB; clients' CPU ${r.report.cpuSeconds.toFixed(1)} s in ${WORKERS} workers (${((r.report.cpuSeconds * 1e6) / Math.max(1, r.report.messages)).toFixed(1)} µs per message received, joins included)`;
}

/** A CPU profile's timestamps are the same monotonic clock, in µs: where to look in it. */
function profileWindows(r: Result): string {
  const ms = (w: Window) => `${w.from.toFixed(0)}–${w.to.toFixed(0)}`;
  return `profile windows (monotonic ms; the .cpuprofile's timestamps are µs of the same clock): ${r.burst ? `burst ${ms(r.burst)}, ` : ''}watch ${ms(r.watch)}`;
}

function sendLine(r: Result): string {
  const all = toLast(r.updates, r.expected);
  const move = toLast(r.moves, r.expected);
  const short = all.incomplete.length;
  return `send → last spectator p50 ${fmt(all.p50)}, p99 ${fmt(all.p99)} over ${all.updates} updates${short ? ` (${short} not received by all)` : ''}; move → last spectator p50 ${fmt(move.p50)}, p99 ${fmt(move.p99)}`;
}

async function main(): Promise<void> {
  console.log(
    `Razzia Online audience benchmark — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `our server built as production runs it (plain JavaScript, SQLite); one public Razzia! table, 4 scripted people deciding every ${PACE_MS} ms; spectators in ${WORKERS} worker processes${CLIENTS_NICE ? ` (nice ${CLIENTS_NICE})` : ''} join within ${BURST_SECONDS} s, then watch ${WATCH_SECONDS} s (floors ${FLOOR_SECONDS} s); each part waits up to ${SETTLE_SECONDS} s for the load average to fall under ${LOAD_COMPARABLE}, and one that starts above it is marked not comparable`,
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
    console.log(`  ours (${loadNote(r.load)}): ${joinedLine(r)}; stream errors: ${streamErrors(r.report)}`);
    for (const line of joinLines(r)) console.log(`    ${line}`);
    console.log(`    ${sendLine(r)}`);
    for (const line of [...tailLines(r), ...whyLines(r)]) console.log(`    ${line}`);
    console.log(`    ${playersLine(r)}`);
    console.log(`    ${costLine(r)}`);
    if (process.env.PROFILE_SERVER) console.log(`    ${profileWindows(r)}`);
    if (!FLOORS) continue;
    const bare = await runBare(workers, n, recording);
    console.log(`  bare socket.io (the same bytes at the same rate to a room; ${loadNote(bare.load)}): ${joinedLine(bare)}; hidden ${bare.report.hidden} (a replay: no stream checks)`);
    for (const line of joinLines(bare)) console.log(`    ${line}`);
    console.log(`    ${sendLine(bare)}; ${costLine(bare)}`);
    if (process.env.PROFILE_SERVER) console.log(`    ${profileWindows(bare)}`);
    for (const line of tailLines(bare)) console.log(`    ${line}`);
    const waited = toLast(bare.updates, bare.expected, isGame);
    console.log(
      `    its game updates timed from when its write began (as this floor timed them before 2026-11-28, leaving out a wait behind the previous broadcast): p50 ${fmt(waited.fromBeganP50)}, p99 ${fmt(waited.fromBeganP99)}; the longest such wait ${fmt(waited.waited)}`,
    );
    const ratio = toLast(r.updates, r.expected).p99 / toLast(bare.updates, bare.expected).p99;
    const gameRatio = toLast(r.updates, r.expected, isGame).p99 / toLast(bare.updates, bare.expected, isGame).p99;
    let versus = '';
    if (BGIO) {
      const bgio = await runBgio(workers, n);
      const move = toLast(bgio.moves, bgio.expected);
      console.log(`  boardgame.io 0.50 (its benchmark game; ${loadNote(bgio.load)}): ${joinedLine(bgio)}; gaps ${bgio.report.gaps}`);
      console.log(`    move → last spectator p50 ${fmt(move.p50)}, p99 ${fmt(move.p99)} over ${move.updates} moves; ${playersLine(bgio)}`);
      console.log(`    ${costLine(bgio)}`);
      versus = `; move → last spectator ${(toLast(r.moves, r.expected).p99 / move.p99).toFixed(2)}× boardgame.io's p99`;
    }
    console.log(
      `  ratios: p99 to the last spectator ${ratio.toFixed(2)}× the bare broadcast (game updates ${gameRatio.toFixed(2)}×); join → snapshot p50 ${(p(r.joined.joinMs, 50) / p(bare.joined.joinMs, 50)).toFixed(2)}×, p99 ${(p(r.joined.joinMs, 99) / p(bare.joined.joinMs, 99)).toFixed(2)}×${r.probe && bare.probe ? ` (the probe's, the measure of issue 31's join aim: p50 ${(p(r.probe.joinMs, 50) / p(bare.probe.joinMs, 50)).toFixed(2)}×, p99 ${(p(r.probe.joinMs, 99) / p(bare.probe.joinMs, 99)).toFixed(2)}×)` : ''}; RSS per spectator ${(r.rssKbPerSpectator / bare.rssKbPerSpectator).toFixed(2)}×; CPU per update ${(r.cpuMsPerUpdatePer1k / bare.cpuMsPerUpdatePer1k).toFixed(2)}×, per join ${(r.cpuMsPerJoin / bare.cpuMsPerJoin).toFixed(2)}×${versus}`,
    );
    last = { n, ratio, p99: toLast(r.updates, r.expected).p99, players: r.players?.burst.p99 ?? NaN };
  }
  if (CLUSTER > 0) {
    const [postgres, redisServer] = await Promise.all([startPostgres(), startRedis()]);
    process.once('exit', () => void Promise.all([postgres.stop(), redisServer.stop()]).catch(() => undefined));
    const env = { DATABASE_URL: await postgres.database(), REDIS_URL: redisServer.url };
    console.log(`three processes, PostgreSQL + Redis, ${CLUSTER} spectators spread over all three:`);
    const { result: c } = await runOurs(workers, CLUSTER, { env, redisUrl: redisServer.url });
    await Promise.all([postgres.stop(), redisServer.stop()]);
    console.log(`  (${loadNote(c.load)}) ${joinedLine(c)}; stream errors: ${streamErrors(c.report)}`);
    for (const line of joinLines(c)) console.log(`    ${line}`);
    console.log(`    ${sendLine(c)}`);
    for (const line of [...tailLines(c), ...whyLines(c)]) console.log(`    ${line}`);
    console.log(`    ${playersLine(c)}`);
    console.log(`    ${costLine(c)} (three processes together)`);
    if (process.env.PROFILE_SERVER) console.log(`    ${profileWindows(c)}`);
    if (c.redis)
      console.log(
        `    Redis per update: ${(c.redis.tableChannel / c.redis.updates).toFixed(2)} publishes on the table's channel (each read once by every process that follows it), ${(c.redis.allPublishes / c.redis.updates).toFixed(2)} PUBLISH commands in all (presence, heartbeats and lobby included)`,
      );
    const one = ours.get(CLUSTER);
    if (one) console.log(`    p99 to the last spectator ${(toLast(c.updates, c.expected).p99 / toLast(one.updates, one.expected).p99).toFixed(2)}× one process's at ${CLUSTER}`);
  }
  await workers.close();
  if (last) console.log(`audience: ${last.n} spectators, p99 ${fmt(last.p99)} = ${last.ratio.toFixed(2)}× the bare broadcast, players p99 ${fmt(last.players)} during the burst`);
  process.exit(0);
}

await main();
