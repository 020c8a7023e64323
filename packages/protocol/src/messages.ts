// Messages both ways over socket.io. A client emits `ClientMessage`s on the event "msg" with an acknowledgement
// callback and gets exactly one `Reply`; the server pushes `ServerMessage`s on the event "msg", in one ordered
// stream per socket. Names follow the direction: ClientMessage = client → server, ServerMessage = server → client.

import { z } from 'zod';
import type { DeepReadonly } from './readonly.ts';
import { DEVICE_CODE_PATTERN } from './device-code.ts';
import { PlayerNameSchema, TableIdSchema, TokenSchema } from './ids.ts';
import { PushSubscriptionSchema } from './push.ts';
import {
  BotIdSchema,
  Hex32Schema,
  ClockSchema,
  ClockSecondsSchema,
  VisibilitySchema,
  MAX_CHAT_TEXT,
  REACTIONS,
  GameInfoSchema,
  LobbyEntrySchema,
  LogEntrySchema,
  SeatSchema,
  SlowModeSchema,
  TableInfoSchema,
  TableSettingsSchema,
} from './table.ts';

export { FLOOD_CUT_OFF, MAX_CLIENT_MESSAGE_BYTES, MESSAGE_EVENT, PING_EVENT, PROTOCOL, PROTOCOL_QUERY } from './constants.ts';

/** A device code as the server issues it (12 characters of Crockford's base 32, capitals, no dashes: see
 * device-code.ts for how a client reads what people type). */
export const DeviceCodeSchema = z.string().regex(DEVICE_CODE_PATTERN, 'a device code is 12 characters: digits and capitals without I, L, O and U');

/** A decision of the table's game, as a client sends it and as `legal` lists it: open here, since each game has its
 * own; the server checks it against the game's action schema. */
const DecisionSchema = z
  .looseObject({ type: z.string() })
  .describe("A decision of the table's game. Its exact shape is the game's: $defs.action of GET /api/games/:id/schema, against which the server checks it.");

export const ClientMessageSchema = z.discriminatedUnion('type', [
  /** Follow a table (as its seat if this socket's token holds one, else as a spectator). `since`: the last log
   * number this client has; the snapshot then holds only what it missed, if that is not too much. */
  z.strictObject({ type: z.literal('watch'), table: TableIdSchema, since: z.int().min(0).optional() }),
  z.strictObject({ type: z.literal('unwatch'), table: TableIdSchema }),
  /** Take a free seat before the start. Without `seat`, the first free one. */
  z.strictObject({ type: z.literal('sit'), table: TableIdSchema, name: PlayerNameSchema, seat: SeatSchema.optional() }),
  /** Give one's seat up before the start. */
  z.strictObject({ type: z.literal('leave'), table: TableIdSchema }),
  /** Host: seat a bot of the table's game (first free seat without `seat`). */
  z.strictObject({ type: z.literal('add-bot'), table: TableIdSchema, bot: BotIdSchema, seat: SeatSchema.optional() }),
  /** Host: remove a bot or an idle (disconnected) player before the start. */
  z.strictObject({ type: z.literal('remove'), table: TableIdSchema, seat: SeatSchema }),
  /** Host: start the game once every seat is taken. */
  z.strictObject({ type: z.literal('start'), table: TableIdSchema }),
  /** Host, during play: the greedy bot plays for a seated person who is not connected, until they come back
   * (their next connection ends it). Without a turn clock, this is how a table goes on when someone leaves. */
  z.strictObject({ type: z.literal('stand-in'), table: TableIdSchema, seat: SeatSchema }),
  /** A decision for one's own seat (the game's action, checked by its schema), made on the game `version` the
   * client saw. Accepted while that decision is still open, even if others decided since (simultaneous choices). */
  z.strictObject({ type: z.literal('act'), table: TableIdSchema, version: z.int().min(0), intent: DecisionSchema }),
  /** After the end, anyone seated: a new table with the same seats. Everybody is told its id. */
  z.strictObject({ type: z.literal('rematch'), table: TableIdSchema }),
  /** Start or stop receiving the public lobby. */
  z.strictObject({ type: z.literal('lobby'), follow: z.boolean() }),
  /** A chat line at a watched table: words (1 to 200 characters) or one quick reaction. A spectator gives the name
   * its line is shown under (marked as a spectator's); a seat's line is shown under its seat. */
  z
    .strictObject({
      type: z.literal('say'),
      table: TableIdSchema,
      text: z.string().trim().min(1, 'say something').max(MAX_CHAT_TEXT, `a chat line is at most ${MAX_CHAT_TEXT} characters`).optional(),
      reaction: z.enum(REACTIONS).optional(),
      name: PlayerNameSchema.optional(),
    })
    // Exactly one of the two, checked at the door like the rest of the shape (and said so in the JSON Schema).
    .refine((m) => (m.text === undefined) !== (m.reaction === undefined), { error: 'a chat line is words or a reaction: exactly one of the two', path: ['text'] })
    .meta({ oneOf: [{ required: ['text'] }, { required: ['reaction'] }] }),
  /** Host: mute or unmute a seat's chat, or every spectator's. */
  z.strictObject({ type: z.literal('mute'), table: TableIdSchema, target: z.union([SeatSchema, z.literal('spectators')]), muted: z.boolean() }),
  /** Host: the slow mode, for a big audience: each spectator may say one line every `seconds` (0: off). */
  z.strictObject({ type: z.literal('slow-mode'), table: TableIdSchema, seconds: SlowModeSchema }),
  /** A seated player whose decision is awaited, at a table with `hints`: what the 'normal' bot would decide in
   * their place, from their own view. Only the asker gets it (in the reply); the log says that they asked. */
  z.strictObject({ type: z.literal('hint'), table: TableIdSchema }),
  /** A seated player has finished with a moment of the game (closed the round's summary): the table need not
   * wait for them any more. Harmless (ok, nothing changes) when the table is not waiting for this seat. */
  z.strictObject({ type: z.literal('ready'), table: TableIdSchema }),
  /** A seated person, before the start: 32 random bytes of its own for the fair draws, sent after seeing the table's
   * commitment. The first one counts; another from the same seat changes nothing (ok). */
  z.strictObject({ type: z.literal('contribute'), table: TableIdSchema, value: Hex32Schema }),
  /** Web Push, on this device, for the token's seats: a browser's PushSubscription (its `toJSON()`), made with the
   * server's key (GET /api/push/key) after the person clicked to turn it on. Needs a token. */
  z.strictObject({ type: z.literal('push-subscribe'), subscription: PushSubscriptionSchema }),
  /** No more pushes to this device. */
  z.strictObject({ type: z.literal('push-unsubscribe'), endpoint: z.string().max(1000) }),
  /** This tab is open and visible (or not any more): no push goes to its device (the subscription's `endpoint`)
   * while it is. Say it on every change and every minute while visible: it holds for VISIBLE_FOR_MS. */
  z.strictObject({ type: z.literal('visibility'), visible: z.boolean(), endpoint: z.string().max(1000).optional() }),
  /** "Continue on another device": a seated player asks for a short code (single use, for ten minutes) that lets
   * another device of theirs hold this seat too. A newer code for the seat replaces the one before. */
  z.strictObject({ type: z.literal('device-code'), table: TableIdSchema }),
  /** On the other device: redeem a code. This connection's token (a new one if it has none) then holds the seat too. */
  z.strictObject({ type: z.literal('redeem'), code: DeviceCodeSchema }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];

export const ERROR_CODES = [
  'bad-message', // not one of ClientMessage, an unknown event name, or extra arguments (the error says which)
  'too-large', // over MAX_CLIENT_MESSAGE_BYTES
  'rate-limited', // too many messages too fast from this socket
  'unknown-token', // a token this server never issued
  'no-such-table',
  'not-watching', // act/sit/... on a table this socket does not watch
  'not-seated', // the token holds no seat at this table
  'not-host',
  'seat-taken',
  'name-taken', // another seat at this table has that name, or one that looks the same
  'no-free-seat',
  'already-seated',
  'not-removable', // a connected person cannot be removed or stood in for, nor a bot seat stood in for
  'not-waiting', // seat changes and start only before the game
  'not-full', // start with empty seats
  'not-playing', // an action before the start or after the end
  'not-over', // rematch or record before the end
  'stale-version', // the action was made on a state older than this seat's open decision
  'future-version', // the action names a game version the game has not reached
  'not-yours', // an intent naming another seat; a push subscription another browser holds
  'rule', // the game's rules refused the action: see `rule`
  'muted', // the host muted this seat's (or the spectators') chat
  'hints-off', // a hint at a table that does not allow them
  'not-your-turn', // a hint for a seat whose decision is not awaited
  'paused', // internal, never sent: a thinking bot's answer while the table waits at a moment (held until its end)
  'wrong-code', // a device code this server did not issue, or not with these characters
  'code-expired', // a device code past its ten minutes, replaced by a newer one, tried too often, or whose seat changed hands
  'code-used', // a device code that was redeemed already
  'not-found', // HTTP: no such route
  'shutting-down',
  'wrong-protocol', // the handshake names a protocol version this server does not speak: reload the page
  'internal',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const WireErrorSchema = z.strictObject({
  code: ErrorCodeSchema,
  message: z.string(),
  /** For code 'rule': the game's rule error (stable code and rule number, e.g. bid/not-higher, R6.3). */
  rule: z.strictObject({ code: z.string(), rule: z.string() }).optional(),
});
export type WireError = DeepReadonly<z.infer<typeof WireErrorSchema>>;

/** The outcome of a finished game: points per seat, the winners (several share a tie) and each seat's place by the
 * game's rules (1 the best, ties sharing; the winners are the seats in place 1): the order to rank players in. */
export const OutcomeSchema = z.strictObject({
  scores: z.array(z.number()).max(8),
  winners: z.array(SeatSchema).max(8),
  /** Sent by every server since 0.1.0; a reader treats it as absent when it is (an older server's outcome), e.g.
   * ranking by `scores`. Within a protocol version fields are only added, and a newer one may be missing. */
  places: z.array(z.int().min(1).max(8)).max(8).optional(),
});

/**
 * A game as one viewer sees it. `view` is the game's view for this viewer (checked by the game's view schema);
 * `legal` lists exactly the decisions this seat may send now (empty for spectators and for seats not awaited).
 */
export const GamePayloadSchema = z.strictObject({
  /** How many moves the game has had: every decision and every chance outcome (a die, a shuffle) counts one. */
  version: z.int().min(0),
  /** The seats whose decision the game waits for now (several at once for a simultaneous choice). */
  awaiting: z.array(SeatSchema).max(8),
  /** The version at which this seat's open decision opened (it stays while others decide, e.g. a simultaneous
   * pick); null when the game does not wait for this viewer. A hint thought on an older version than this was
   * about a decision that is gone. Sent by every server since 0.1.0 (an older one's payload lacks it: absent). */
  opened: z.int().min(0).nullable().optional(),
  view: z
    .looseObject({})
    .describe("The game as this viewer may see it. Its exact shape is the game's: $defs.view of GET /api/games/:id/schema (or $defs.payload there for the whole payload)."),
  legal: z.array(DecisionSchema),
  outcome: OutcomeSchema.nullable(),
});
export type GamePayload = DeepReadonly<z.infer<typeof GamePayloadSchema>>;

export const PatchOpSchema = z.strictObject({
  p: z.array(z.union([z.string(), z.int().min(0)])).describe('The path in the game payload: keys and array indexes from its root.'),
  v: z
    .unknown()
    .optional()
    .describe("The new value at `p`, any JSON: a part of the game payload, whose shape is the game's ($defs.payload of GET /api/games/:id/schema). Absent: the value at `p` is removed."),
});

/** Who the receiving connection is at this table. */
export const YouSchema = z.strictObject({ seat: SeatSchema.nullable(), host: z.boolean() });

/**
 * Everything a client needs to draw a table. `log` holds the entries numbered `from + 1` to `seq`: all of them
 * (from 0) for a new watcher, or only those a reconnecting client missed (from = its `since`).
 */
export const SnapshotSchema = z.strictObject({
  table: TableInfoSchema,
  you: YouSchema,
  game: GamePayloadSchema.nullable(),
  from: z.int().min(0),
  log: z.array(LogEntrySchema),
  /** The number of the newest log entry (0 when the log is empty). */
  seq: z.int().min(0),
});
export type Snapshot = DeepReadonly<z.infer<typeof SnapshotSchema>>;

export const ServerMessageSchema = z.discriminatedUnion('type', [
  /** A whole table: after `watch`, when this connection's role changed (took or lost a seat), or to resync. */
  z.strictObject({ type: z.literal('snapshot'), snapshot: SnapshotSchema }),
  /**
   * Something changed at a watched table. `entries` continue the log without a gap (first = your seq + 1);
   * `game` is this viewer's game patched from `from` (your game's version) or in `full`; `table` comes only when
   * the table itself changed (seats, status, rematch); `clocks` are always current. A client that sees a gap
   * (or a patch from another version) asks again with `watch` and `since`.
   */
  z.strictObject({
    type: z.literal('update'),
    table: TableIdSchema,
    seq: z.int().min(1),
    entries: z.array(LogEntrySchema).min(1),
    clocks: z.array(ClockSchema).max(8),
    info: TableInfoSchema.optional(),
    game: z.union([z.strictObject({ full: GamePayloadSchema }), z.strictObject({ from: z.int().min(0), patch: z.array(PatchOpSchema) })]).optional(),
  }),
  /** Only connection dots changed. */
  z.strictObject({ type: z.literal('presence'), table: TableIdSchema, connected: z.array(z.boolean()).max(8), spectators: z.int().min(0) }),
  z.strictObject({ type: z.literal('lobby'), tables: z.array(LobbyEntrySchema) }),
  /** The server is going away (deploy, restart): its connections close next; clients reconnect by themselves. */
  z.strictObject({ type: z.literal('closing'), reason: z.string() }),
  /** The first message of every connection: the protocol version the server speaks (the newest; it accepted the
   * client's), its release (semver) and the version of the web client it serves (`<semver>+<commit>`): a page of
   * another version may reload to get it. Servers before 0.2.0 send none. */
  z.strictObject({ type: z.literal('welcome'), protocol: z.int().min(1), release: z.string().max(64), web: z.string().max(128) }),
]);
export type ServerMessage = DeepReadonly<z.infer<typeof ServerMessageSchema>>;
export type UpdateMessage = Extract<ServerMessage, { type: 'update' }>;

/** Replies, one per client message, by message type. */
export const ReplySchemas = {
  /** The table itself arrives as a `snapshot` message just before this reply. */
  watch: z.strictObject({ seq: z.int().min(0) }),
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
  say: z.strictObject({}),
  mute: z.strictObject({}),
  'slow-mode': z.strictObject({}),
  ready: z.strictObject({}),
  contribute: z.strictObject({}),
  /** `intent`: one of the asker's `legal` decisions at game `version`; `winChance`: the bot's estimate (0..1) of the
   * asker's chance of winning after it. */
  hint: z.strictObject({ version: z.int().min(0), intent: DecisionSchema, winChance: z.number().min(0).max(1) }),
  'push-subscribe': z.strictObject({}),
  'push-unsubscribe': z.strictObject({}),
  visibility: z.strictObject({}),
  /** The code to show (and carry in a QR code), and when it stops working (server time, ms). */
  'device-code': z.strictObject({ code: DeviceCodeSchema, expiresAt: z.int() }),
  /** The table and seat this device now holds too, and its token (the one it connected with, or a new one): keep it
   * as `sit`'s. */
  redeem: z.strictObject({ table: TableIdSchema, seat: SeatSchema, token: TokenSchema }),
} as const satisfies Record<ClientMessageType, z.ZodType>;

export type ReplyData<T extends ClientMessageType> = DeepReadonly<z.infer<(typeof ReplySchemas)[T]>>;
export type Reply<T extends ClientMessageType = ClientMessageType> =
  | ({ ok: true } & ReplyData<T>)
  | { ok: false; error: WireError };

/** socket.io handshake `auth` payload. A token the server did not issue is refused: connect_error with
 * `data.code` 'unknown-token' (forget it and connect without one). */
export const HandshakeSchema = z.strictObject({ token: TokenSchema.optional() });

// HTTP ----------------------------------------------------------------------------------------------

/** POST /api/tables body. The Authorization header may carry the browser's token ("Bearer …"); the creator is the host.
 * A name alone opens a table: a private Razzia! table for the game's fewest players, without a clock or hints. */
export const CreateTableRequestSchema = TableSettingsSchema.extend({
  /** Default: the game's fewest seats (GET /api/games: `seats.min`). */
  players: TableSettingsSchema.shape.players.optional(),
  visibility: VisibilitySchema.default('private'),
  clock: ClockSecondsSchema.nullable().default(null),
});
export type CreateTableRequest = z.input<typeof CreateTableRequestSchema>;

export const CreateTableResponseSchema = z.strictObject({
  table: TableInfoSchema,
  /** The host's token (the one presented, or a new one): keep it like a seat token. */
  token: TokenSchema,
  /** Path of the shareable link, e.g. /t/<id>. */
  path: z.string(),
});

export const GamesResponseSchema = z.strictObject({ games: z.array(GameInfoSchema) });

/** GET /api/push/key: the server's VAPID public key (uncompressed P-256, base64url), for `pushManager.subscribe`. */
export const PushKeyResponseSchema = z.strictObject({ key: z.string() });

export const HttpErrorSchema = z.strictObject({ error: WireErrorSchema });
