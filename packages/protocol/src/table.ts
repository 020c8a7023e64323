// The table around a game: its settings, seats, who is connected, the turn clock, the numbered log.

import { z } from 'zod';
import type { DeepReadonly } from './readonly.ts';
import { GameEventSchema, SeatSchema } from '@razzia/game-razzia/schemas';
import { PlayerNameSchema, TableIdSchema, TableNameSchema } from './ids.ts';

export const BOT_IDS = ['random', 'greedy'] as const;
export const BotIdSchema = z.enum(BOT_IDS);
export type BotId = z.infer<typeof BotIdSchema>;
export { BOT_NAMES, BOT_NAME_PATTERN } from './constants.ts';

export const VisibilitySchema = z.enum(['public', 'private']);

/** Seconds a seat has for each decision; on timeout a bot plays that decision for the seat. */
export const MIN_CLOCK = 5;
export const MAX_CLOCK = 600;
export const ClockSecondsSchema = z.int().min(MIN_CLOCK).max(MAX_CLOCK);

export const TableSettingsSchema = z.strictObject({
  name: TableNameSchema,
  players: z.int().min(2).max(5),
  visibility: VisibilitySchema,
  /** null: no clock. */
  clock: ClockSecondsSchema.nullable(),
});
export type TableSettings = z.infer<typeof TableSettingsSchema>;

export const OccupantSchema = z.strictObject({
  name: PlayerNameSchema,
  /** null for a person; the bot's id for a bot seat. */
  bot: BotIdSchema.nullable(),
  /** A person with at least one open connection (bots are always connected). */
  connected: z.boolean(),
  /** This seat's owner created the table and holds its controls. */
  host: z.boolean(),
  /** A bot plays for this person while they are away (the host asked, with `stand-in`), until they come back. */
  standIn: z.boolean(),
});

export const SeatInfoSchema = z.strictObject({
  seat: SeatSchema,
  occupant: OccupantSchema.nullable(),
});

export const TableStatusSchema = z.enum(['waiting', 'playing', 'over']);

export const TableInfoSchema = z.strictObject({
  id: TableIdSchema,
  name: TableNameSchema,
  players: z.int().min(2).max(5),
  visibility: VisibilitySchema,
  clock: ClockSecondsSchema.nullable(),
  status: TableStatusSchema,
  seats: z.array(SeatInfoSchema).min(2).max(5),
  /** The running decision's clock: whose it is and milliseconds left when this message was sent. */
  turnClock: z.strictObject({ seat: SeatSchema, remainingMs: z.int().min(0) }).nullable(),
  /** Set once somebody asked for a rematch: the new table. */
  rematch: TableIdSchema.nullable(),
  spectators: z.int().min(0),
  createdAt: z.int(),
});
export type TableInfo = DeepReadonly<z.infer<typeof TableInfoSchema>>;

/** Things that happen at the table but outside the rules. */
export const TableNoticeSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('seat-taken'), seat: SeatSchema, name: PlayerNameSchema, bot: BotIdSchema.nullable() }),
  z.strictObject({ type: z.literal('seat-freed'), seat: SeatSchema, name: PlayerNameSchema, reason: z.enum(['left', 'removed']) }),
  z.strictObject({ type: z.literal('game-started') }),
  /** The seat's clock ran out: a bot made this one decision for it. */
  z.strictObject({ type: z.literal('timed-out'), seat: SeatSchema }),
  z.strictObject({ type: z.literal('rematch'), table: TableIdSchema }),
  /** The seat's person is away: a bot plays for them from now on, until they come back. */
  z.strictObject({ type: z.literal('stand-in'), seat: SeatSchema }),
  /** The seat's person is back and plays again. */
  z.strictObject({ type: z.literal('stand-in-ended'), seat: SeatSchema }),
]);
export type TableNotice = DeepReadonly<z.infer<typeof TableNoticeSchema>>;

/** One numbered line of a table's log: a rule event or a table notice. Numbers start at 1 and have no gaps. */
export const LogEntrySchema = z.strictObject({
  seq: z.int().min(1),
  /** Server time, ms since the epoch. */
  at: z.int(),
  event: z.union([GameEventSchema, TableNoticeSchema]),
});
export type LogEntry = DeepReadonly<z.infer<typeof LogEntrySchema>>;

export const LobbyEntrySchema = z.strictObject({
  id: TableIdSchema,
  name: TableNameSchema,
  players: z.int().min(2).max(5),
  seated: z.int().min(0).max(5),
  status: TableStatusSchema,
  clock: ClockSecondsSchema.nullable(),
  spectators: z.int().min(0),
  names: z.array(PlayerNameSchema),
});
export type LobbyEntry = DeepReadonly<z.infer<typeof LobbyEntrySchema>>;

