// `pnpm bench:days`: many tables played over days, few in memory. Builds a SQLite store of N playing correspondence
// tables (two people each, M moves played, through the pure decision step), starts the real server on it and
// measures (a) how many of them it loads at start, (b) the heap an idle table costs (none loaded, K loaded, K
// unloaded again), (c) how long loading one table from the store takes (p50/p99 of K random ones: read and replay),
// and (d) how late the deadlines of D tables that are not in memory fire (the scheduler loads each when due).
// `node --expose-gc --import tsx apps/server/bench/days.ts [--tables=10000 --moves=30 --load=1000 --due=1000]`.

import { cpus } from 'node:os';
import { rmSync } from 'node:fs';
import pino from 'pino';
import { Rng, type AnyGame } from '@razzia/contract';
import type { TableId } from '@razzia/protocol';
import { startServer } from '../src/app.ts';
import { GAMES } from '../src/games.ts';
import { newTableId, type TokenHash } from '../src/ids.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import type { Store } from '../src/store/store.ts';
import { decide, newTable, nextWake, type Command } from '../src/tables/decide.ts';
import type { StoredEntry, StoredMove, Table } from '../src/tables/table.ts';
import { percentile } from './load.ts';
import { endOnSignals, tempFolder } from '../test/support/cleanup.ts';

// Whatever way it ends (a signal, an error), nothing it started is left running (test/support/cleanup.ts).
endOnSignals();
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const TABLES = Number(args.get('tables') ?? 10_000);
const MOVES = Number(args.get('moves') ?? 30);
const LOADS = Number(args.get('load') ?? 1_000);
const DUE = Number(args.get('due') ?? 1_000);
const BOT_DELAY_MS = 700;
const CLOCK_S = 86_400;

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** One correspondence table played `moves` decisions in, from `now`: stored as a real server would have. */
async function build(store: Store, game: AnyGame, random: Rng, now: number, moves: number, openAt: (i: number) => number): Promise<TableId> {
  const [ada, bo] = ['ada', 'bo'].map((n) => `${n}-${random.int(1e9)}` as TokenHash) as [TokenHash, TokenHash];
  const record = newTable(newTableId(), { game: game.id, name: 'Over days', players: 2, visibility: 'private', clock: CLOCK_S, options: {}, hints: false }, ada, now, `seed-${random.int(1e9)}`);
  await store.createTable(record, []);
  let table: Table = { record, setup: null, state: null };
  const entries: StoredEntry[] = [];
  const stored: StoredMove[] = [];
  let setup: unknown;
  const run = (command: Command, at: number) => {
    const r = decide(game, table, command, { now: at, random, connected: () => false, botDelayMs: BOT_DELAY_MS });
    if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`);
    table = r.value.table;
    entries.push(...r.value.entries);
    stored.push(...r.value.moves);
    if (r.value.setup !== undefined) setup = r.value.setup;
  };
  run({ type: 'sit', owner: ada, name: 'Ada' }, now);
  run({ type: 'sit', owner: bo, name: 'Bo' }, now);
  run({ type: 'start', owner: ada }, now);
  for (let i = 0; i < moves && table.record.status === 'playing'; i++) {
    const d = table.record.decisions[0];
    if (!d) break;
    const legal = game.legal(table.state, d.seat) as object[];
    const owner = table.record.seats[d.seat]?.owner as TokenHash;
    run({ type: 'act', owner, version: table.record.version, intent: legal[random.int(legal.length)] as Record<string, unknown> }, openAt(i));
  }
  await store.append({ record: table.record, expectedSeq: 0, entries, moves: stored, setup, wakeAt: nextWake(table, BOT_DELAY_MS) });
  return record.id;
}

const dir = tempFolder('razzia-days-');
const store = new SqliteStore(dir);
const random = Rng.fromSeed('days');
const games = GAMES.filter((g) => g.id === 'razzia' || g.id === 'robbery');
process.stdout.write(`Razzia Online days benchmark — ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? '?'} × ${cpus().length}, Node ${process.version}${gc ? '' : ' (no --expose-gc: heap figures are rough)'}\n`);

const builtAt = Date.now();
const ids: TableId[] = [];
// Idle ones: their decisions opened days ago, due in a day or more.
for (let i = 0; i < TABLES; i++) ids.push(await build(store, games[i % games.length] as AnyGame, random, builtAt, MOVES, () => builtAt));
const building = (Date.now() - builtAt) / 1000;
// Due ones: their open decision's clock runs out over 5 s, starting well after they are built and the server has
// started (an estimate from the idle ones' pace, with room to spare).
const dueIds: TableId[] = [];
const dueFrom = Date.now() + Math.ceil((building * 1000 * DUE * 1.5) / Math.max(1, TABLES)) + 15_000 + LOADS * 20;
for (let i = 0; i < DUE; i++) {
  const deadline = dueFrom + Math.floor((i / Math.max(1, DUE)) * 5_000);
  dueIds.push(await build(store, games[i % games.length] as AnyGame, random, deadline - CLOCK_S * 1000, MOVES, () => deadline - CLOCK_S * 1000));
}
await store.close();

const startedAt = performance.now();
const server = await startServer({ dataDir: dir, port: 0, host: '127.0.0.1', webBuildDir: null, botDelayMs: BOT_DELAY_MS, logger: pino({ level: 'silent' }), sweep: { everyMs: 3_600_000 } });
const startMs = performance.now() - startedAt;
const lateStart = dueFromOfIndex(0) < Date.now();
process.stdout.write(`(a) ${TABLES + DUE} stored tables (${MOVES} moves each), built in ${building.toFixed(0)} s; the server started in ${startMs.toFixed(0)} ms with ${server.tables.size} of them in memory\n`);

// (b) and (c): load K random idle tables, one at a time, timing each; then unload them all. A few first, untimed
// (the code's first runs compile it).
for (let i = 0; i < 20; i++) await server.tables.get(ids[i] as TableId);
server.tables.sweep(Date.now() + 1_000, { waitingMs: 0, idleMs: 0, horizonMs: 60_000 });
const none = heap();
const times: number[] = [];
for (let i = 0; i < LOADS; i++) {
  const id = ids[random.int(ids.length)] as TableId;
  if (server.tables.live(id)) continue;
  const t0 = performance.now();
  const host = await server.tables.get(id);
  times.push(performance.now() - t0);
  if (!host) throw new Error('a stored table did not load');
}
const loaded = server.tables.size;
const withLoaded = heap();
const far = Date.now() + 1_000;
server.tables.sweep(far, { waitingMs: 0, idleMs: 0, horizonMs: 60_000 });
const after = heap();
const idleBytes = Math.max(0, (after - none) / TABLES);
process.stdout.write(
  `(b) heap: ${mb(none)} with none of them loaded; ${mb(withLoaded)} with ${loaded} loaded (${((withLoaded - none) / Math.max(1, loaded) / 1024).toFixed(1)} KB a loaded table); ${mb(after)} once unloaded: ${idleBytes.toFixed(0)} bytes per idle table\n`,
);
times.sort((a, b) => a - b);
process.stdout.write(`(c) loading one table from the store (read and replay), ${times.length} random of ${TABLES}: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(times.at(-1) ?? NaN)}\n`);

// (d): wait for every due table's timed-out decision; lateness = when it was decided − its deadline.
const lateness: number[] = [];
// Until the last deadline, and --late-limit-seconds more (30 by default; a scaled-down run on a loaded machine gives
// longer: what it checks is that every deadline fires).
const until = Math.max(Date.now(), dueFromOfIndex(DUE - 1)) + Number(args.get('late-limit-seconds') ?? 30) * 1000;
const pending = new Set(dueIds);
while (pending.size > 0 && Date.now() < until) {
  await new Promise((r) => setTimeout(r, 250));
  for (const id of [...pending]) {
    const host = server.tables.live(id);
    if (!host || host.version === 0) continue;
    const log = await server.tables.store.readLog(id, 0);
    const fired = log.find((e) => e.kind === 'table' && e.notice.type === 'timed-out');
    if (!fired) continue;
    pending.delete(id);
    lateness.push(fired.at - (dueFromOf(id) ?? fired.at));
  }
}
function dueFromOf(id: TableId): number | null {
  const i = dueIds.indexOf(id);
  return i < 0 ? null : dueFromOfIndex(i);
}
function dueFromOfIndex(i: number): number {
  return dueFrom + Math.floor((i / Math.max(1, DUE)) * 5_000);
}
lateness.sort((a, b) => a - b);
process.stdout.write(
  `(d) deadlines of ${DUE} tables not in memory: ${lateness.length} fired, p50 ${ms(percentile(lateness, 50))}, p99 ${ms(percentile(lateness, 99))}, max ${ms(lateness.at(-1) ?? NaN)} after their deadline${pending.size > 0 ? `; ${pending.size} never fired` : ''}${lateStart ? ' (some were due before the server had started: lateness includes that)' : ''}\n`,
);
await server.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`days: idle ${idleBytes.toFixed(0)} bytes a table, load p99 ${ms(percentile(times, 99))}, deadline max ${ms(lateness.at(-1) ?? NaN)}, missed ${pending.size}\n`);
process.exit(0);
