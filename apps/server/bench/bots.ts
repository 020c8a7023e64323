// `pnpm bench:bots`: does a thinking bot slow the people at its table, or at any other? Starts the real server (a
// child process, SQLite, the default thinking pool) and opens N Razzia! tables of socket.io-client people, who
// decide 0.5–1.5 s after their turn comes (a random legal decision), in two runs on a fresh server each:
//
//   (a) 3 people + 1 hard bot per table: the bot thinks in the server's worker pool, up to its level's ceiling
//   (b) 4 people per table: the same load without bots
//
// It prints the server's event-loop delay over the measured window (p50/p99/max, from its /metrics:
// perf_hooks.monitorEventLoopDelay inside the server, sampled every millisecond, the interval included) and the
// people's action latency (a decision sent → its acknowledgement, which comes after it is stored and published).
// The window lasts --seconds and, with --min-actions=N, until N people's actions have been acknowledged in it: a
// scaled-down run on a busy machine then always has a latency to report (the suite's smoke run asks for 2).
// usage: tsx apps/server/bench/bots.ts [--tables=100] [--seconds=30] [--warmup-seconds=5] [--min-actions=0] [--level=hard] [--runs=a,b]

import { availableParallelism, cpus, totalmem } from 'node:os';
import type { GamePayload, ServerMessage, TableId, Token } from '@razzia/protocol';
import { MESSAGE_EVENT, applyPatch } from '@razzia/protocol';
import type { Socket } from 'socket.io-client';
import { operatorHeaders } from '../test/support/operator.ts';
import { connect, fmt, percentile, send, startServer, stopServer } from './load.ts';
import { endOnSignals } from '../test/support/cleanup.ts';

// Whatever way it ends (a signal, an error), nothing it started is left running (test/support/cleanup.ts).
endOnSignals();
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const TABLES = Number(args.get('tables') ?? 100);
const SECONDS = Number(args.get('seconds') ?? 30);
const WARMUP_SECONDS = Number(args.get('warmup-seconds') ?? 5);
/** The least number of people's acknowledged actions the measured window holds (it goes on past --seconds until then). */
const MIN_ACTIONS = Number(args.get('min-actions') ?? 0);
const LEVEL = args.get('level') ?? 'hard';
/** Which runs, in which order: `--runs=b,a` measures the load without bots first. */
const RUNS = (args.get('runs') ?? 'a,b').split(',');
const PLAYERS = 4;

/** One table: its people's sockets (seat = index), deciding 0.5–1.5 s after their turn comes. */
class Table {
  readonly sockets: Socket[] = [];
  readonly latencies: number[] = [];
  /** Called with each acknowledged action's latency while the table runs. */
  onLatency: () => void = () => undefined;
  humanActions = 0;
  stopped = false;
  over = false;
  private games: (GamePayload | null)[] = [];
  id!: TableId;

  constructor(
    private readonly url: string,
    private readonly people: number,
  ) {}

  async open(): Promise<void> {
    const res = await fetch(`${this.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', players: PLAYERS, visibility: 'private', clock: null }),
    });
    const body = (await res.json()) as { table: { id: TableId }; token: Token };
    this.id = body.table.id;
    for (let seat = 0; seat < this.people; seat++) {
      const socket = await connect(this.url, seat === 0 ? body.token : undefined);
      this.sockets.push(socket);
      this.games.push(null);
      this.listen(socket, seat);
      const sat = await send(socket, { type: 'sit', table: this.id, name: `P${seat}`, seat });
      if (!sat.ok) throw new Error(`sit refused: ${JSON.stringify(sat.error)}`);
    }
    for (let seat = this.people; seat < PLAYERS; seat++) {
      const added = await send(this.sockets[0] as Socket, { type: 'add-bot', table: this.id, bot: LEVEL, seat });
      if (!added.ok) throw new Error(`add-bot refused: ${JSON.stringify(added.error)}`);
    }
  }

  start(): Promise<unknown> {
    return send(this.sockets[0] as Socket, { type: 'start', table: this.id });
  }

  /** A client as the protocol asks: the game from snapshots, then patched by updates. */
  private listen(socket: Socket, seat: number): void {
    socket.on(MESSAGE_EVENT, (m: ServerMessage) => {
      if (m.type === 'snapshot') this.games[seat] = m.snapshot.game;
      else if (m.type === 'update' && m.game) this.games[seat] = 'full' in m.game ? m.game.full : applyPatch(this.games[seat] as GamePayload, m.game.patch);
      else return;
      const game = this.games[seat];
      if (game?.outcome) this.over = true;
      if (game && game.legal.length > 0 && !game.outcome) this.decideLater(seat, game.version);
    });
  }

  private readonly planned = new Set<string>();

  private decideLater(seat: number, version: number): void {
    const key = `${seat}/${version}`;
    if (this.planned.has(key) || this.stopped) return;
    this.planned.add(key);
    setTimeout(() => {
      this.planned.delete(key);
      const game = this.games[seat];
      if (this.stopped || !game || game.version !== version || game.legal.length === 0) return;
      const intent = game.legal[Math.floor(Math.random() * game.legal.length)];
      const sent = performance.now();
      this.humanActions++;
      send(this.sockets[seat] as Socket, { type: 'act', table: this.id, version, intent })
        .then((r) => {
          if (this.stopped) return;
          this.latencies.push(performance.now() - sent);
          this.onLatency();
          if (!r.ok && r.error?.code !== 'stale-version') console.error('refused', r.error);
        })
        .catch(() => undefined); // the run ended while it was in flight
    }, 500 + Math.random() * 1000);
  }

  close(): void {
    this.stopped = true;
    for (const s of this.sockets) s.disconnect();
  }
}

/** The server's event-loop delay since the previous scrape, and its actions counter, from /metrics. */
async function scrape(url: string): Promise<{ p50: number; p99: number; max: number; actions: number }> {
  const text = await (await fetch(`${url}/metrics`, { headers: operatorHeaders })).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
  return {
    p50: value(/^razzia_event_loop_delay_seconds\{quantile="0\.5"\} (\S+)$/m) * 1000,
    p99: value(/^razzia_event_loop_delay_seconds\{quantile="0\.99"\} (\S+)$/m) * 1000,
    max: value(/^razzia_event_loop_delay_seconds\{quantile="1"\} (\S+)$/m) * 1000,
    actions: value(/^razzia_actions_total (\S+)$/m),
  };
}

async function run(label: string, people: number): Promise<void> {
  const server = await startServer({ BOT_DELAY_MS: '700' });
  const tables: Table[] = [];
  try {
    for (let i = 0; i < TABLES; i += 25) {
      const batch = Array.from({ length: Math.min(25, TABLES - i) }, () => new Table(server.url, people));
      await Promise.all(batch.map((t) => t.open()));
      tables.push(...batch);
    }
    await Promise.all(tables.map((t) => t.start()));
    await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
    for (const t of tables) t.latencies.length = 0;
    const humans0 = tables.reduce((n, t) => n + t.humanActions, 0);
    const before = await scrape(server.url); // empties the server's event-loop histogram: the window starts here
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    await new Promise<void>((resolve) => {
      const enough = () => tables.reduce((n, t) => n + t.latencies.length, 0) >= MIN_ACTIONS;
      if (enough()) return resolve();
      for (const t of tables) t.onLatency = () => enough() && resolve();
    });
    const after = await scrape(server.url);
    const latencies = tables.flatMap((t) => t.latencies).sort((a, b) => a - b);
    const humans = tables.reduce((n, t) => n + t.humanActions, 0) - humans0;
    const bots = Math.max(0, after.actions - before.actions - humans);
    const over = tables.filter((t) => t.over).length;
    console.log(
      `${label} ${TABLES} tables, ${people} people${people < PLAYERS ? ` + ${PLAYERS - people} ${LEVEL} bot` : ''} each: ` +
        `event loop p50 ${fmt(after.p50)}, p99 ${fmt(after.p99)}, max ${fmt(after.max)}; ` +
        `people's actions ${humans}, p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}; ` +
        `bot decisions ${bots}${over ? `; ${over} games over` : ''}`,
    );
  } finally {
    for (const t of tables) t.close();
    await stopServer(server.child);
  }
}

async function main(): Promise<void> {
  console.log(
    `Razzia Online bots benchmark — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log(
    `server: real child process, SQLite, bot delay 700 ms, thinking pool of ${Math.max(1, availableParallelism() - 1)} worker thread(s); ` +
      `Razzia!, people decide 0.5-1.5 s after their turn; ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured` +
      (MIN_ACTIONS > 0 ? ` and until ${MIN_ACTIONS} people's actions are acknowledged` : ''),
  );
  for (const r of RUNS) await (r === 'a' ? run('(a)', PLAYERS - 1) : run('(b)', PLAYERS));
}

await main();
