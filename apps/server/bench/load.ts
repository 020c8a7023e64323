// The benchmarks' load: real server processes, and 4-player tables driven by socket.io-client players over
// loopback (four seats and a spectator each, every socket rebuilding its game from snapshots and patches).
// Latency is from an action sent to the moment every seat and the spectator has received its update.

import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MESSAGE_EVENT, PING_EVENT, applyPatch, type GamePayload, type ServerMessage, type TableId, type Token } from '@razzia/protocol';
import { atExit, tempFolder } from '../test/support/cleanup.ts';
import { io, type Socket } from 'socket.io-client';
import { TEST_OPERATOR_TOKEN, operatorHeaders } from '../test/support/operator.ts';

const repo = new URL('../../../', import.meta.url).pathname;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** CPU seconds (user + system) a process has used: this one, or a child by its pid (Linux: /proc, 100 ticks/s). */
export function cpuSeconds(pid?: number): number {
  if (pid === undefined) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The server the benchmarks run: from its TypeScript source (tsx), or the build RAZZIA_SERVER_MAIN names (a
 * main.js of apps/server/scripts/build.mjs; the test suite's smoke runs pass its own build so). */
const SERVER = process.env.RAZZIA_SERVER_MAIN ? [process.env.RAZZIA_SERVER_MAIN] : ['--import', 'tsx', 'apps/server/src/main.ts'];

export async function startServer(env: Record<string, string>, nodeArgs: readonly string[] = []): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const dataDir = tempFolder('razzia-bench-');
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const profile = process.env.PROFILE_SERVER ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_SERVER}`] : [];
  const child = spawn(process.execPath, [...profile, ...nodeArgs, ...SERVER], {
    cwd: repo,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, BOT_DELAY_MS: '0', WEB_BUILD_DIR: '/nonexistent', CREATE_LIMIT: '100000/100000', CONNECTION_LIMIT: '100000', OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, ...env },
    stdio: ['ignore', 'pipe', log],
  });
  // However the benchmark ends, its servers do not outlive it (test/support/cleanup.ts).
  child.once('exit', atExit(() => child.kill('SIGKILL')));
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
  return { child, url, dataDir };
}

/** Stops a server child: SIGTERM, then SIGKILL if it has not exited within `ms`. Waits, so no benchmark leaves a
 * server behind. */
export async function stopServer(child: ChildProcess, ms = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

export function connect(url: string, token?: Token): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export async function send(socket: Socket, message: object): Promise<{ ok: boolean; error?: { code: string }; [k: string]: unknown }> {
  return socket.timeout(60_000).emitWithAck(MESSAGE_EVENT, message);
}

export async function health(url: string): Promise<{ rssBytes: number; heapUsedBytes: number }> {
  return (await fetch(`${url}/healthz`, { headers: operatorHeaders })).json() as Promise<{ rssBytes: number; heapUsedBytes: number }>;
}

/** One 4-player table: four seated sockets and a spectator, all counted for latency. */
export class Table {
  sockets: Socket[] = [];
  spectator!: Socket;
  id!: TableId;
  private pending = new Map<number, { sent: number; seen: number }>();
  latencies: number[] = [];
  moves = 0;
  /** Bytes of every update (with a game change) this table's five sockets received, as sent, and how many. */
  updateBytes = 0;
  updates = 0;
  over = false;
  stopped = false;
  private games: (GamePayload | null)[] = [null, null, null, null, null];
  onMove: (() => void) | null = null;

  /** `urls`: the processes this table's sockets connect to, in turn (one process, or a cluster's). */
  private readonly urls: readonly string[];

  constructor(
    url: string | readonly string[],
    private readonly thinkMs: number,
  ) {
    this.urls = typeof url === 'string' ? [url] : url;
  }

  private get url(): string {
    return this.urls[0] as string;
  }

  async open(): Promise<void> {
    const res = await fetch(`${this.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', players: 4, visibility: 'private', clock: null }),
    });
    const body = (await res.json()) as { table: { id: TableId }; token: Token };
    this.id = body.table.id;
    const at = (i: number) => this.urls[i % this.urls.length] as string;
    const host = await connect(at(0), body.token);
    this.sockets.push(host);
    for (let i = 1; i < 4; i++) this.sockets.push(await connect(at(i)));
    this.spectator = await connect(at(4));
    for (const [seat, s] of this.sockets.entries()) {
      await send(s, { type: 'sit', table: this.id, name: `P${seat}`, seat });
      this.listen(s, seat);
    }
    this.listen(this.spectator, 4);
    await send(this.spectator, { type: 'watch', table: this.id });
  }

  /** A client as the protocol asks: the game from snapshots, then patched by updates. */
  private listen(socket: Socket, index: number): void {
    // The size of each message as it came over the wire (the websocket message: engine.io's and socket.io's
    // framing included), taken from the frame rather than by encoding the message again.
    let frameBytes = 0;
    socket.io.engine.on('data', (data: unknown) => {
      frameBytes = 1 + (typeof data === 'string' ? Buffer.byteLength(data) : (data as ArrayBuffer).byteLength);
    });
    socket.on(MESSAGE_EVENT, (m: ServerMessage) => {
      if (m.type === 'snapshot') this.games[index] = m.snapshot.game;
      if (m.type !== 'update' || !m.game) return;
      this.updateBytes += frameBytes;
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

export async function rawRoundTrip(url: string): Promise<{ p50: number; p99: number; perSecond: number }> {
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

export async function concurrent(
  url: string | readonly string[],
  count: number,
  tables: Table[],
  thinkMs: number,
  seconds: number,
  /** The least number of moves the window holds: it goes on past `seconds` until then (a scaled-down run on a loaded
   * machine once measured a window with none, and had no latency to report). */
  minMoves = 0,
): Promise<{ p50: number; p99: number; rawP50: number; rawP99: number; movesPerSecond: number; rssMb: number; perTableKb: number; heapPerTableKb: number }> {
  const urls = typeof url === 'string' ? [url] : url;
  while (tables.length < count) {
    const batch = [];
    // Each table is opened on the processes in turn, its sockets spread over all of them from there.
    for (let i = 0; i < 25 && tables.length + batch.length < count; i++) {
      const first = (tables.length + i) % urls.length;
      batch.push(new Table([...urls.slice(first), ...urls.slice(0, first)], thinkMs));
    }
    await Promise.all(batch.map((t) => t.open()));
    tables.push(...batch);
    await Promise.all(batch.map((t) => t.start()));
  }
  for (const t of tables) t.latencies.length = 0;
  const moves0 = tables.reduce((s, t) => s + t.moves, 0);
  const t0 = performance.now();
  // The raw round trip under the same load, for comparison: one probe socket pinging back to back.
  const probe = await connect(urls[0] as string);
  const rtts: number[] = [];
  const until = t0 + seconds * 1000;
  const measured = () => tables.reduce((s, t) => s + t.latencies.length, 0);
  while (performance.now() < until || measured() < minMoves) {
    const t = performance.now();
    // (A limit against a hang only: a loaded machine answers late, and that is a figure, not a failure.)
    await probe.timeout(60_000).emitWithAck(PING_EVENT);
    rtts.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 25)); // 40 a second: inside the default rate limit
  }
  probe.disconnect();
  rtts.sort((a, b) => a - b);
  const elapsed = (performance.now() - t0) / 1000;
  const latencies = tables.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const moves = tables.reduce((s, t) => s + t.moves, 0) - moves0;
  const after = (await Promise.all(urls.map(health))).reduce((s, h) => ({ rssBytes: s.rssBytes + h.rssBytes, heapUsedBytes: s.heapUsedBytes + h.heapUsedBytes }));
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rawP50: percentile(rtts, 50),
    rawP99: percentile(rtts, 99),
    movesPerSecond: moves / elapsed,
    rssMb: after.rssBytes / 2 ** 20,
    perTableKb: (after.rssBytes - baseline.rssBytes) / 1024 / tables.length,
    heapPerTableKb: (after.heapUsedBytes - baseline.heapUsedBytes) / 1024 / tables.length,
  };
}

/** The servers' memory before the tables (concurrent() reports what the tables added). */
export let baseline = { rssBytes: 0, heapUsedBytes: 0 };

export async function setBaseline(urls: readonly string[]): Promise<void> {
  baseline = (await Promise.all(urls.map(health))).reduce((s, h) => ({ rssBytes: s.rssBytes + h.rssBytes, heapUsedBytes: s.heapUsedBytes + h.heapUsedBytes }));
}
