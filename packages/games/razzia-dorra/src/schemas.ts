// zod schemas of the game's data as it travels: decisions (their shape only), views, events, options and the
// set-up. Every object is strict, so a field the engine did not mean to publish fails validation in tests and
// clients. The only module besides record.ts that imports zod: types and pure helpers stay zod-free.

import { z } from 'zod';
import { CHIT_VALUES, MAX_PLAYERS, MIN_PLAYERS } from './components.ts';
import type { Action, GameEvent, GameSetup, GameView } from './types.ts';

export const SeatSchema = z.int().min(0).max(MAX_PLAYERS - 1);
export const BarSchema = z.int().min(0).max(5);
export const CardSchema = z.strictObject({ bar: BarSchema, kind: z.enum(['gambler', 'raid']), dice: z.int().min(1).max(6) });
// Sets of values as literals rather than refinements, so the JSON Schema published from these lists them too.
export const ChitSchema = z.literal([...CHIT_VALUES], { error: `a chit is one of ${CHIT_VALUES.join(', ')}` });
export const AnswerSchema = z.enum(['accept', 'refuse']);
const count = z.int().min(0).max(100);
const perSeat = <T extends z.ZodType>(item: T) => z.array(item).min(MIN_PLAYERS).max(MAX_PLAYERS);
const chits = z.array(ChitSchema).max(84);
const cards = z.array(CardSchema).max(72);

export const DealSchema = z.strictObject({
  bar: BarSchema,
  parties: z.array(SeatSchema).min(2).max(MAX_PLAYERS),
  chits: chits.min(1),
  to: z.array(SeatSchema).max(84),
});

export const DuelSchema = z.strictObject({
  bar: BarSchema,
  stake: chits.min(1),
  answers: perSeat(AnswerSchema.nullable()),
  champion: SeatSchema,
  challengers: z.array(SeatSchema).min(1).max(MAX_PLAYERS - 1),
  first: SeatSchema,
  second: SeatSchema,
  rolls: z.array(z.int().min(1).max(6)).max(1),
});

export const PhaseViewSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('shuffle'), what: z.enum(['supply', 'deck']) }),
  z.strictObject({ kind: z.literal('place'), extra: ChitSchema }),
  z.strictObject({ kind: z.literal('pick'), chosen: perSeat(z.boolean()) }),
  z.strictObject({ kind: z.literal('propose'), deal: DealSchema }),
  z.strictObject({ kind: z.literal('answer'), deal: DealSchema, answered: perSeat(z.boolean()), answer: AnswerSchema.nullable() }),
  z.strictObject({ kind: z.literal('duel'), duel: DuelSchema }),
  z.strictObject({ kind: z.literal('reshuffle'), toDeal: z.array(SeatSchema).min(1).max(MAX_PLAYERS) }),
  z.strictObject({ kind: z.literal('over') }),
]);

export const GameViewSchema = z.strictObject({
  viewer: SeatSchema.nullable(),
  names: perSeat(z.string()),
  round: z.int().min(0).max(15),
  rounds: z.literal([12, 15] as number[], { error: 'a game has 12 or 15 rounds' }),
  dealer: SeatSchema,
  bars: z.literal([4, 6] as number[], { error: 'four or six bars are in play' }),
  barChits: z.array(chits).min(4).max(6),
  money: perSeat(chits),
  hand: z.array(CardSchema).max(5).nullable(),
  handSizes: perSeat(z.int().min(0).max(5)),
  table: perSeat(CardSchema.nullable()),
  deckSize: count,
  supplySize: count,
  discard: cards,
  phase: PhaseViewSchema,
  version: z.int().min(0),
});

const share = z.strictObject({ seat: SeatSchema, chits });

export const GameEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('shuffled'), what: z.enum(['supply', 'deck', 'discard']), size: count }),
  z.strictObject({ type: z.literal('round-started'), round: z.int().min(1).max(15), dealer: SeatSchema }),
  z.strictObject({ type: z.literal('dealt'), seat: SeatSchema, count: z.int().min(1).max(5), cards: z.array(CardSchema).max(5).nullable() }),
  z.strictObject({ type: z.literal('chits-laid'), chits: z.array(ChitSchema.nullable()).min(4).max(6), extra: ChitSchema.nullable() }),
  z.strictObject({ type: z.literal('chit-placed'), seat: SeatSchema, bar: BarSchema, chit: ChitSchema }),
  z.strictObject({ type: z.literal('picked'), seat: SeatSchema, card: CardSchema.nullable() }),
  z.strictObject({ type: z.literal('revealed'), cards: perSeat(CardSchema) }),
  z.strictObject({ type: z.literal('bar-quiet'), bar: BarSchema, reason: z.enum(['no-card', 'no-chits', 'raid-failed']) }),
  z.strictObject({ type: z.literal('took'), seat: SeatSchema, bar: BarSchema, chits: chits.min(1), reason: z.enum(['alone', 'raid', 'deal', 'duel']) }),
  z.strictObject({ type: z.literal('deal-opened'), bar: BarSchema, parties: z.array(SeatSchema).min(2).max(MAX_PLAYERS), chits: chits.min(1) }),
  z.strictObject({ type: z.literal('gave'), bar: BarSchema, chit: ChitSchema, to: SeatSchema }),
  z.strictObject({ type: z.literal('proposed'), bar: BarSchema, proposer: SeatSchema, shares: z.array(share).min(2).max(MAX_PLAYERS) }),
  z.strictObject({ type: z.literal('answered'), seat: SeatSchema, answer: AnswerSchema.nullable() }),
  z.strictObject({
    type: z.literal('answers-shown'),
    bar: BarSchema,
    answers: z.array(z.strictObject({ seat: SeatSchema, answer: AnswerSchema })).min(1).max(MAX_PLAYERS - 1),
  }),
  z.strictObject({ type: z.literal('duel-started'), bar: BarSchema, first: SeatSchema, second: SeatSchema, stake: chits.min(1) }),
  z.strictObject({ type: z.literal('rolled'), seat: SeatSchema, value: z.int().min(1).max(6), total: z.int().min(2).max(12) }),
  z.strictObject({ type: z.literal('duel-won'), bar: BarSchema, winner: SeatSchema, loser: SeatSchema }),
  z.strictObject({ type: z.literal('round-ended'), round: z.int().min(1).max(15) }),
  z.strictObject({ type: z.literal('game-over'), money: perSeat(z.int().min(0)), winners: z.array(SeatSchema).min(1).max(MAX_PLAYERS) }),
]);

/**
 * A decision as a client sends it and a record writes it: the shape only (its type and the JSON types of its
 * fields). Whether its values are legal — bar 9, a card not in the hand, a kind 'police' — is the rules' to say,
 * as in records (razzia-dorra-record/1, "Malformed or illegal").
 */
export const ActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('place'), bar: z.int({ error: 'a bar is a whole number' }) }),
    z.strictObject({
      type: z.literal('pick'),
      card: z.strictObject(
        { bar: z.int({ error: 'a bar is a whole number' }), kind: z.string({ error: 'a kind is a string' }), dice: z.int({ error: 'a dice number is a whole number' }) },
        { error: (issue) => (issue.code === 'invalid_type' ? 'a card is an object with bar, kind and dice' : undefined) },
      ),
    }),
    z.strictObject({ type: z.literal('give'), to: z.int({ error: 'a party is a seat number' }) }),
    z.strictObject({ type: z.literal('accept') }),
    z.strictObject({ type: z.literal('refuse') }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'an action type is place, pick, give, accept or refuse' : undefined) },
);

/** The game has no options: the player count is the table's. */
export const OptionsSchema = z.strictObject({});

/** The set-up: the names only (every shuffle is a chance move). */
export const SetupSchema = z.strictObject({ names: perSeat(z.string()) });

// The schemas must accept everything the engine publishes: these fail to compile if the two drift apart.
type DeepMutable<T> = T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
export type ViewFitsSchema = DeepMutable<GameView> extends z.input<typeof GameViewSchema> ? true : never;
export type EventFitsSchema = DeepMutable<GameEvent> extends z.input<typeof GameEventSchema> ? true : never;
export type ActionFitsSchema = DeepMutable<Action> extends z.input<typeof ActionSchema> ? true : never;
export type SetupFitsSchema = DeepMutable<GameSetup> extends z.input<typeof SetupSchema> ? true : never;
export const engineFitsSchemas: [ViewFitsSchema, EventFitsSchema, ActionFitsSchema, SetupFitsSchema] = [true, true, true, true];
