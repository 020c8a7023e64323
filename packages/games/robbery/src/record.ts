// Game records, format robbery-record/1 (docs/records/robbery.md): write, read (the shape, with zod), summarise.
// The line between malformed and illegal: the shape is the format's (exit 2: known keys of the right JSON types,
// a known action type with exactly its own keys, a deck of 55 known cards in B1.2's numbers); every value within
// that shape is judged by the rules when the moves are replayed (exit 1).

import type { ChanceOutcome, Move } from '@razzia/contract';
import { z } from 'zod';
import { ActionSchema, CardSchema } from './schemas.ts';
import { alibiCount, lootPoints } from './tiles.ts';
import type { Action, GameSetup, GameState, Seat } from './types.ts';

export const RECORD_FORMAT = 'robbery-record/1';

const card = z.custom<GameSetup['deck'][number]>((v) => CardSchema.safeParse(v).success, {
  error: (issue) => `unknown card ${JSON.stringify(issue.input)}: a card is 0 to 5, "boss", "dog" or "greedy" (B1.2)`,
});

export const RecordSchema = z.looseObject({
  format: z.literal(RECORD_FORMAT, { error: `this is not a ${RECORD_FORMAT} record` }),
  players: z.array(z.string({ error: 'a player name is a string' }), { error: 'players is a list of names' }).min(2, { error: 'Robbery is for 2 to 5 players (B1.1)' }).max(5, { error: 'Robbery is for 2 to 5 players (B1.1)' }),
  deck: z.array(card, { error: 'deck is a list of 55 cards' }),
  moves: z.array(z.unknown(), { error: 'moves is a list of moves' }),
  /** The table's memory aid (ours): present and true only when it was on; it changes what the log kept, not play. */
  memoryAid: z.boolean({ error: 'memoryAid is true or false' }).optional(),
});

const SeatMoveSchema = z.strictObject({
  seat: z.int({ error: 'a seat is a whole number' }),
  action: ActionSchema,
});

const ChanceMoveSchema = z.strictObject({
  chance: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('shuffle'), order: z.array(z.int({ error: 'a position is a whole number' }), { error: 'order is a list of positions' }) }),
      z.strictObject({ kind: z.literal('die'), value: z.int({ error: 'a die shows a whole number' }) }),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? 'a chance outcome is a shuffle or a die' : undefined) },
  ),
});

export type RobberyRecord = {
  format: string;
  players: string[];
  deck: GameSetup['deck'][number][];
  moves: ({ seat: Seat; action: Action } | { chance: ChanceOutcome })[];
  memoryAid?: true;
};

export function writeRecord(setup: GameSetup, moves: readonly Move<Action>[]): RobberyRecord {
  return {
    format: RECORD_FORMAT,
    players: [...setup.names],
    deck: [...setup.deck],
    moves: moves.map((m) => ('chance' in m ? { chance: m.chance } : { seat: m.seat, action: m.action })),
    ...(setup.memoryAid ? { memoryAid: true as const } : {}),
  };
}

/** A record's shape (exit 2 if it is not one); the moves are not yet judged. */
export function readRecord(json: unknown): { ok: true; setup: GameSetup; moves: Move<Action>[] } | { ok: false; message: string } {
  const parsed = RecordSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: describeIssue(parsed.error.issues[0], []) };
  const record = parsed.data;
  const moves: Move<Action>[] = [];
  for (const [i, move] of record.moves.entries()) {
    const isChance = typeof move === 'object' && move !== null && !Array.isArray(move) && 'chance' in move;
    const one = (isChance ? ChanceMoveSchema : SeatMoveSchema).safeParse(move);
    if (!one.success) {
      const where = ['moves', i];
      if (typeof move !== 'object' || move === null || Array.isArray(move)) return { ok: false, message: `moves[${i}]: a move is {seat, action} or {chance}` };
      return { ok: false, message: describeIssue(one.error.issues[0], where) };
    }
    moves.push(one.data as Move<Action>);
  }
  return { ok: true, setup: { names: record.players, deck: record.deck, ...(record.memoryAid ? { memoryAid: true } : {}) }, moves };
}

/** What `robbery replay` prints: raids finished, each seat's banked loot in points (after any B9.3 discard), the
 * alibis (B9.1), the arrested (B9.2), the winners once finished. */
export interface ReplaySummary {
  readonly raids: number;
  readonly loot: number[];
  readonly alibis: number[];
  readonly arrested: number[];
  readonly winners: number[];
  readonly finished: boolean;
}

export function summarize(state: GameState): ReplaySummary {
  const finished = state.phase.kind === 'over';
  return {
    raids: state.reckoning !== null ? 4 : state.raid - 1,
    loot: state.players.map((p) => lootPoints(p.banked)),
    alibis: state.reckoning ? [...state.reckoning.alibis] : state.players.map((p) => alibiCount(p.banked)),
    arrested: state.reckoning ? [...state.reckoning.arrested] : [],
    winners: state.result ? [...state.result.winners] : [],
    finished,
  };
}

function describeIssue(issue: z.core.$ZodIssue | undefined, prefix: readonly PropertyKey[]): string {
  if (!issue) return 'invalid record';
  const path = [...prefix, ...issue.path].map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  return `${path || 'record'}: ${issue.message}`;
}
