// Verifying a record's fair draws (docs/records.md, "Fair draws"): the revealed seed must match the commitment, the
// deal (with the options the table was opened with) and every chance move must be exactly what the seed and the
// contributions draw, in the record's order, and the record must be whole: the game over, with the result its header
// says. Pure: the command line (`<game> verify FILE`) and the browser's replay viewer run this same code.

import { z } from 'zod';
import { resolveChance } from './chance.ts';
import { chanceLabel, commitTo, DEAL_LABEL, FAIR_HEX, FAIR_SCHEME, fairSource } from './fair.ts';
import type { AnyGame, ChanceOutcome, GameDef, Move, RuleError } from './game.ts';
import { step } from './step.ts';

const hex = z.string().regex(FAIR_HEX, { error: 'is 64 lower-case hex digits' });

/** The `fair` header of a record. */
export const FairHeaderSchema = z.strictObject({
  scheme: z.literal(FAIR_SCHEME, { error: `scheme: expected "${FAIR_SCHEME}"` }),
  /** The table the game was played at: the commitment and the key are bound to it. */
  table: z.string().min(1).max(64),
  commitment: hex,
  /** One per seat, in seat order: the 32 bytes that seat's person sent, or null (a bot, or nobody sent one). */
  contributions: z.array(hex.nullable()).max(8),
  /** Revealed once the game is over; null in a record written before (it cannot be verified yet). */
  seed: hex.nullable(),
});
export type FairHeader = z.infer<typeof FairHeaderSchema>;

/** A record's `fair` header: null when it has none (a record from before fair draws, which replays as ever). */
export function readFairHeader(json: unknown): { ok: true; header: FairHeader | null } | { ok: false; message: string } {
  if (typeof json !== 'object' || json === null || !('fair' in json)) return { ok: true, header: null };
  const parsed = FairHeaderSchema.safeParse((json as { fair: unknown }).fair);
  if (parsed.success) return { ok: true, header: parsed.data };
  const issue = parsed.error.issues[0];
  const path = ['fair', ...(issue?.path ?? [])].map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').slice(1);
  return { ok: false, message: `${path}: ${issue?.message ?? 'not a fair-draws header'}` };
}

export type FairVerdict =
  /** Every draw agrees: `draws` chance actions checked (the deal counts one), `contributed` the seats that sent one. */
  | { readonly ok: true; readonly draws: number; readonly contributed: readonly number[] }
  /** Nothing to verify against (no header, no seed yet, or a record that is not one): exit 2. */
  | { readonly ok: false; readonly kind: 'malformed'; readonly message: string }
  /** The revealed seed is not the one committed to. */
  | { readonly ok: false; readonly kind: 'commitment'; readonly message: string }
  /** The first chance action the draws do not give: 'deal', or the index of the chance move in the moves. */
  | { readonly ok: false; readonly kind: 'unfair'; readonly at: 'deal' | number; readonly message: string }
  /** A decision the rules refuse (as `replay` says). */
  | { readonly ok: false; readonly kind: 'illegal'; readonly index: number; readonly error: RuleError }
  /** Every draw in it agrees, but the record is not a whole game: it ends before the game does, or its `result`
   * header is not what its moves give (exit 3). */
  | { readonly ok: false; readonly kind: 'incomplete'; readonly message: string };

/** The exit code of `<game> verify` for a verdict: 0 verified, 1 unfair or illegal, 2 malformed, 3 incomplete. */
export function verdictExit(verdict: FairVerdict): 0 | 1 | 2 | 3 {
  if (verdict.ok) return 0;
  return verdict.kind === 'malformed' ? 2 : verdict.kind === 'incomplete' ? 3 : 1;
}

/** What verifying needs of a game: its deal (and the options a set-up was dealt with), start, steps and its records'
 * summary (a GameDef has them; the web builds one from parts). */
export type FairGame = Pick<GameDef<unknown, unknown, unknown, unknown, unknown, unknown>, 'deal' | 'start' | 'pending' | 'apply' | 'resolve' | 'optionsOf'> & {
  readonly defaultOptions?: unknown;
  /** The game's record summary of a state (`record.summary`): what a record's `result` header must be at the end. */
  readonly summary: (state: unknown) => unknown;
};

/** A game as its record reads: set-up, moves, and the `result` header if it has one. */
export interface Played {
  readonly setup: unknown;
  readonly moves: readonly Move<unknown>[];
  readonly result?: unknown;
}

/** Verifies a game as its record reads (set-up, moves, result) against its fair header. */
export function verifyPlayed(game: FairGame, header: FairHeader, played: Played): FairVerdict {
  if (header.seed === null) return { ok: false, kind: 'malformed', message: 'fair.seed: not revealed yet (the record was written before the game was over)' };
  const names = (played.setup as { names?: unknown }).names;
  if (!Array.isArray(names)) return { ok: false, kind: 'malformed', message: 'the set-up names no players' };
  if (header.contributions.length !== names.length)
    return { ok: false, kind: 'malformed', message: `fair.contributions: ${header.contributions.length} for ${names.length} seats (one per seat, null for none)` };
  const committed = commitTo(header.seed, header.table);
  if (committed !== header.commitment)
    return { ok: false, kind: 'commitment', message: `SHA-256(seed ‖ table) is ${committed}, but the record commits to ${header.commitment}` };
  const draws = fairSource(header.seed, header.table, header.contributions);

  // The deal: the game's own deal, drawing from stream 0, must give the record's set-up.
  // Dealt with the options the table was opened with (Robbery's memory aid), which its set-up keeps.
  const dealt = game.deal({ names, options: game.optionsOf ? game.optionsOf(played.setup) : (game.defaultOptions ?? {}) }, draws(DEAL_LABEL));
  const differs = firstDifference(dealt, played.setup, '');
  if (differs !== null) return { ok: false, kind: 'unfair', at: 'deal', message: `the draws deal another set-up than the record's (first at ${differs.path || 'the set-up'}: ${show(differs.drawn)}, the record has ${show(differs.recorded)})` };

  const started = game.start(played.setup);
  if (!started.ok) return { ok: false, kind: 'malformed', message: started.error };
  let state = started.state;
  let count = 1;
  for (const [index, move] of played.moves.entries()) {
    const pending = game.pending(state);
    // A chance move where the game waits for none is the rules' to refuse (below), as `replay` does.
    if ('chance' in move && pending.kind === 'chance') {
      const drawn = resolveChance(pending.chance, draws(chanceLabel(index)));
      const problem = outcomeDifference(drawn, move.chance);
      if (problem) return { ok: false, kind: 'unfair', at: index, message: problem };
      count++;
    }
    const r = step(game as unknown as AnyGame, state, move);
    if (!r.ok) return { ok: false, kind: 'illegal', index, error: r.error };
    state = r.state;
  }
  // A record of a finished game (the seed is revealed only then) holds the whole game: one cut short, or whose result
  // header says another end, is not the game the server recorded.
  if (game.pending(state).kind !== 'over')
    return { ok: false, kind: 'incomplete', message: `the game is not over after the record's ${played.moves.length} moves: the record ends before the game does` };
  if (played.result !== undefined) {
    const differs = firstDifference(played.result, game.summary(state), '');
    if (differs !== null)
      return { ok: false, kind: 'incomplete', message: `the result header is not what the moves give (at ${differs.path || 'the result'}: the header has ${show(differs.drawn)}, the moves give ${show(differs.recorded)})` };
  }
  return { ok: true, draws: count, contributed: header.contributions.flatMap((c, seat) => (c === null ? [] : [seat])) };
}


/** Verifies a record (parsed JSON) of `game`: its shape, its header, then its draws. */
export function verifyRecord(game: AnyGame, json: unknown): FairVerdict {
  const read = game.record.read(json);
  if (!read.ok) return { ok: false, kind: 'malformed', message: read.message };
  const fair = readFairHeader(json);
  if (!fair.ok) return { ok: false, kind: 'malformed', message: fair.message };
  if (fair.header === null) return { ok: false, kind: 'malformed', message: 'no fair header: this record is from before fair draws (it replays, but has nothing to verify)' };
  const result = (json as { result?: unknown }).result;
  return verifyPlayed({ ...game, summary: (state) => game.record.summary(state) }, fair.header, { setup: read.setup, moves: read.moves, ...(result === undefined ? {} : { result }) });
}

/** The one line a failed verification gets on standard error. */
export function describeVerdict(verdict: Exclude<FairVerdict, { ok: true }>): string {
  switch (verdict.kind) {
    case 'malformed':
      return `malformed record: ${verdict.message}`;
    case 'commitment':
      return `unfair: the seed does not match the commitment: ${verdict.message}`;
    case 'unfair':
      return `unfair draw at ${verdict.at === 'deal' ? 'the deal' : `move ${verdict.at}`}: ${verdict.message}`;
    case 'illegal':
      return `illegal action ${verdict.index}: ${verdict.error.rule} ${verdict.error.code}: ${verdict.error.message}`;
    case 'incomplete':
      return `incomplete record: ${verdict.message}`;
  }
}

function outcomeDifference(drawn: ChanceOutcome, recorded: ChanceOutcome): string | null {
  if (drawn.kind === 'die')
    return recorded.kind === 'die' && recorded.value === drawn.value ? null : `the draws roll ${drawn.value}, the record has ${show(recorded)}`;
  if (recorded.kind !== 'shuffle' || !Array.isArray(recorded.order)) return `the draws give a shuffle, the record has ${show(recorded)}`;
  const at = drawn.order.findIndex((item, k) => recorded.order[k] !== item);
  if (at < 0 && recorded.order.length === drawn.order.length) return null;
  if (at < 0) return `the draws shuffle ${drawn.order.length} things, the record ${recorded.order.length}`;
  return `the draws shuffle position ${drawn.order[at]} to place ${at}, the record has ${show(recorded.order[at])}`;
}

/** Where two JSON values first differ (a path like `piles[0][3]`), or null if they are equal. */
function firstDifference(drawn: unknown, recorded: unknown, path: string): { path: string; drawn: unknown; recorded: unknown } | null {
  if (Object.is(drawn, recorded)) return null;
  if (Array.isArray(drawn) && Array.isArray(recorded)) {
    for (let i = 0; i < Math.max(drawn.length, recorded.length); i++) {
      const d = firstDifference(drawn[i], recorded[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (isObject(drawn) && isObject(recorded) && !Array.isArray(drawn) && !Array.isArray(recorded)) {
    for (const key of new Set([...Object.keys(drawn), ...Object.keys(recorded)])) {
      const d = firstDifference(drawn[key], recorded[key], path ? `${path}.${key}` : key);
      if (d) return d;
    }
    return null;
  }
  return { path, drawn, recorded };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
