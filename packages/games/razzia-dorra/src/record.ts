// Game records, format razzia-dorra-record/1 (docs/records/razzia-dorra.md): write, read (the shape, with zod) and
// summarise. The line between malformed and illegal: the shape is the format's (exit 2: a move is an object with
// exactly `seat` and `action`, or exactly `chance`; an action has a known `type` and exactly its own keys, of the
// right JSON types); every value inside that shape is judged when the moves are replayed (exit 1).

import type { ChanceOutcome, Move } from '@razzia/contract';
import { z } from 'zod';
import { MAX_PLAYERS, MIN_PLAYERS, moneyOf, richest } from './components.ts';
import { ActionSchema } from './schemas.ts';
import type { Action, GameSetup, GameState } from './types.ts';

export const RECORD_FORMAT = 'razzia-dorra-record/1';

const playerCount = `Razzia is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players (D2)`;
export const RecordSchema = z.looseObject(
  {
    format: z.literal(RECORD_FORMAT, { error: `expected "${RECORD_FORMAT}"` }),
    players: z
      .array(z.string({ error: 'a name is a string' }), { error: 'players is a list of names' })
      .min(MIN_PLAYERS, { error: playerCount })
      .max(MAX_PLAYERS, { error: playerCount }),
    moves: z.array(z.unknown(), { error: 'moves is a list of moves' }),
  },
  { error: 'a record is a JSON object' },
);

const SeatMoveSchema = z.strictObject({ seat: z.int({ error: 'a seat is a whole number' }), action: ActionSchema });

const ChanceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('die'), value: z.int({ error: 'a die shows a whole number' }) }),
    z.strictObject({ kind: z.literal('shuffle'), order: z.array(z.int({ error: 'a position is a whole number' }), { error: 'order is a list of positions' }) }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'a chance outcome is a die or a shuffle' : undefined) },
);
const ChanceMoveSchema = z.strictObject({ chance: ChanceSchema });

export interface RazziaDorraRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly players: readonly string[];
  readonly moves: readonly Move<Action>[];
  readonly [extra: string]: unknown;
}

export function writeRecord(setup: GameSetup, moves: readonly Move<Action>[]): RazziaDorraRecord {
  return { format: RECORD_FORMAT, players: [...setup.names], moves: moves.map(copyMove) };
}

function copyMove(move: Move<Action>): Move<Action> {
  if ('chance' in move) return { chance: copyChance(move.chance) };
  return { seat: move.seat, action: JSON.parse(JSON.stringify(move.action)) as Action };
}

function copyChance(chance: ChanceOutcome): ChanceOutcome {
  return chance.kind === 'die' ? { kind: 'die', value: chance.value } : { kind: 'shuffle', order: [...chance.order] };
}

/** A record's shape (malformed: exit 2 if it is not one); the moves are not yet judged. */
export function readRecord(json: unknown): { ok: true; setup: GameSetup; moves: Move<Action>[] } | { ok: false; message: string } {
  const parsed = RecordSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: describeIssue(parsed.error.issues[0], []) };
  const moves: Move<Action>[] = [];
  for (const [i, raw] of parsed.data.moves.entries()) {
    const at = ['moves', i];
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      return { ok: false, message: `moves[${i}]: a move is an object with seat and action, or with chance` };
    const schema = 'chance' in raw ? ChanceMoveSchema : SeatMoveSchema;
    const move = schema.safeParse(raw);
    if (!move.success) return { ok: false, message: describeIssue(move.error.issues[0], at) };
    moves.push(move.data as Move<Action>);
  }
  return { ok: true, setup: { names: parsed.data.players }, moves };
}

/** What `replay` prints: each seat's money so far, the round, and the winners once the game is over. */
export interface ReplaySummary {
  readonly round: number;
  readonly money: number[];
  readonly winners: number[];
  readonly finished: boolean;
}

export function summarize(state: GameState): ReplaySummary {
  const finished = state.phase.kind === 'over';
  const money = moneyOf(state.money);
  return { round: state.round, money, winners: finished ? richest(money) : [], finished };
}

function describeIssue(issue: z.core.$ZodIssue | undefined, prefix: readonly PropertyKey[]): string {
  if (!issue) return 'invalid record';
  const keys = [...prefix, ...issue.path];
  const path = keys.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  if (issue.code === 'unrecognized_keys') return `${path || 'record'}: unexpected key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
  return `${path || 'record'}: ${issue.message}`;
}
