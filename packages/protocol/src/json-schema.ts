// The wire contract as JSON Schema (draft 2020-12), generated from the zod schemas themselves, so it cannot drift
// from what the server checks: the messages both ways, and for each game its options, decisions, view and events.
// Served by GET /api/protocol/schema and GET /api/games/:id/schema; docs/protocol*.md explain them in prose.

import { z } from 'zod';
import { PlayerNameSchema, TableNameSchema } from './ids.ts';
import { MAX_CODE_POINTS_PER_CHARACTER, MAX_PLAYER_NAME, MAX_TABLE_NAME } from './names.ts';
import {
  ClientMessageSchema,
  CreateTableRequestSchema,
  CreateTableResponseSchema,
  GamePayloadSchema,
  GamesResponseSchema,
  HandshakeSchema,
  HttpErrorSchema,
  OutcomeSchema,
  PatchOpSchema,
  ReplySchemas,
  ServerMessageSchema,
  SnapshotSchema,
  WireErrorSchema,
} from './messages.ts';
import { ChatLineSchema, LobbyEntrySchema, LogEntrySchema, TableInfoSchema, TableNoticeSchema } from './table.ts';

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export type JsonSchema = { readonly [key: string]: unknown };

/** A document whose `$defs` are the schemas (each one standalone: no references between them). A validator reaches
 * one as `#/$defs/<name>`. */
export interface JsonSchemaDocument {
  readonly $schema: typeof JSON_SCHEMA_DIALECT;
  readonly $id: string;
  readonly title: string;
  readonly description: string;
  readonly $defs: Readonly<Record<string, JsonSchema>>;
}

/** Names are normalised by a transform (names.ts), which JSON Schema cannot say: it says what a name is, and the bound
 * in UTF-16 code units the server checks first (no character as people see it is longer than its bound). */
const NAMES = new Map<unknown, JsonSchema>([
  [
    PlayerNameSchema,
    {
      type: 'string',
      minLength: 1,
      maxLength: MAX_PLAYER_NAME * MAX_CODE_POINTS_PER_CHARACTER * 2,
      description: `a player's name: 1 to ${MAX_PLAYER_NAME} characters as people see them (grapheme clusters), normalised (docs/protocol.md, Names)`,
    },
  ],
  [
    TableNameSchema,
    {
      type: 'string',
      minLength: 1,
      maxLength: MAX_TABLE_NAME * MAX_CODE_POINTS_PER_CHARACTER * 2,
      description: `a table's name: 1 to ${MAX_TABLE_NAME} characters as people see them (grapheme clusters), normalised (docs/protocol.md, Names)`,
    },
  ],
]);

/**
 * One schema as JSON Schema. Always the *input* side of the zod schema — what it accepts — which for the messages
 * the server sends is what a client may receive (their output differs only by names being normalised), and for
 * what a client sends is what it may send (fields with a default may be left out).
 */
export function toJsonSchema(schema: z.ZodType, description?: string): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    override: (ctx) => {
      const name = NAMES.get(ctx.zodSchema);
      if (!name) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[key];
      Object.assign(ctx.jsonSchema, name);
    },
  }) as JsonSchema;
  return description ? { description, ...json } : json;
}

/** The zod schemas of a game that travel on the wire (GameDef's `schemas`). */
export interface GameWireSchemas {
  readonly options: z.ZodType;
  readonly action: z.ZodType;
  readonly view: z.ZodType;
  readonly event: z.ZodType;
}

/** GET /api/games/:id/schema: a game's options, decisions, view, events and whole game payload. */
export function gameJsonSchema(game: { readonly id: string; readonly name: string; readonly schemas: GameWireSchemas }): JsonSchemaDocument {
  const { options, action, view, event } = game.schemas;
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: `/api/games/${game.id}/schema`,
    title: `${game.name} (${game.id}): options, decisions, view and events`,
    description: `What travels on the wire for a table of ${game.name}, by its game's own schemas; explained in docs/protocol/${game.id}.md.`,
    $defs: {
      options: toJsonSchema(options, 'The game\'s options: `options` of POST /api/tables (and `options` in GET /api/games).'),
      action: toJsonSchema(action, 'A decision: the `intent` of an `act` message, and each item of a game payload\'s `legal` list.'),
      view: toJsonSchema(view, 'The game as one viewer sees it (a seat, or a spectator with `viewer` null): a game payload\'s `view`.'),
      event: toJsonSchema(
        event,
        'A game event: the `event` of a log entry whose `kind` is "game", in every form a viewer receives — an event hidden from a viewer arrives in its redacted form (its secret fields null), never skipped.',
      ),
      payload: toJsonSchema(
        GamePayloadSchema.extend({ view, legal: z.array(action) }),
        'A whole game payload (`game` of a snapshot, `full` of an update), with this game\'s view and decisions.',
      ),
    },
  };
}

/** GET /api/protocol/schema: every message both ways, the replies by message type, and the HTTP bodies. */
export function protocolJsonSchema(): JsonSchemaDocument {
  const replies = Object.fromEntries(
    Object.entries(ReplySchemas).map(([type, data]) => [
      `Reply.${type}`,
      toJsonSchema(
        z.union([z.strictObject({ ok: z.literal(true), ...(data as z.ZodObject).shape }), z.strictObject({ ok: z.literal(false), error: WireErrorSchema })]),
        `The one reply to a \`${type}\` message.`,
      ),
    ]),
  );
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: '/api/protocol/schema',
    title: 'Razzia Online protocol: messages both ways and HTTP bodies',
    description:
      'The wire contract of docs/protocol.md, for every game. Game-specific parts (a view, an event of kind "game", a decision) are open objects here: GET /api/games/:id/schema has each game\'s.',
    $defs: {
      ClientMessage: toJsonSchema(ClientMessageSchema, 'What a client emits on the socket.io event "msg", with an acknowledgement callback.'),
      ServerMessage: toJsonSchema(ServerMessageSchema, 'What the server pushes on the socket.io event "msg".'),
      ...replies,
      WireError: toJsonSchema(WireErrorSchema, 'The `error` of a refusal (`ok: false`) and of every HTTP error.'),
      Handshake: toJsonSchema(HandshakeSchema, 'The socket.io handshake `auth` payload.'),
      Snapshot: toJsonSchema(SnapshotSchema),
      TableInfo: toJsonSchema(TableInfoSchema),
      LobbyEntry: toJsonSchema(LobbyEntrySchema),
      LogEntry: toJsonSchema(LogEntrySchema),
      TableNotice: toJsonSchema(TableNoticeSchema, 'The `event` of a log entry whose `kind` is "table".'),
      ChatLine: toJsonSchema(ChatLineSchema, 'The `event` of a log entry whose `kind` is "chat".'),
      GamePayload: toJsonSchema(GamePayloadSchema),
      Outcome: toJsonSchema(OutcomeSchema),
      PatchOp: toJsonSchema(PatchOpSchema),
      CreateTableRequest: toJsonSchema(CreateTableRequestSchema, 'The body of POST /api/tables.'),
      CreateTableResponse: toJsonSchema(CreateTableResponseSchema, 'The 201 body of POST /api/tables.'),
      GamesResponse: toJsonSchema(GamesResponseSchema, 'The body of GET /api/games.'),
      HttpError: toJsonSchema(HttpErrorSchema, 'The body of every HTTP error.'),
    },
  };
}
