// zod schemas of Razzia!'s data as it travels: decisions, views, events (R9: never the piles' contents), options
// and the deal. The protocol and the records are built from them. Every object is strict, so a field the engine
// did not mean to publish fails validation in tests and clients.

import { z } from 'zod';
import { BOOTY_KINDS, CARD_KINDS, type BootyKind, type CardKind } from './cards.ts';
import type { GameEvent, GameSetup } from './types.ts';
import type { GameView } from './view.ts';

export const SeatSchema = z.int().min(0).max(4);
export const ChequeSchema = z.int().min(1).max(16);
export const PileSchema = z.union([z.literal(0), z.literal(1)]);
export const BootyKindSchema = z.enum(BOOTY_KINDS as readonly BootyKind[] as [BootyKind, ...BootyKind[]]);
export const CardKindSchema = z.enum(CARD_KINDS as readonly CardKind[] as [CardKind, ...CardKind[]]);
const count = z.int().min(0).max(120);

export const EstateSchema = z.strictObject(
  Object.fromEntries(BOOTY_KINDS.map((kind) => [kind, count])) as Record<(typeof BOOTY_KINDS)[number], typeof count>,
);

export const PlayerStateSchema = z.strictObject({
  faceUp: z.array(ChequeSchema).max(16),
  faceDown: z.array(ChequeSchema).max(16),
  estate: EstateSchema,
});

export const AuctionKindSchema = z.enum(['police', 'full', 'court']);

export const AuctionSchema = z.strictObject({
  kind: AuctionKindSchema,
  trigger: SeatSchema,
  order: z.array(SeatSchema).max(5),
  next: z.int().min(0).max(5),
  high: z.strictObject({ seat: SeatSchema, cheque: ChequeSchema }).nullable(),
  chances: z.array(z.strictObject({ seat: SeatSchema, bid: ChequeSchema.nullable(), automatic: z.boolean() })).max(5),
});

export const PhaseSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('turn'), seat: SeatSchema }),
  z.strictObject({ kind: z.literal('auction'), auction: AuctionSchema }),
  z.strictObject({ kind: z.literal('over') }),
]);

const points = z.int().min(-100).max(200);
export const ScoreBreakdownSchema = z.strictObject({
  thieves: points,
  bodyguards: points,
  trinkets: points,
  carsAndDrivers: points,
  gold: points,
  businesses: points,
  cheques: points,
  total: points,
});

export const RoundResultSchema = z.strictObject({
  round: z.int().min(1).max(3),
  reason: z.enum(['police', 'cheques']),
  scores: z.array(ScoreBreakdownSchema).min(2).max(5),
});

export const GameViewSchema = z.strictObject({
  viewer: SeatSchema.nullable(),
  names: z.array(z.string()).min(2).max(5),
  round: z.int().min(1).max(3),
  players: z.array(PlayerStateSchema).min(2).max(5),
  centre: ChequeSchema,
  row: z.array(BootyKindSchema).max(7),
  policeLine: z.int().min(0).max(7),
  policeLimit: z.int().min(5).max(7),
  pileSizes: z.tuple([count, count]),
  phase: PhaseSchema,
  results: z.array(RoundResultSchema).max(3),
  outOfPlay: z.strictObject(
    Object.fromEntries(CARD_KINDS.map((kind) => [kind, count])) as Record<(typeof CARD_KINDS)[number], typeof count>,
  ),
  version: z.int().min(0),
});

export const GameEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('card-drawn'), seat: SeatSchema, pile: PileSchema, card: CardKindSchema }),
  z.strictObject({ type: z.literal('piles-split'), emptied: PileSchema, moved: count }),
  z.strictObject({
    type: z.literal('thieves-used'),
    seat: SeatSchema,
    positions: z.array(z.int().min(0).max(6)).max(7),
    cards: z.array(BootyKindSchema).max(7),
  }),
  z.strictObject({ type: z.literal('auction-opened'), kind: AuctionKindSchema, trigger: SeatSchema, order: z.array(SeatSchema).max(5) }),
  z.strictObject({ type: z.literal('bid'), seat: SeatSchema, cheque: ChequeSchema }),
  z.strictObject({ type: z.literal('passed'), seat: SeatSchema, automatic: z.boolean() }),
  z.strictObject({
    type: z.literal('auction-closed'),
    kind: AuctionKindSchema,
    winner: SeatSchema.nullable(),
    cheque: ChequeSchema.nullable(),
    cards: z.array(BootyKindSchema).max(7),
    centre: ChequeSchema.nullable(),
    discarded: z.array(BootyKindSchema).max(7),
  }),
  z.strictObject({ type: z.literal('turn'), seat: SeatSchema }),
  z.strictObject({ type: z.literal('round-ended'), round: z.int().min(1).max(3), reason: z.enum(['police', 'cheques']) }),
  z.strictObject({ type: z.literal('round-scored'), round: z.int().min(1).max(3), scores: z.array(ScoreBreakdownSchema).max(5) }),
  z.strictObject({ type: z.literal('round-started'), round: z.int().min(1).max(3), starter: SeatSchema }),
  z.strictObject({ type: z.literal('game-over'), totals: z.array(z.int()).max(5), winners: z.array(SeatSchema).max(5) }),
]);

/**
 * A decision as a client sends it: the shape only (type and integer fields); whether its values are legal is the
 * rules' to say (a pile 2 or a cheque 17 is a rule error, as in records: razzia-record/1, "The line between
 * the two"). An optional `seat` lets clients send actions as records write them; it must be the sender's own.
 */
export const IntentSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('draw'), pile: z.int(), seat: z.int().optional() }),
    z.strictObject({ type: z.literal('thief'), take: z.array(z.int()).max(16), seat: z.int().optional() }),
    z.strictObject({ type: z.literal('call'), seat: z.int().optional() }),
    z.strictObject({ type: z.literal('bid'), cheque: z.int(), seat: z.int().optional() }),
    z.strictObject({ type: z.literal('pass'), seat: z.int().optional() }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'an action type is draw, thief, call, bid or pass' : undefined) },
);

/** Razzia! has no options: the player count is the table's. */
export const OptionsSchema = z.strictObject({});

/** The deal (secret while the game runs): names, cheque sets, the centre cheque and both piles, top card first. */
export const SetupSchema = z.strictObject({
  names: z.array(z.string()).min(2).max(5),
  cheques: z.array(z.array(ChequeSchema)).min(2).max(5),
  centre: ChequeSchema,
  piles: z.tuple([z.array(CardKindSchema), z.array(CardKindSchema)]),
});

// The schemas must accept everything the engine publishes: these fail to compile if the two drift apart.
type DeepMutable<T> = T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
export type ViewFitsSchema = DeepMutable<GameView> extends z.input<typeof GameViewSchema> ? true : never;
export type EventFitsSchema = DeepMutable<GameEvent> extends z.input<typeof GameEventSchema> ? true : never;
export type SetupFitsSchema = DeepMutable<GameSetup> extends z.input<typeof SetupSchema> ? true : never;
export const engineFitsSchemas: [ViewFitsSchema, EventFitsSchema, SetupFitsSchema] = [true, true, true];
