// Game records, format razzia-record/1 (docs/records.md): write, read (validated with zod), summarise.
// The line between malformed and illegal: the shape is the format's (exit 2: an action is an object with a known
// `type`, an integer `seat` and exactly its own keys of the right JSON types); every value within that shape is
// judged by the rules (exit 1): seat 7, pile 2, cheque 17, `take: []` are illegal actions, not malformed records.

import type { Move } from '@razzia/contract';
import { z } from 'zod';
import { CARD_KINDS, type CardKind } from './cards.ts';
import { totals, winners } from './scoring.ts';
import type { Action, GameSetup, GameState, Intent } from './types.ts';

export const RECORD_FORMAT = 'razzia-record/1';

/** A game: how it was set up (inside `state`) and every decision taken since. */
export interface Game {
  readonly state: GameState;
  readonly actions: readonly Action[];
}

const seat = z.int({ error: 'a seat is a whole number' });
const kind = z.enum(CARD_KINDS as [CardKind, ...CardKind[]], {
  error: (issue) => `unknown card kind ${JSON.stringify(issue.input)} (R1.1)`,
});
const ActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ seat, type: z.literal('draw'), pile: z.int({ error: 'a pile is a whole number' }) }),
  z.strictObject({ seat, type: z.literal('thief'), take: z.array(z.int({ error: 'a position is a whole number' }), { error: 'take is a list of positions' }) }),
  z.strictObject({ seat, type: z.literal('call') }),
  z.strictObject({ seat, type: z.literal('bid'), cheque: z.int({ error: 'a cheque is a whole number' }) }),
  z.strictObject({ seat, type: z.literal('pass') }),
], { error: (issue) => (issue.code === 'invalid_union' ? 'an action type is draw, thief, call, bid or pass' : undefined) });

export const RecordSchema = z.looseObject({
  format: z.literal(RECORD_FORMAT),
  players: z.array(z.string()).min(2).max(5),
  cheques: z.array(z.array(z.int().min(1).max(16))),
  centre: z.int(),
  piles: z.tuple([z.array(kind), z.array(kind)]),
  actions: z.array(ActionSchema, { error: 'actions is a list of draw, thief, call, bid and pass actions' }),
});

export type RazziaRecord = z.infer<typeof RecordSchema>;

export function toRecord(game: Game): RazziaRecord {
  return writeRecord(game.state.secret.setup, game.actions);
}

export function writeRecord(setup: GameSetup, actions: readonly Action[]): RazziaRecord {
  return {
    format: RECORD_FORMAT,
    players: [...setup.names],
    cheques: setup.cheques.map((set) => [...set]),
    centre: setup.centre,
    piles: [[...setup.piles[0]], [...setup.piles[1]]],
    actions: actions.map((a) => ({ ...a }) as RazziaRecord['actions'][number]),
  };
}

/** A move as a record writes it: the action with its seat. Razzia! has no chance after the deal. */
export function actionOf(move: Move<Intent>): Action {
  if ('chance' in move) throw new Error('Razzia! has no chance moves after the deal');
  return { seat: move.seat, ...move.action } as Action;
}

export function moveOf(action: Action): Move<Intent> {
  const { seat: s, ...intent } = action;
  return { seat: s, action: intent as Intent };
}

/** A record's shape (exit 2 if it is not one); the moves are not yet judged. */
export function readRecord(json: unknown): { ok: true; setup: GameSetup; actions: Action[] } | { ok: false; message: string } {
  const parsed = RecordSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: describeIssue(parsed.error.issues[0]) };
  const record = parsed.data;
  return {
    ok: true,
    setup: { names: record.players, cheques: record.cheques, centre: record.centre, piles: record.piles },
    actions: record.actions as Action[],
  };
}

/** The replay result of the spec: points per scored round, totals, winners once finished. */
export interface ReplaySummary {
  readonly rounds: number[][];
  readonly total: number[];
  readonly winners: number[];
  readonly finished: boolean;
}

export function summarize(state: GameState): ReplaySummary {
  const finished = state.phase.kind === 'over';
  const total = totals(state.results, state.players.length);
  return {
    rounds: state.results.map((r) => r.scores.map((s) => s.total)),
    total,
    winners: finished ? winners(total) : [],
    finished,
  };
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'invalid record';
  const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  return `${path || 'record'}: ${issue.message}`;
}
