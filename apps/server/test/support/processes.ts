// Real server processes of a cluster (tests and `pnpm bench:cluster`): starting, killing, pausing and draining
// them; the processes' health as a load balancer checks it, and a TCP proxy per client that prefers one process
// and falls back to the others — those that answer their health check first (what HAProxy does, or nginx with
// health checks, for a client whose server went away or hangs); the audit of a game against the store: every
// acknowledged decision exactly once.

import { spawn, type ChildProcess } from 'node:child_process';
import { connect as tcpConnect, createServer, type Server, type Socket as TcpSocket } from 'node:net';
import { createInterface } from 'node:readline';
import type { TableId } from '@razzia/protocol';
import { PostgresStore } from '../../src/store/postgres.ts';
import { enrol, lastLines } from './diagnostics.ts';
import type { StoredMove } from '../../src/tables/table.ts';
import { atExit } from './cleanup.ts';
import { TEST_OPERATOR_TOKEN, operatorHeaders } from './operator.ts';

const repo = new URL('../../../../', import.meta.url).pathname;

/** How long a process may take to answer `/healthz` or `/metrics` for a test: against a hang (a stopped process never
 * answers; a loaded machine's answer came later than 2 s). Not the load balancer's own check (`Upstreams`). */
const ANSWER_MS = 30_000;

/** One server process of the cluster. */
export class NodeProcess {
  readonly lines: string[] = [];
  /** Every line logged as a warning or worse (pino level 40 and up), kept whole. */
  readonly warnings: string[] = [];
  /** Those waiting for a line (`line`). */
  private readonly awaited: { readonly pattern: RegExp; readonly found: (line: string) => void }[] = [];
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly port: number,
  ) {}

  /** `main`: a built server (apps/server/scripts/build.mjs) to run instead of the TypeScript source (by default
   * RAZZIA_SERVER_MAIN's, if set: the test suite's smoke runs of the benchmarks pass its build so). */
  static start(env: Record<string, string>, main: string | undefined = process.env.RAZZIA_SERVER_MAIN): Promise<NodeProcess> {
    const child = spawn(process.execPath, main ? [main] : ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repo,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BOT_DELAY_MS: '0', LOG_LEVEL: 'info', WEB_BUILD_DIR: '/nonexistent', OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    // Not left running when whoever started it ends first (a benchmark stopped by a signal, a failed check).
    const undo = atExit(() => child.kill('SIGKILL'));
    child.once('exit', undo);
    return new Promise((resolve, reject) => {
      const input = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      let node: NodeProcess | null = null;
      const warnings: string[] = [];
      input.on('line', (line) => {
        lines.push(line);
        if (lines.length > 2000) lines.splice(0, 1000);
        if (node) node.heard(line);
        if (/"level":([4-9]\d)/.test(line) && warnings.length < 10_000) warnings.push(line);
        const url = /Razzia Online is running at (http:\/\/\S+)/.exec(line)?.[1];
        if (url && !node) {
          node = new NodeProcess(child, url, Number(new URL(url).port));
          (node as { lines: string[] }).lines = lines;
          (node as { warnings: string[] }).warnings = warnings;
          enrol(node);
          resolve(node);
        }
      });
      child.once('exit', (code) => {
        if (!node) reject(new Error(`server exited with ${code} before listening: ${lines.slice(-5).join('\n')}`));
      });
    });
  }

  /** The first line it printed that matches `pattern`, now or when it comes. Its log is buffered (app.ts: written in
   * pieces of 4 KB or every 100 ms), so a log line may come after a later plain line such as "running at". */
  line(pattern: RegExp): Promise<string> {
    const seen = this.lines.find((l) => pattern.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((found) => this.awaited.push({ pattern, found }));
  }

  private heard(line: string): void {
    for (let i = this.awaited.length - 1; i >= 0; i--) {
      const waiting = this.awaited[i] as (typeof this.awaited)[number];
      if (!waiting.pattern.test(line)) continue;
      this.awaited.splice(i, 1);
      waiting.found(line);
    }
  }

  /** For the output of a failed test (diagnostics.ts): whether it runs, and its last log lines. */
  describe(): string[] {
    const state = this.running ? (this.paused ? 'stopped (SIGSTOP)' : 'running') : `exited (${this.child.exitCode ?? this.child.signalCode})`;
    // What it said besides one line per action (takeovers, stalls, drains, warnings), then its very last lines.
    const events = this.lines.filter((l) => !l.includes('"msg":"action"'));
    return [
      `server process ${this.url}, pid ${this.child.pid}: ${state}; the last of what it logged besides its actions:`,
      ...lastLines(events, 20),
      `  and its last lines (${this.lines.length} kept):`,
      ...lastLines(this.lines, 5),
    ];
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private exited(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.running) return resolve();
      this.child.once('exit', () => resolve());
    });
  }

  kill9(): Promise<void> {
    const done = this.exited();
    this.child.kill('SIGKILL');
    return done;
  }

  /** SIGTERM: the process drains (hands its tables over) and exits. */
  stop(): Promise<void> {
    const done = this.exited();
    if (this.running) this.child.kill('SIGTERM');
    return done;
  }

  /** Stopped by SIGSTOP: it answers nothing until resumed. */
  paused = false;

  pause(): void {
    this.paused = true;
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.paused = false;
    this.child.kill('SIGCONT');
  }

  /** What this process tells its operator (the detail of /healthz, with the operator token). */
  async health(): Promise<{
    node: string;
    owned: string[];
    finished: string[];
    /** Each finished table's connections, by the process that reports them ('local': this one's own). */
    watchers: Record<string, Record<string, number>>;
    epochs: Record<string, number>;
    tables: number;
    redis: boolean;
    members: { node: string; seenMsAgo: number }[];
  }> {
    return (await fetch(`${this.url}/healthz`, { headers: operatorHeaders, signal: AbortSignal.timeout(ANSWER_MS) })).json() as never;
  }

  async metric(name: string): Promise<number> {
    const text = await (await fetch(`${this.url}/metrics`, { headers: operatorHeaders, signal: AbortSignal.timeout(ANSWER_MS) })).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : NaN;
  }
}

/** Starts `n` processes of one cluster. */
export async function startCluster(n: number, env: Record<string, string>, main?: string): Promise<NodeProcess[]> {
  return Promise.all(Array.from({ length: n }, () => NodeProcess.start(env, main)));
}

/**
 * The cluster's processes as a load balancer sees them: their ports (a process replaced by a new one on another
 * port changes them) and whether each answers its health check — `GET /healthz` every 200 ms, down after two
 * failures in a row (no answer within a second), up again after one success, like HAProxy's `check fall 2 rise 1`.
 * A stopped (SIGSTOP) process still accepts TCP connections (the kernel does), so only a health check finds it.
 */
export class Upstreams {
  private readonly failures = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(readonly ports: number[]) {}

  /** Starts checking; without it every process counts as up. */
  check(): this {
    const probe = async (port: number) => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
        await res.arrayBuffer();
        this.failures.set(port, res.ok ? 0 : (this.failures.get(port) ?? 0) + 1);
      } catch {
        this.failures.set(port, (this.failures.get(port) ?? 0) + 1);
      }
    };
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      void Promise.all(this.ports.map(probe)).finally(() => (running = false));
    }, 200);
    this.timer.unref();
    return this;
  }

  /** Health checks failed in a row. */
  failed(port: number): number {
    return this.failures.get(port) ?? 0;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/**
 * A TCP proxy on 127.0.0.1 for one client: each connection goes to the preferred backend, or to the next that
 * accepts — among those up by their health check first, then any.
 */
export class Proxy {
  private readonly server: Server;
  private readonly open = new Set<TcpSocket>();
  readonly upstreams: Upstreams;
  port = 0;

  constructor(
    backends: number[] | Upstreams,
    private readonly preferred: number,
  ) {
    this.upstreams = backends instanceof Upstreams ? backends : new Upstreams(backends);
    this.server = createServer((client) => this.pipe(client, this.candidates()));
  }

  static async start(backends: number[] | Upstreams, preferred: number): Promise<Proxy> {
    const proxy = new Proxy(backends, preferred);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.port = (proxy.server.address() as { port: number }).port;
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The backends in the order this client tries them: from the preferred one on, those up first (down: two failed
   * checks in a row; a machine so loaded that every process fails one now and then still avoids the one that fails
   * them all: fewest failures first). */
  private candidates(): number[] {
    const ports = this.upstreams.ports;
    const ordered = ports.map((_, i) => ports[(this.preferred + i) % ports.length] as number);
    const rank = (port: number) => (this.upstreams.failed(port) < 2 ? 0 : this.upstreams.failed(port));
    return ordered.map((port, i) => ({ port, i })).sort((a, b) => rank(a.port) - rank(b.port) || a.i - b.i).map((c) => c.port);
  }

  private pipe(client: TcpSocket, candidates: readonly number[], attempt = 0): void {
    if (attempt >= candidates.length) return void client.destroy();
    const port = candidates[attempt] as number;
    const upstream = tcpConnect(port, '127.0.0.1');
    upstream.once('error', () => {
      if (!upstream.remoteAddress || upstream.bytesRead === 0) {
        upstream.destroy();
        if (!client.destroyed) this.pipe(client, candidates, attempt + 1);
      }
    });
    upstream.once('connect', () => {
      this.open.add(client);
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.open.delete(client);
      };
      client.once('close', close);
      upstream.once('close', close);
      client.once('error', close);
      upstream.removeAllListeners('error');
      upstream.once('error', close);
    });
  }

  async close(): Promise<void> {
    for (const s of this.open) s.destroy();
    await new Promise((r) => this.server.close(r));
  }
}

/** Every acknowledged decision is in the store exactly once, at its version; no person's move is unexplained. */
/** What one client sent and had acknowledged, by game version. */
export interface Decisions {
  readonly sent: ReadonlyMap<number, unknown>;
  readonly acked: readonly { readonly version: number; readonly intent: unknown }[];
}

export async function audit(
  databaseUrl: string,
  table: TableId,
  players: ReadonlyMap<number, readonly Decisions[]>,
): Promise<{ lost: number; duplicated: number; moves: StoredMove[] }> {
  const store = await PostgresStore.open(databaseUrl);
  const loaded = await store.load(table);
  await store.close();
  if (!loaded) throw new Error(`no table ${table} in the store`);
  const moves = loaded.moves as StoredMove[];
  const same = (m: StoredMove | undefined, seat: number, intent: unknown) =>
    m !== undefined && intent !== undefined && 'seat' in m && m.seat === seat && canonical(m.action) === canonical(intent);
  let lost = 0;
  let duplicated = 0;
  for (const [seat, list] of players)
    for (const p of list) for (const { version, intent } of p.acked) if (!same(moves[version], seat, intent)) lost++;
  moves.forEach((m, version) => {
    if (!('seat' in m) || m.timedOut || !players.has(m.seat)) return;
    // A person's move the server applied must be one decision that person sent on that version, once.
    const sent = (players.get(m.seat) ?? []).filter((p) => same(m, m.seat, p.sent.get(version)));
    if (sent.length !== 1) duplicated++;
  });
  return { lost, duplicated, moves };
}

/** JSON with sorted keys: the same decision, whatever order its keys came in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** Polls a condition (a server's health, a process's metrics) until it holds. The limit is against a hang only (a
 * cluster's processes share two cores with the rest of the suite); when it fires, the error says what the probe
 * saw last (its value or its error), and the test's failure prints every process's last log lines. */
export async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, ms = UNTIL_MS): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    const value = await probe().catch((e: unknown) => {
      last = e;
      return null;
    });
    if (value) return value;
    if (value !== null) last = value;
    if (Date.now() > end) throw new Error(`waited ${Math.round(ms / 1000)} s in vain for ${what} (the probe's last answer: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How long `until` waits by default: against a hang (the longest wait a loaded run needed: some 30 s). */
export const UNTIL_MS = 180_000;
