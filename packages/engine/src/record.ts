// Game records, format razzia-record/1 (shared/spec/razzia-record.md): write, read (validated with zod), replay.

import { z } from 'zod';
import { apply } from './apply.ts';
import { CARD_KINDS, type CardKind } from './cards.ts';
import { totals, winners } from './scoring.ts';
import { startGame } from './setup.ts';
import type { Action, GameSetup, GameState, RuleError } from './types.ts';

export const RECORD_FORMAT = 'razzia-record/1';

/** A game: how it was set up (inside `state`) and every decision taken since. */
export interface Game {
  readonly state: GameState;
  readonly actions: readonly Action[];
}

const seat = z.int({ error: 'a seat is a whole number 0 to 4' }).min(0).max(4);
const kind = z.enum(CARD_KINDS as [CardKind, ...CardKind[]], {
  error: (issue) => `unknown card kind ${JSON.stringify(issue.input)} (R1.1)`,
});
const ActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ seat, type: z.literal('draw'), pile: z.union([z.literal(0), z.literal(1)], { error: 'a pile is 0 or 1' }) }),
  z.strictObject({ seat, type: z.literal('thief'), take: z.array(z.int().min(0).max(6)).min(1).max(7) }),
  z.strictObject({ seat, type: z.literal('call') }),
  z.strictObject({ seat, type: z.literal('bid'), cheque: z.int().min(1).max(16) }),
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
  const setup = game.state.secret.setup;
  return {
    format: RECORD_FORMAT,
    players: [...setup.names],
    cheques: setup.cheques.map((set) => [...set]),
    centre: setup.centre,
    piles: [[...setup.piles[0]], [...setup.piles[1]]],
    actions: game.actions.map((a) => ({ ...a }) as RazziaRecord['actions'][number]),
  };
}

export type RecordError =
  | { readonly kind: 'malformed'; readonly message: string }
  | { readonly kind: 'illegal'; readonly index: number; readonly action: Action; readonly error: RuleError };

export type RecordResult = { readonly ok: true; readonly game: Game } | { readonly ok: false; readonly error: RecordError };

/** Reads a record (already parsed JSON) and replays every action. */
export function fromRecord(json: unknown): RecordResult {
  const parsed = RecordSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: { kind: 'malformed', message: describeIssue(parsed.error.issues[0]) } };
  const record = parsed.data;
  const setup: GameSetup = {
    names: record.players,
    cheques: record.cheques,
    centre: record.centre,
    piles: record.piles,
  };
  const started = startGame(setup);
  if (!started.ok) return { ok: false, error: { kind: 'malformed', message: started.error } };
  let state = started.state;
  const actions = record.actions as Action[];
  for (let index = 0; index < actions.length; index++) {
    const action = actions[index] as Action;
    const result = apply(state, action);
    if (!result.ok) return { ok: false, error: { kind: 'illegal', index, action, error: result.error } };
    state = result.state;
  }
  return { ok: true, game: { state, actions } };
}

/** Reads a record from its JSON text. */
export function parseRecord(text: string): RecordResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: { kind: 'malformed', message: `not valid JSON: ${(e as Error).message}` } };
  }
  return fromRecord(json);
}

/** One line that says what is wrong with a record. */
export function describeRecordError(error: RecordError): string {
  if (error.kind === 'malformed') return `malformed record: ${error.message}`;
  return `illegal action ${error.index} (${JSON.stringify(error.action)}): ${error.error.rule} ${error.error.code}: ${error.error.message}`;
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
