// The table around a game: which game, its settings, seats, who is connected, the turn clocks, the numbered log.
// Game-specific data (views, events, decisions) travels as JSON the table's game defines and its schemas check.

import { z } from 'zod';
import type { DeepReadonly } from './readonly.ts';
import { MAX_CHAT_TEXT, MAX_SLOW_MODE, REACTIONS } from './constants.ts';
import { PlayerNameSchema, TableIdSchema, TableNameSchema } from './ids.ts';

/** Seats are numbered from 0, clockwise, in every message (and every error message); up to 8 seats. */
export const SeatSchema = z.int().min(0).max(7);

/** A game on this server: 'razzia', 'razzia-dorra', 'robbery'. GET /api/games lists them. */
export const GameIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'a game id is lower-case letters, digits and dashes');
export type GameId = z.infer<typeof GameIdSchema>;

/** A bot of the table's game: 'random', 'greedy', and for a game whose bots can search 'easy', 'normal', 'hard'
 * (GET /api/games lists each game's bots, weakest first). */
export const BotIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'a bot id is lower-case letters, digits and dashes');
export type BotId = z.infer<typeof BotIdSchema>;
export { BOT_NAMES, BOT_NAME_PATTERN } from './constants.ts';

export const VisibilitySchema = z.enum(['public', 'private']);

/** Seconds a seat has for each decision; on timeout a bot plays that decision for the seat. Up to 14 days. */
export const MIN_CLOCK = 5;
export const MAX_CLOCK = 14 * 24 * 3600;
export const ClockSecondsSchema = z.int().min(MIN_CLOCK).max(MAX_CLOCK);
export { CORRESPONDENCE_CLOCK, MISSES_BEFORE_REPLACED, isCorrespondence } from './constants.ts';

export const TableSettingsSchema = z.strictObject({
  /** The game played at this table (default 'razzia', the first game this server had). */
  game: GameIdSchema.default('razzia'),
  name: TableNameSchema,
  players: z.int().min(2).max(8),
  visibility: VisibilitySchema,
  /** null: no clock. */
  clock: ClockSecondsSchema.nullable(),
  /** The game's own options (checked by its options schema); none of today's games has any. */
  options: z.record(z.string(), z.unknown()).default({}),
  /** Seated players may ask the server for a hint on their own decision (`hint`); everyone sees who asked. */
  hints: z.boolean().default(false),
  /** A person whose clock runs out three times in a row is replaced by the greedy bot for the rest of the game
   * (the host's choice at opening; needs a clock). Default: every missed deadline is one decision by the bot. */
  replaceAfterMisses: z.boolean().optional(),
});
export type TableSettings = z.infer<typeof TableSettingsSchema>;
export type TableSettingsInput = z.input<typeof TableSettingsSchema>;

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
  /** The person missed three deadlines in a row at a table with `replaceAfterMisses`: a bot plays this seat for
   * the rest of the game (`standIn` is true too), whether they come back or not. */
  replaced: z.boolean(),
});

export const SeatInfoSchema = z.strictObject({
  seat: SeatSchema,
  occupant: OccupantSchema.nullable(),
});

export const TableStatusSchema = z.enum(['waiting', 'playing', 'over']);

/** One running decision's clock: whose, and milliseconds left when the message was sent. */
export const ClockSchema = z.strictObject({ seat: SeatSchema, remainingMs: z.int().min(0) });
export type Clock = z.infer<typeof ClockSchema>;

/** 32 bytes as 64 lower-case hex digits: a fair-draws seed, commitment or contribution. */
export const Hex32Schema = z.string().regex(/^[0-9a-f]{64}$/, '32 bytes as 64 lower-case hex digits');

/**
 * Fair draws (docs/protocol.md, "Fair draws"): the server's commitment to its secret seed, published when the table
 * opens; each seat's contribution once its person sent one (`contribute`, before the start), null otherwise; and the
 * seed itself, revealed once the game is over (null until then). Every chance outcome is drawn from the seed and the
 * contributions as docs/records.md says, so anyone can check a finished game.
 */
export const FairInfoSchema = z.strictObject({
  commitment: Hex32Schema,
  contributions: z.array(Hex32Schema.nullable()).max(8),
  seed: Hex32Schema.nullable(),
});
export type FairInfo = z.infer<typeof FairInfoSchema>;
/** Seconds between two chat lines of one spectator, 0 for none. */
export const SlowModeSchema = z.int().min(0).max(MAX_SLOW_MODE);

export const TableInfoSchema = z.strictObject({
  id: TableIdSchema,
  game: GameIdSchema,
  name: TableNameSchema,
  players: z.int().min(2).max(8),
  visibility: VisibilitySchema,
  clock: ClockSecondsSchema.nullable(),
  /** Whether seated players may ask for hints at this table (set when it was opened). */
  hints: z.boolean(),
  /** A person who misses three deadlines in a row is replaced by the greedy bot for good (set when it was opened). */
  replaceAfterMisses: z.boolean(),
  status: TableStatusSchema,
  /** The seats whose decision is awaited now (empty before the start, after the end and at a chance step). */
  awaiting: z.array(SeatSchema).max(8),
  seats: z.array(SeatInfoSchema).min(2).max(8),
  /** A clock per seat whose decision is awaited, when the table has a clock and that seat is a person. */
  clocks: z.array(ClockSchema).max(8),
  /** Set once somebody asked for a rematch: the new table. */
  rematch: TableIdSchema.nullable(),
  spectators: z.int().min(0),
  createdAt: z.int(),
  /** Whose chat the host muted: seats, and whether every spectator. */
  muted: z.strictObject({ seats: z.array(SeatSchema).max(8), spectators: z.boolean() }),
  /** The host's slow mode: seconds a spectator waits between two chat lines (0: off). Seated players never wait. */
  slowMode: SlowModeSchema,
  /** A moment of the game (a round's summary): the table waits, no bot moves and no clock runs, until the seats in
   * `waiting` have sent `ready` (or acted, or left) or until `until` (server time, ms). null when not paused. */
  pause: z.strictObject({ until: z.int(), waiting: z.array(SeatSchema).max(8) }).nullable(),
  /** The table's fair draws; null at a table opened before the server drew them (its chance is not verifiable). */
  fair: FairInfoSchema.nullable(),
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
  /** The seat's person missed three deadlines in a row (a table with `replaceAfterMisses`): a bot plays the seat
   * for the rest of the game. */
  z.strictObject({ type: z.literal('replaced'), seat: SeatSchema }),
  /** The host muted (or unmuted) a seat's chat, or every spectator's. */
  z.strictObject({ type: z.literal('mute'), target: z.union([SeatSchema, z.literal('spectators')]), muted: z.boolean() }),
  /** The host set the slow mode: each spectator may say one line every `seconds` (0: off). */
  z.strictObject({ type: z.literal('slow-mode'), seconds: SlowModeSchema }),
  /** The seat asked for a hint on its decision (at a table that allows them): the hint went to that seat alone. */
  z.strictObject({ type: z.literal('hint-asked'), seat: SeatSchema }),
  /** A moment of the game: the table waits for these seats' people to move on (`ready`), until `until` at most. */
  z.strictObject({ type: z.literal('paused'), waiting: z.array(SeatSchema).max(8), until: z.int() }),
  /** This seat's person moved on (sent `ready`, decided, or left). */
  z.strictObject({ type: z.literal('ready'), seat: SeatSchema }),
  /** The pause is over (everyone moved on, or its longest time passed): clocks and bots go on where they were. */
  z.strictObject({ type: z.literal('resumed') }),
  /** This seat's person sent its contribution to the fair draws (the value is in the table's `fair`). */
  z.strictObject({ type: z.literal('contributed'), seat: SeatSchema }),
  /** The seat's person continues on another device too (redeemed a device code): both hold the seat now. */
  z.strictObject({ type: z.literal('device-added'), seat: SeatSchema }),
]);
export type TableNotice = DeepReadonly<z.infer<typeof TableNoticeSchema>>;
export const NOTICE_TYPES: ReadonlySet<string> = new Set(TableNoticeSchema.options.map((o) => o.shape.type.value));

export { MAX_CHAT_TEXT, MAX_SLOW_MODE, REACTIONS } from './constants.ts';

/**
 * One line of table chat: from a seat, or from a spectator (marked as such, with the name they gave). Chat is the
 * table's, never the game's: it is in the table's log (so a reload shows it) and never in a game record.
 */
export const ChatLineSchema = z.strictObject({
  type: z.literal('said'),
  from: z.union([z.strictObject({ seat: SeatSchema }), z.strictObject({ spectator: PlayerNameSchema })]),
  text: z.string().max(MAX_CHAT_TEXT).optional(),
  reaction: z.enum(REACTIONS).optional(),
});
export type ChatLine = DeepReadonly<z.infer<typeof ChatLineSchema>>;

/**
 * One numbered line of a table's log: a game event (in the form this viewer may see: an event hidden from them
 * arrives redacted, never skipped) or a table notice. Numbers start at 1 and have no gaps.
 */
export const LogEntrySchema = z.strictObject({
  seq: z.int().min(1),
  /** Server time, ms since the epoch. */
  at: z.int(),
  /** 'game': one of the table's game's events (checked by its event schema); 'table': a TableNotice; 'chat': a
   * ChatLine. */
  kind: z.enum(['game', 'table', 'chat']),
  event: z
    .looseObject({ type: z.string() })
    .describe(
      'By `kind`: "game", one of the game\'s events ($defs.event of GET /api/games/:id/schema, in the form this viewer may see); "table", a TableNotice; "chat", a ChatLine (both in $defs here).',
    ),
});
export type LogEntry = DeepReadonly<z.infer<typeof LogEntrySchema>>;

export const LobbyEntrySchema = z.strictObject({
  id: TableIdSchema,
  game: GameIdSchema,
  name: TableNameSchema,
  players: z.int().min(2).max(8),
  seated: z.int().min(0).max(8),
  status: TableStatusSchema,
  clock: ClockSecondsSchema.nullable(),
  spectators: z.int().min(0),
  names: z.array(PlayerNameSchema),
});
export type LobbyEntry = DeepReadonly<z.infer<typeof LobbyEntrySchema>>;

/** What GET /api/games says of one game. */
export const GameInfoSchema = z.strictObject({
  id: GameIdSchema,
  name: z.string(),
  designer: z.string(),
  seats: z.strictObject({ min: z.int(), max: z.int() }),
  /** The bots a host may seat (`add-bot`), weakest first: the id to send, a name and a sentence for a menu. */
  bots: z.array(z.strictObject({ id: BotIdSchema, name: z.string(), description: z.string() })),
  /** The game's options with their defaults ({} when it has none). */
  options: z.record(z.string(), z.unknown()),
  /** The `format` of its records. */
  recordFormat: z.string(),
});
export type GameInfo = DeepReadonly<z.infer<typeof GameInfoSchema>>;
