// Messages both ways over socket.io. A client emits `ClientMessage`s on the event "msg" with an acknowledgement
// callback and gets exactly one `Reply`; the server pushes `ServerMessage`s on the event "msg".
// Names follow the direction: ClientMessage = client → server, ServerMessage = server → client.

import { z } from 'zod';
import type { DeepReadonly } from './readonly.ts';
import { ChequeSchema, GameViewSchema, PileSchema, SeatSchema } from '@razzia/game-razzia/schemas';
import { PlayerNameSchema, TableIdSchema, TokenSchema } from './ids.ts';
import { BotIdSchema, LobbyEntrySchema, LogEntrySchema, TableInfoSchema, TableSettingsSchema } from './table.ts';

export { MAX_CLIENT_MESSAGE_BYTES, MESSAGE_EVENT, PING_EVENT } from './constants.ts';

/** A player's decision, as a client sends it: the seat comes from the token, never from the client. The
 * optional `seat` lets engine-style clients send actions as records write them; it must be the caller's own. */
export const IntentSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('draw'), pile: PileSchema, seat: SeatSchema.optional() }),
  z.strictObject({ type: z.literal('thief'), take: z.array(z.int().min(0).max(6)).min(1).max(7), seat: SeatSchema.optional() }),
  z.strictObject({ type: z.literal('call'), seat: SeatSchema.optional() }),
  z.strictObject({ type: z.literal('bid'), cheque: ChequeSchema, seat: SeatSchema.optional() }),
  z.strictObject({ type: z.literal('pass'), seat: SeatSchema.optional() }),
]);
export type Intent = z.infer<typeof IntentSchema>;

export const ClientMessageSchema = z.discriminatedUnion('type', [
  /** Follow a table (as its seat if this socket's token holds one, else as a spectator). `since`: the last log
   * number this client has; the reply then holds only what it missed, or a full snapshot if that is too much. */
  z.strictObject({ type: z.literal('watch'), table: TableIdSchema, since: z.int().min(0).optional() }),
  z.strictObject({ type: z.literal('unwatch'), table: TableIdSchema }),
  /** Take a free seat before the start. Without `seat`, the first free one. */
  z.strictObject({ type: z.literal('sit'), table: TableIdSchema, name: PlayerNameSchema, seat: SeatSchema.optional() }),
  /** Give one's seat up before the start. */
  z.strictObject({ type: z.literal('leave'), table: TableIdSchema }),
  /** Host: seat a bot (first free seat without `seat`). */
  z.strictObject({ type: z.literal('add-bot'), table: TableIdSchema, bot: BotIdSchema, seat: SeatSchema.optional() }),
  /** Host: remove a bot or an idle (disconnected) player before the start. */
  z.strictObject({ type: z.literal('remove'), table: TableIdSchema, seat: SeatSchema }),
  /** Host: start the game once every seat is taken. */
  z.strictObject({ type: z.literal('start'), table: TableIdSchema }),
  /** Host, during play: the greedy bot plays for a seated person who is not connected, until they come back
   * (their next connection ends it). Without a turn clock, this is how a table goes on when someone leaves. */
  z.strictObject({ type: z.literal('stand-in'), table: TableIdSchema, seat: SeatSchema }),
  /** A decision for one's own seat, made on the state `version` the client saw. */
  z.strictObject({ type: z.literal('act'), table: TableIdSchema, version: z.int().min(0), intent: IntentSchema }),
  /** After the end, anyone seated: a new table with the same seats. Everybody is told its id. */
  z.strictObject({ type: z.literal('rematch'), table: TableIdSchema }),
  /** Start or stop receiving the public lobby. */
  z.strictObject({ type: z.literal('lobby'), follow: z.boolean() }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];

export const ERROR_CODES = [
  'bad-message', // not one of ClientMessage (the error says which field)
  'too-large', // over MAX_CLIENT_MESSAGE_BYTES
  'rate-limited', // too many messages too fast from this socket
  'no-such-table',
  'not-watching', // act/sit/... on a table this socket does not watch
  'not-seated', // the token holds no seat at this table
  'not-host',
  'seat-taken',
  'name-taken', // another seat at this table has that name
  'no-free-seat',
  'already-seated',
  'not-removable', // a connected person cannot be removed or stood in for, nor a bot seat stood in for
  'not-waiting', // seat changes and start only before the game
  'not-full', // start with empty seats
  'not-playing', // an action before the start or after the end
  'not-over', // rematch or record before the end
  'stale-version', // the action was made on an older state
  'not-yours', // an intent naming another seat
  'rule', // the engine refused the action: see `rule`
  'shutting-down',
  'internal',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const WireErrorSchema = z.strictObject({
  code: ErrorCodeSchema,
  message: z.string(),
  /** For code 'rule': the engine's rule error (stable code and rule number, e.g. bid/not-higher, R6.3). */
  rule: z.strictObject({ code: z.string(), rule: z.string() }).optional(),
});
export type WireError = DeepReadonly<z.infer<typeof WireErrorSchema>>;

export type GameView = DeepReadonly<z.infer<typeof GameViewSchema>>;

/** Who the receiving connection is at this table. */
export const YouSchema = z.strictObject({ seat: SeatSchema.nullable(), host: z.boolean() });

/** Everything a client needs to draw a table from nothing. `log` holds the latest entries (all of a normal game). */
export const SnapshotSchema = z.strictObject({
  table: TableInfoSchema,
  you: YouSchema,
  game: GameViewSchema.nullable(),
  log: z.array(LogEntrySchema),
  /** The number of the newest log entry (0 when the log is empty). */
  seq: z.int().min(0),
});
export type Snapshot = DeepReadonly<z.infer<typeof SnapshotSchema>>;

export const ServerMessageSchema = z.discriminatedUnion('type', [
  /** A whole table, sent unasked when this connection's role changed (took or lost a seat) or it fell behind. */
  z.strictObject({ type: z.literal('snapshot'), snapshot: SnapshotSchema }),
  /** Something changed at a watched table: the new log entries, and the table and game as they are now.
   * `entries` continue the log without a gap; a client that sees a gap asks again with `watch` and `since`. */
  z.strictObject({
    type: z.literal('update'),
    table: TableInfoSchema,
    game: GameViewSchema.nullable(),
    entries: z.array(LogEntrySchema),
    seq: z.int().min(0),
  }),
  /** Only connection dots changed. */
  z.strictObject({ type: z.literal('presence'), table: TableIdSchema, connected: z.array(z.boolean()).max(5), spectators: z.int().min(0) }),
  z.strictObject({ type: z.literal('lobby'), tables: z.array(LobbyEntrySchema) }),
  /** The server is going away (deploy, restart): clients should show the reason and reconnect. */
  z.strictObject({ type: z.literal('closing'), reason: z.string() }),
]);
export type ServerMessage = DeepReadonly<z.infer<typeof ServerMessageSchema>>;

/** Replies, one per client message, by message type. */
export const ReplySchemas = {
  watch: z.discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('snapshot'), snapshot: SnapshotSchema }),
    /** The client missed only these entries; the current table and game come with them. */
    z.strictObject({
      mode: z.literal('catch-up'),
      table: TableInfoSchema,
      you: YouSchema,
      game: GameViewSchema.nullable(),
      entries: z.array(LogEntrySchema),
      seq: z.int().min(0),
    }),
  ]),
  unwatch: z.strictObject({}),
  /** The token is this browser's secret: keep it (e.g. localStorage) and present it on every connection. */
  sit: z.strictObject({ seat: SeatSchema, token: TokenSchema }),
  leave: z.strictObject({}),
  'add-bot': z.strictObject({ seat: SeatSchema }),
  remove: z.strictObject({}),
  start: z.strictObject({}),
  'stand-in': z.strictObject({}),
  act: z.strictObject({ version: z.int().min(0) }),
  rematch: z.strictObject({ table: TableIdSchema }),
  lobby: z.strictObject({ tables: z.array(LobbyEntrySchema) }),
} as const satisfies Record<ClientMessageType, z.ZodType>;

export type ReplyData<T extends ClientMessageType> = DeepReadonly<z.infer<(typeof ReplySchemas)[T]>>;
export type Reply<T extends ClientMessageType = ClientMessageType> =
  | ({ ok: true } & ReplyData<T>)
  | { ok: false; error: WireError };

/** socket.io handshake `auth` payload. */
export const HandshakeSchema = z.strictObject({ token: TokenSchema.optional() });

// HTTP ----------------------------------------------------------------------------------------------

/** POST /api/tables body. The Authorization header may carry the browser's token ("Bearer …"); the creator is the host. */
export const CreateTableRequestSchema = TableSettingsSchema;

export const CreateTableResponseSchema = z.strictObject({
  table: TableInfoSchema,
  /** The host's token (the one presented, or a new one): keep it like a seat token. */
  token: TokenSchema,
  /** Path of the shareable link, e.g. /t/<id>. */
  path: z.string(),
});

export const HttpErrorSchema = z.strictObject({ error: WireErrorSchema });
