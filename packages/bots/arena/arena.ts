// `pnpm arena`: how strong each bot level is, measured. Seeded games in which one seat of a level plays against
// a table of another level, that seat rotating round the table (game g: seat g mod n), the same deals for every
// pairing. For each pairing: the level's win share (a tie counts as a share; 1/n is equal strength) with a 95 %
// confidence interval, and its mean score against the others'. Then the time per decision of each level, and,
// with --compare, information-set MCTS against determinized search (PIMC) at the hard budget.
//
// Budgets are iterations, never the clock, so a run is reproducible from its seed on any machine; the games run
// in worker threads, one per core, each decision on one core. The last line is the headline:
//   arena: hard vs greedy N% ± M% (4p, G games)

import { availableParallelism, cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { BOT_LEVELS, ITERATION_SCALE, LEVEL_IDS, MIN_ITERATIONS, levelById, type LevelId } from '../src/levels.ts';
import { startWorker } from '../src/pool.ts';
import { GAMES, gameById } from '../src/registry.ts';
import type { Method } from '../src/types.ts';
import { playMatch, type Entrant, type MatchResult } from './match.ts';
import type { MatchReply, MatchTask } from './worker.ts';

interface Flags {
  readonly games: number;
  readonly headline: number;
  readonly gameIds: readonly string[];
  readonly players: readonly number[] | null;
  readonly pairs: readonly (readonly [string, string])[];
  readonly compare: boolean;
  readonly scale: number;
  readonly workers: number;
  readonly seed: string;
  readonly timing: number;
}

const LADDER = ['greedy:random', 'easy:greedy', 'normal:easy', 'hard:normal', 'hard:greedy'];

const USAGE = `usage: pnpm arena [--game razzia|razzia-dorra|robbery|all] [--players 3,4,5] [--games N] [--headline N]
                  [--pairs A:B,…] [--compare] [--scale F] [--workers K] [--seed S] [--timing N]
  A:B      one seat of A against a table of B (entrants: ${LEVEL_IDS.join(', ')}; hard/ismcts or hard/pimc for
           a method, hard@4000 for the iterations per decision)
  --games  games per pairing and player count (default 40); --headline: games of hard vs greedy at 4 players
  --scale  multiplies every searching level's iterations in each game (a quick run for tests: 0.02)
  --timing games per searching level (against greedy bots, 4 players) timed by CPU time on the main thread (default 2)`;

const VALUE_FLAGS = ['games', 'headline', 'game', 'players', 'pairs', 'scale', 'workers', 'seed', 'timing'];
const SWITCHES = ['compare', 'help'];

function parseFlags(argv: readonly string[]): Flags {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}\n${USAGE}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (!VALUE_FLAGS.includes(name) && !SWITCHES.includes(name)) throw new Error(`unknown option --${name}\n${USAGE}`);
    if (SWITCHES.includes(name)) switches.add(name);
    else {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`--${name} needs a value\n${USAGE}`);
      values.set(name, value);
    }
  }
  if (switches.has('help')) throw new Error(USAGE);
  const int = (name: string, fallback: number, min: number) => {
    const v = values.has(name) ? Number(values.get(name)) : fallback;
    if (!Number.isInteger(v) || v < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
    return v;
  };
  const game = values.get('game') ?? 'razzia';
  const gameIds = game === 'all' ? Object.keys(GAMES) : [gameById(game).id];
  const games = int('games', 40, 1);
  const pairs = (values.get('pairs') ?? LADDER.join(',')).split(',').map((p) => {
    const [a, b] = p.split(':');
    if (!a || !b) throw new Error(`a pairing is A:B, not ${p}`);
    entrantOf(a, 1);
    entrantOf(b, 1);
    return [a, b] as const;
  });
  const players = values.get('players')?.split(',').map(Number) ?? null;
  const scale = values.has('scale') ? Number(values.get('scale')) : 1;
  if (!(scale > 0)) throw new Error('--scale must be above 0');
  return {
    games,
    headline: int('headline', games, 1),
    gameIds,
    players,
    pairs,
    compare: switches.has('compare'),
    scale,
    workers: int('workers', availableParallelism(), 1),
    seed: values.get('seed') ?? 'arena',
    timing: int('timing', 2, 0),
  };
}

/** 'hard', 'hard/pimc' or 'hard@4000': a level, and optionally the method it searches with or its iterations per
 * decision in every game (otherwise the level's own in each game, times --scale). */
function entrantOf(name: string, scale: number): Entrant {
  const [head, count] = name.split('@', 2) as [string, string | undefined];
  const [id, method] = head.split('/') as [string, string | undefined];
  const level = levelById(id);
  if (!level) throw new Error(`no level ${JSON.stringify(id)}: ${LEVEL_IDS.join(', ')}`);
  if (method !== undefined && method !== 'ismcts' && method !== 'pimc') throw new Error(`no method ${method}: ismcts or pimc`);
  const iterations = count === undefined ? undefined : Number(count);
  if (iterations !== undefined && (!level.search || !Number.isInteger(iterations) || iterations < 2))
    throw new Error(`${name}: iterations go with a searching level, as a whole number ≥ 2`);
  return {
    level: level.id,
    ...(method ? { method: method as Method } : {}),
    ...(iterations !== undefined ? { iterations } : scale !== 1 ? { scale } : {}),
  };
}

/** Runs matches on `size` worker threads, first come first served. */
function matchRunner(size: number) {
  const url = new URL('./worker.ts', import.meta.url);
  const waiting: { task: MatchTask; resolve: (r: MatchResult) => void; reject: (e: Error) => void }[] = [];
  const running = new Map<number, (typeof waiting)[number]>();
  const workers = Array.from({ length: size }, () => startWorker(url));
  const idle = [...workers];
  let nextId = 1;
  const pump = () => {
    while (idle.length > 0 && waiting.length > 0) {
      const job = waiting.shift() as (typeof waiting)[number];
      running.set(job.task.id, job);
      (idle.pop() as Worker).postMessage(job.task);
    }
  };
  for (const worker of workers) {
    worker.on('message', (reply: MatchReply) => {
      const job = running.get(reply.id);
      running.delete(reply.id);
      idle.push(worker);
      if (job) {
        if (reply.ok) job.resolve(reply.result);
        else job.reject(new Error(reply.error));
      }
      pump();
    });
    worker.on('error', (e) => {
      for (const job of running.values()) job.reject(e);
    });
  }
  return {
    play(gameId: string, entrants: readonly Entrant[], seed: string): Promise<MatchResult> {
      return new Promise((resolve, reject) => {
        waiting.push({ task: { id: nextId++, gameId, entrants, seed }, resolve, reject });
        pump();
      });
    },
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

interface PairingResult {
  readonly a: string;
  readonly b: string;
  readonly players: number;
  readonly games: number;
  /** The A seat's win share, mean and 95 % half-width. */
  readonly share: number;
  readonly halfWidth: number;
  readonly scoreA: number;
  readonly scoreB: number;
}

/** The mean of `xs` and the half-width of its 95 % confidence interval (normal approximation). */
export function meanInterval(xs: readonly number[]): { mean: number; halfWidth: number } {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  if (n < 2) return { mean, halfWidth: Number.NaN };
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return { mean, halfWidth: 1.96 * Math.sqrt(variance / n) };
}

type Timing = Map<string, { decisions: number; totalMs: number; maxMs: number }>;

async function runPairing(
  runner: ReturnType<typeof matchRunner>,
  gameId: string,
  players: number,
  a: string,
  b: string,
  games: number,
  flags: Flags,
  timing: Timing,
): Promise<PairingResult> {
  const ea = entrantOf(a, flags.scale);
  const eb = entrantOf(b, flags.scale);
  const results = await Promise.all(
    Array.from({ length: games }, (_, g) => {
      const seatA = g % players;
      const entrants = Array.from({ length: players }, (_, s) => (s === seatA ? ea : eb));
      // The same deal for every pairing at game g: pairings differ by the bots, not the cards.
      return runner.play(gameId, entrants, `${flags.seed}/${gameId}/${players}/${g}`).then((r) => ({ r, seatA }));
    }),
  );
  const shares: number[] = [];
  let scoreA = 0;
  let scoreB = 0;
  for (const { r, seatA } of results) {
    const { scores, winners } = r.outcome;
    shares.push(winners.includes(seatA) ? 1 / winners.length : 0);
    scores.forEach((score, s) => {
      if (s === seatA) scoreA += score;
      else scoreB += score / (players - 1);
    });
    r.times.forEach((t, s) => {
      const name = s === seatA ? a : b;
      const sum = timing.get(name) ?? { decisions: 0, totalMs: 0, maxMs: 0 };
      sum.decisions += t.decisions;
      sum.totalMs += t.totalMs;
      sum.maxMs = Math.max(sum.maxMs, t.maxMs);
      timing.set(name, sum);
    });
  }
  const { mean, halfWidth } = meanInterval(shares);
  return { a, b, players, games, share: mean, halfWidth, scoreA: scoreA / games, scoreB: scoreB / games };
}

/** Process CPU time in ms: with the game threads idle, the main thread's own. */
const cpuClock = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Each searching level's time per decision by CPU time, so a busy machine does not inflate it: a few games of
 * one seat of the level against greedy bots, on this thread while the game threads are idle. */
function timingRun(flags: Flags, out: (line: string) => void): void {
  const game = gameById(flags.gameIds[0] as string);
  const players = Math.max(game.seats.min, Math.min(4, game.seats.max));
  out(`\ntime per decision, ${game.name} at ${players} players against greedy bots, CPU time on one core (${flags.timing} games per level):`);
  for (const level of BOT_LEVELS) {
    if (!level.search) continue;
    const entrant = entrantOf(level.id, flags.scale);
    let decisions = 0;
    let total = 0;
    let max = 0;
    const wallStart = performance.now();
    const cpuStart = cpuClock();
    for (let g = 0; g < flags.timing; g++) {
      const seat = g % players;
      const entrants = Array.from({ length: players }, (_, s): Entrant => (s === seat ? entrant : { level: 'greedy' }));
      const t = playMatch(game, entrants, `${flags.seed}/timing/${g}`, cpuClock).times[seat] as { decisions: number; totalMs: number; maxMs: number };
      decisions += t.decisions;
      total += t.totalMs;
      max = Math.max(max, t.maxMs);
    }
    const load = (performance.now() - wallStart) / Math.max(1, cpuClock() - cpuStart);
    out(`  ${level.id.padEnd(7)} mean ${(total / Math.max(1, decisions)).toFixed(1).padStart(7)} ms   max ${max.toFixed(0).padStart(5)} ms   (${decisions} decisions; wall clock ${load.toFixed(2)}× the CPU time)`);
  }
}

/** A share as a percentage; an interval from one game is none ("?"). */
const pct = (x: number) => (Number.isNaN(x) ? '?' : `${(100 * x).toFixed(1)}%`);

function pairingLine(r: PairingResult): string {
  const equal = 1 / r.players;
  const verdict = r.share - r.halfWidth > equal ? 'stronger' : r.share + r.halfWidth < equal ? 'weaker' : 'not separated';
  return `  ${`${r.a} vs ${r.b}`.padEnd(26)} ${pct(r.share).padStart(6)} ± ${pct(r.halfWidth).padStart(5)}   mean score ${r.scoreA.toFixed(1).padStart(6)} vs ${r.scoreB.toFixed(1).padStart(6)}   ${verdict}`;
}

export async function main(argv: readonly string[], out: (line: string) => void = console.log, err: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<number> {
  let flags: Flags;
  try {
    flags = parseFlags(argv);
  } catch (e) {
    err((e as Error).message);
    return 2;
  }
  const runner = matchRunner(flags.workers);
  const started = performance.now();
  try {
    out(`Bot arena — ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${flags.workers} game thread(s)`);
    out(`levels: ${BOT_LEVELS.map((l) => (l.search ? `${l.id} (${l.search.method}, ${Math.max(2, Math.round(l.search.iterations * flags.scale))} iterations)` : l.id)).join(', ')}`);
    out('win share: one seat of the first level against a table of the second, seats rotated; equal strength is 1/players.');
    let headline: PairingResult | null = null;
    for (const gameId of flags.gameIds) {
      const game = gameById(gameId);
      const counts = (flags.players ?? (game.id === 'razzia' ? [3, 4, 5] : [game.seats.min, Math.min(game.seats.max, game.seats.min + 1)])).filter(
        (n) => n >= game.seats.min && n <= game.seats.max,
      );
      for (const players of counts) {
        const scaled = Object.hasOwn(ITERATION_SCALE, game.id) ? `, searching levels at ${pct(ITERATION_SCALE[game.id] as number)} of their iterations, ${MIN_ITERATIONS} at least` : '';
        out(`\n${game.name} (${game.id}), ${players} players, ${flags.games} games per pairing (equal strength ${pct(1 / players)}${scaled}):`);
        const timing: Timing = new Map();
        for (const [a, b] of flags.pairs) {
          const isHeadline = a === 'hard' && b === 'greedy' && players === 4 && !headline;
          const r = await runPairing(runner, game.id, players, a, b, isHeadline ? flags.headline : flags.games, flags, timing);
          out(pairingLine(r));
          if (isHeadline) headline = r;
          err(`arena: ${game.id} ${players}p ${a} vs ${b} done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
        }
        if (flags.compare) {
          out(`  method comparison at the hard budget:`);
          for (const [a, b] of [
            ['hard/ismcts', 'greedy'],
            ['hard/pimc', 'greedy'],
            ['hard/ismcts', 'hard/pimc'],
            ['hard/pimc', 'hard/ismcts'],
          ] as const)
            out(pairingLine(await runPairing(runner, game.id, players, a, b, flags.games, flags, timing)));
        }
        out('  time per decision by the wall clock (decisions with a choice; each game on one thread, so other load on the machine inflates it):');
        for (const [name, t] of [...timing.entries()].sort()) {
          if (t.decisions === 0) continue;
          out(`    ${name.padEnd(12)} mean ${(t.totalMs / t.decisions).toFixed(1).padStart(7)} ms   max ${t.maxMs.toFixed(0).padStart(5)} ms   (${t.decisions} decisions)`);
        }
      }
    }
    if (!headline) {
      const gameId = flags.gameIds[0] as string;
      out(`\n${gameById(gameId).name}, 4 players, hard vs greedy:`);
      headline = await runPairing(runner, gameId, 4, 'hard', 'greedy', flags.headline, flags, new Map());
      out(pairingLine(headline));
    }
    if (flags.timing > 0) timingRun(flags, out);
    out(`\narena: ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
    out(`arena: hard vs greedy ${pct(headline.share)} ± ${pct(headline.halfWidth)} (4p, ${headline.games} games)`);
    return 0;
  } finally {
    await runner.close();
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
