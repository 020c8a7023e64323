// One seeded game between bot levels, as a server would run it: every decision is taken from the deciding seat's
// view and legal list only, chance from its own seeded source. The same seed and entrants always play the same
// game (budgets are iterations here, never the clock).

import { resolveChance } from '@razzia/contract/chance';
import type { AnyGame, Outcome } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { step } from '@razzia/contract/step';
import { choose, iterationsFor, levelById, type LevelId } from '../src/levels.ts';
import type { Method } from '../src/types.ts';

/** Who sits in a seat: a level, and for experiments another method or iteration count than the level's. */
export interface Entrant {
  readonly level: LevelId;
  readonly method?: Method;
  /** Iterations per decision, whatever the game. */
  readonly iterations?: number;
  /** Otherwise: the level's own iterations in this game (`iterationsFor`) times this, 2 at least. */
  readonly scale?: number;
}

/** The iterations an entrant searches with in `game`: undefined for the level's own. */
export function entrantIterations(game: AnyGame, entrant: Entrant): number | undefined {
  if (entrant.iterations !== undefined) return entrant.iterations;
  const search = levelById(entrant.level)?.search;
  if (entrant.scale === undefined || !search) return undefined;
  return Math.max(2, Math.round(iterationsFor(search, game.id) * entrant.scale));
}

export interface SeatTimes {
  /** Decisions with more than one choice (forced ones cost nothing and are not counted). */
  readonly decisions: number;
  readonly totalMs: number;
  readonly maxMs: number;
}

export interface MatchResult {
  readonly outcome: Outcome;
  readonly times: readonly SeatTimes[];
}

const NAMES = ['Ann', 'Ben', 'Cas', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];

/** Milliseconds by the wall clock; the arena's timing run passes a CPU clock instead. */
const wallClock = (): number => performance.now();

export function playMatch(game: AnyGame, entrants: readonly Entrant[], seed: string, clock: () => number = wallClock): MatchResult {
  const names = NAMES.slice(0, entrants.length);
  const started = game.start(game.deal({ names, options: game.defaultOptions }, Rng.fromSeed(`deal/${seed}`)));
  if (!started.ok) throw new Error(`arena: the deal does not start: ${started.error}`);
  let state = started.state;
  const chance = Rng.fromSeed(`chance/${seed}`);
  const sources = entrants.map((_, seat) => Rng.fromSeed(`seat${seat}/${seed}`));
  const times = entrants.map(() => ({ decisions: 0, totalMs: 0, maxMs: 0 }));
  const iterations = entrants.map((e) => entrantIterations(game, e));
  for (;;) {
    const pending = game.pending(state);
    if (pending.kind === 'over') return { outcome: pending.outcome, times };
    if (pending.kind === 'chance') {
      state = must(step(game, state, { chance: resolveChance(pending.chance, chance) }));
      continue;
    }
    // Several seats at once: each decides from its own view, in seat order, as the server asks them.
    const seat = pending.seats[0] as number;
    const entrant = entrants[seat] as Entrant;
    const legal = game.legal(state, seat);
    const rng = sources[seat] as Rng;
    const t0 = clock();
    const action = choose(game, entrant.level, { view: game.view(state, seat), seat, legal }, () => rng.next(), {
      ...(entrant.method ? { method: entrant.method } : {}),
      ...(iterations[seat] !== undefined ? { iterations: iterations[seat] } : {}),
    });
    const ms = clock() - t0;
    if (legal.length > 1) {
      const t = times[seat] as { decisions: number; totalMs: number; maxMs: number };
      t.decisions++;
      t.totalMs += ms;
      t.maxMs = Math.max(t.maxMs, ms);
    }
    state = must(step(game, state, { seat, action }));
  }
}

function must<S>(r: { ok: true; state: S } | { ok: false; error: { code: string; message: string } }): S {
  if (!r.ok) throw new Error(`arena: a bot's move was refused: ${r.error.code} ${r.error.message}`);
  return r.state;
}
