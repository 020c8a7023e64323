// zod schemas of Robbery's data as it travels: decisions, views, events, options and the deal. Every object is
// strict, so a field the engine did not mean to publish fails validation in tests and clients. Only this file
// and record.ts import zod: the rest of the package runs in a browser without it.

import { z } from 'zod';
import type { Action, GameEvent, GameSetup, GameView } from './types.ts';

export const SeatSchema = z.int().min(0).max(4);
export const RaidSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const numberValue = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export const CardSchema = z.union([numberValue, z.literal('boss'), z.literal('dog'), z.literal('greedy')]);
export const TileValueSchema = z.union([numberValue, z.literal('boss')]);
export const TileSchema = z.strictObject({ raid: RaidSchema, value: TileValueSchema });
const tiles = z.array(TileSchema).max(36);
const values = z.array(TileValueSchema).max(9);
const count = z.int().min(0).max(55);
const points = z.int().min(0).max(200);
const seats = z.array(SeatSchema).max(5);

export const PhaseSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('turn'), seat: SeatSchema }),
  z.strictObject({ kind: z.literal('guard'), seat: SeatSchema, thief: SeatSchema, tile: TileValueSchema }),
  z.strictObject({ kind: z.literal('reshuffle'), seat: SeatSchema, next: SeatSchema }),
  z.strictObject({ kind: z.literal('discard'), seat: SeatSchema }),
  z.strictObject({ kind: z.literal('over') }),
]);

export const ReckoningSchema = z.strictObject({
  alibis: z.array(count).min(2).max(5),
  arrested: seats,
  discarding: seats,
  discarded: z.array(tiles).min(2).max(5),
});

export const ResultSchema = z.strictObject({
  scores: z.array(points).min(2).max(5),
  winners: seats,
  byAlibis: z.boolean(),
  places: z.array(z.int().min(1).max(5)).min(2).max(5),
});

export const PlayerViewSchema = z.strictObject({
  handSize: z.int().min(0).max(5),
  loot: values,
  bankedCounts: z.array(z.int().min(0).max(9)).length(4),
});

export const GameViewSchema = z.strictObject({
  viewer: SeatSchema.nullable(),
  names: z.array(z.string()).min(2).max(5),
  memoryAid: z.boolean(),
  raid: RaidSchema,
  middle: values,
  dog: SeatSchema.nullable(),
  players: z.array(PlayerViewSchema).min(2).max(5),
  deckSize: count,
  discard: z.array(CardSchema).max(55),
  box: z.array(TileSchema).max(4),
  phase: PhaseSchema,
  hand: z.array(CardSchema).max(5).nullable(),
  banked: tiles.nullable(),
  alibis: count.nullable(),
  reckoning: ReckoningSchema.nullable(),
  final: z.strictObject({ banked: z.array(tiles).min(2).max(5), result: ResultSchema }).nullable(),
  version: z.int().min(0),
});

export const GameEventSchema = z.discriminatedUnion('type', [
  // Card, tile, reason and the Boss check's holder are null in a banked raid's faded entries (no memory aid, B8.3).
  z.strictObject({ type: z.literal('played'), seat: SeatSchema, card: CardSchema.nullable() }),
  z.strictObject({ type: z.literal('took'), seat: SeatSchema, raid: RaidSchema, tile: TileValueSchema.nullable(), from: SeatSchema.nullable() }),
  z.strictObject({ type: z.literal('dog-taken'), seat: SeatSchema, from: SeatSchema.nullable() }),
  z.strictObject({ type: z.literal('no-effect'), seat: SeatSchema, card: CardSchema.nullable(), reason: z.enum(['yours', 'nowhere']).nullable() }),
  z.strictObject({ type: z.literal('guard-asked'), seat: SeatSchema, thief: SeatSchema, tile: TileValueSchema.nullable() }),
  z.strictObject({ type: z.literal('guarded'), seat: SeatSchema, thief: SeatSchema, tile: TileValueSchema.nullable(), give: z.enum(['tile', 'dog']) }),
  z.strictObject({ type: z.literal('drew'), seat: SeatSchema, card: CardSchema.nullable() }),
  z.strictObject({ type: z.literal('reshuffled'), cards: count }),
  z.strictObject({ type: z.literal('raid-ended'), raid: RaidSchema, seat: SeatSchema }),
  z.strictObject({ type: z.literal('boss-check'), raid: RaidSchema, seat: SeatSchema.nullable(), kept: z.boolean().nullable() }),
  z.strictObject({ type: z.literal('banked'), raid: RaidSchema, counts: z.array(z.int().min(0).max(9)).min(2).max(5) }),
  z.strictObject({ type: z.literal('raid-started'), raid: RaidSchema, seat: SeatSchema }),
  z.strictObject({ type: z.literal('alibis-counted'), alibis: z.array(count).min(2).max(5), arrested: seats, discarding: seats }),
  z.strictObject({ type: z.literal('discarded'), seat: SeatSchema, tiles, points }),
  z.strictObject({ type: z.literal('loot-counted'), banked: z.array(tiles).min(2).max(5), scores: z.array(points).min(2).max(5) }),
  z.strictObject({ type: z.literal('game-over'), scores: z.array(points).min(2).max(5), winners: seats, byAlibis: z.boolean() }),
]);

/**
 * A decision as a client sends it: the shape only (a known type, exactly its own keys, of the right JSON types).
 * Whether its values are legal is the rules' to say, as in records (robbery-record/1): card 9, `from: 7` or
 * `give: "cat"` are rule errors, not malformed messages.
 */
export const ActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('play'),
      card: z.union([z.int(), z.string()], { error: 'a card is a whole number or a string' }),
      from: z.int({ error: 'from is a seat number' }).optional(),
      take: z.union([z.int(), z.string()], { error: 'take is a tile value: a whole number or a string' }).optional(),
    }),
    z.strictObject({ type: z.literal('guard'), give: z.string({ error: 'give is a string' }) }),
    z.strictObject({
      type: z.literal('discard'),
      tiles: z
        .array(
          z.strictObject({
            value: z.union([z.int(), z.string()], { error: 'a tile value is a whole number or a string' }),
            alibis: z.int({ error: 'alibis is a whole number' }),
          }),
          { error: 'tiles is a list of {value, alibis}' },
        )
        .max(36),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'an action type is play, guard or discard' : undefined) },
);

/** The table's options (the player count is the table's own): `memoryAid` (ours, off by default) keeps a banked
 * raid's moves whole in the log; off, they fade once banked (B8.3). */
export const OptionsSchema = z.strictObject({
  memoryAid: z.boolean({ error: 'memoryAid is true or false' }).default(false),
});

/** The deal (secret while the game runs): names and the 55 cards, top first (B2.1), and the memory aid. */
export const SetupSchema = z.strictObject({
  names: z.array(z.string()).min(2).max(5),
  deck: z.array(CardSchema).length(55),
  memoryAid: z.boolean().optional(),
});

// The schemas must accept everything the engine publishes: these fail to compile if the two drift apart.
type DeepMutable<T> = T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
export type ViewFitsSchema = DeepMutable<GameView> extends z.input<typeof GameViewSchema> ? true : never;
export type EventFitsSchema = DeepMutable<GameEvent> extends z.input<typeof GameEventSchema> ? true : never;
export type SetupFitsSchema = DeepMutable<GameSetup> extends z.input<typeof SetupSchema> ? true : never;
export type ActionFitsSchema = DeepMutable<Action> extends z.input<typeof ActionSchema> ? true : never;
export const engineFitsSchemas: [ViewFitsSchema, EventFitsSchema, SetupFitsSchema, ActionFitsSchema] = [true, true, true, true];
