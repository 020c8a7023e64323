// `pnpm bench:server`: starts the real server as a child process and drives it with socket.io-client players
// over loopback. (a) raw socket.io round trip; (b) one table, sequential moves; (c) many concurrent 4-player
// tables with a spectator each. Latency is from an action sent to the moment every seat and the spectator
// has received the update it caused. Beside (b), boardgame.io's benchmark game on its own server, in the same run,
// for the ratio. `--parts=a,b,c,d` runs only some parts.

import { cpus } from 'node:os';
import { Boardgameio, type Match } from './boardgameio.ts';
import { Table, concurrent, cpuSeconds, fmt, percentile, rawRoundTrip, setBaseline, startServer, stopServer } from './load.ts';
import { endOnSignals } from '../test/support/cleanup.ts';

// Whatever way it ends (a signal, an error), nothing it started is left running (test/support/cleanup.ts).
endOnSignals();
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const STEP_SECONDS = Number(args.get('step-seconds') ?? 15);
/** --min-moves=N: each step's window goes on until N moves are measured in it (for a scaled-down run). */
const MIN_MOVES = Number(args.get('min-moves') ?? 0);
const THINK_MS = Number(args.get('think-ms') ?? 1000);
const TABLE_STEPS = (args.get('tables') ?? '100,250,500,750,1000').split(',').map(Number);
const SEQUENTIAL_MOVES = Number(args.get('moves') ?? 5000);
// Enough tables that none finishes its game within the 3-second measurement.
const SATURATION_TABLES = Number(args.get('saturation-tables') ?? 100);
const PARTS = new Set((args.get('parts') ?? 'a,b,c,d').split(','));
// --boardgameio=off: (b) alone, as before boardgame.io ran beside it (to compare with an older commit's (b)).
const BESIDE_BGIO = args.get('boardgameio') !== 'off';

/** Our games one after another; after each (but the warm-up), `between` with its moves and moves per second. */
async function sequential(
  url: string,
  serverPid: number,
  between: (moves: number, perSecond: number) => Promise<void>,
): Promise<{ moves: number; perSecond: number; p50: number; p99: number; bytesPerUpdate: number; bytesPerMove: number; serverCpuUs: number; clientCpuUs: number }> {
  const latencies: number[] = [];
  let serverCpu = 0;
  let clientCpu = 0;
  let moves = 0;
  let bytes = 0;
  let updates = 0;
  // Warm-up game, then as many games as it takes.
  for (let warm = 0; ; warm++) {
    const table = new Table(url, 0);
    await table.open();
    const done = new Promise<void>((resolve) => (table.onMove = () => table.over && resolve()));
    const t0 = performance.now();
    const cpu0 = [cpuSeconds(serverPid), cpuSeconds()];
    await table.start();
    await done;
    const elapsed = performance.now() - t0;
    if (warm > 0) {
      serverCpu += cpuSeconds(serverPid) - (cpu0[0] as number);
      clientCpu += cpuSeconds() - (cpu0[1] as number);
    }
    table.close();
    if (warm === 0) continue;
    await between(table.moves, table.moves / (elapsed / 1000));
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
    serverCpuUs: (serverCpu / moves) * 1e6,
    clientCpuUs: (clientCpu / moves) * 1e6,
  };
}

async function main(): Promise<void> {
  console.log(`Razzia Online server benchmark — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
  console.log('server: real child process, SQLite (WAL, synchronous=NORMAL), pino info logs (one line per action) to a file');

  // (a) and (b) with the rate limit lifted: one table's four sockets act ~500 times a second each.
  if (PARTS.has('a') || PARTS.has('b')) {
    const fast = await startServer({ RATE_LIMIT: '100000' });
    if (PARTS.has('a')) {
      const raw = await rawRoundTrip(fast.url);
      console.log(`(a) raw socket.io round trip: p50 ${fmt(raw.p50)}, p99 ${fmt(raw.p99)}, ${Math.round(raw.perSecond)} round trips/s`);
    }
    if (PARTS.has('b')) {
      // boardgame.io in the same run, alternating with our games (a match of as many moves after each of ours), so a
      // change of the machine's load touches both alike; the ratio is the median of the rounds'.
      const bgio = BESIDE_BGIO ? await Boardgameio.start() : null;
      const rounds: { ours: number; theirs: Match }[] = [];
      const seq = await sequential(fast.url, fast.child.pid as number, async (moves, perSecond) => {
        if (bgio) rounds.push({ ours: perSecond, theirs: await bgio.match(moves) });
      });
      await bgio?.stop();
      await stopServer(fast.child);
      console.log(
        `(b) one table, sequential: ${Math.round(seq.perSecond)} moves/s over ${seq.moves} moves; action → all 5 updates p50 ${fmt(seq.p50)}, p99 ${fmt(seq.p99)}`,
      );
      console.log(`    bytes: ${Math.round(seq.bytesPerUpdate)} per update (as sent: the websocket message), ${Math.round(seq.bytesPerMove)} per move to all 5 receivers`);
      console.log(`    CPU per move: server ${Math.round(seq.serverCpuUs)} µs, clients (this process) ${Math.round(seq.clientCpuUs)} µs`);
      if (bgio) {
        const theirs = rounds.map((r) => r.theirs);
        const moves = theirs.reduce((n, m) => n + m.moves, 0);
        const latencies = theirs.flatMap((m) => m.latencies).sort((x, y) => x - y);
        console.log(
          `    boardgame.io 0.50 (its benchmark game, in-memory storage, 4 socket clients), sequential: ${Math.round(moves / (theirs.reduce((n, m) => n + m.ms, 0) / 1000))} moves/s over ${moves} moves; move → all 4 clients p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}`,
        );
        console.log(
          `    CPU per move: server ${Math.round((theirs.reduce((n, m) => n + m.serverCpu, 0) / moves) * 1e6)} µs, clients (this process) ${Math.round((theirs.reduce((n, m) => n + m.clientCpu, 0) / moves) * 1e6)} µs`,
        );
        const ratios = rounds.map((r) => r.ours / (r.theirs.moves / (r.theirs.ms / 1000))).sort((x, y) => x - y);
        console.log(
          `    ratio: ${percentile(ratios, 50).toFixed(2)}× boardgame.io's moves/s (median of ${ratios.length} alternating rounds; ${ratios[0]?.toFixed(2)}-${ratios.at(-1)?.toFixed(2)}×)`,
        );
      }
    } else await stopServer(fast.child);
  }
  if (PARTS.has('c')) {
    // (c) with the default rate limit, players thinking THINK_MS (±50%) per decision.
    const server = await startServer({});
    await setBaseline([server.url]);
    console.log(`(c) concurrent 4-player tables + 1 spectator each, decisions every ~${THINK_MS} ms per table, ${STEP_SECONDS} s per step:`);
    const tables: Table[] = [];
    let held = 0;
    for (const count of TABLE_STEPS) {
      const r = await concurrent(server.url, count, tables, THINK_MS, STEP_SECONDS, MIN_MOVES);
      const within = r.p99 <= 20;
      if (within) held = count;
      console.log(
        `    ${String(count).padStart(5)} tables: p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)} (raw round trip under this load: p50 ${fmt(r.rawP50)}, p99 ${fmt(r.rawP99)}), ${Math.round(r.movesPerSecond)} moves/s, server RSS ${r.rssMb.toFixed(0)} MB (${r.perTableKb.toFixed(0)} KB per table)${within ? '' : '  ← p99 over 20 ms'}`,
      );
      if (!within && r.p99 > 200) break;
    }
    for (const t of tables) t.close();
    console.log(`tables held at p99 ≤ 20 ms: ${held}`);
    await stopServer(server.child);

  }
  if (PARTS.has('d')) {
    // (d) saturation: every player decides at once, so the tables together go as fast as the server allows.
    const busy = await startServer({});
    await setBaseline([busy.url]);
    const saturated: Table[] = [];
    const d = await concurrent(busy.url, SATURATION_TABLES, saturated, 0, 3);
    console.log(
      `(d) saturation, ${SATURATION_TABLES} tables with no think time: ${Math.round(d.movesPerSecond)} moves/s in all, action → all 5 updates p50 ${fmt(d.p50)}, p99 ${fmt(d.p99)}`,
    );
    for (const t of saturated) t.close();
    await stopServer(busy.child);
  }
  process.exit(0);
}

await main();
