// The protocol as JSON Schema says as much as a JSON Schema can: names have a length bound, a push endpoint is https,
// and every place open to each game's own shapes (a view, a decision, a game event, a patch's value) says where that
// game's schema is.

import { describe, expect, it } from 'vitest';
import { protocolJsonSchema, type JsonSchema } from '../src/json-schema.ts';
import { MAX_CODE_POINTS_PER_CHARACTER, MAX_PLAYER_NAME, MAX_TABLE_NAME } from '../src/names.ts';

const defs = protocolJsonSchema().$defs as Record<string, JsonSchema>;
type Node = { [key: string]: unknown };

/** Every sub-schema of `schema`, depth first. */
function* walk(schema: unknown): Generator<Node> {
  if (Array.isArray(schema)) for (const s of schema) yield* walk(s);
  else if (schema && typeof schema === 'object') {
    yield schema as Node;
    for (const v of Object.values(schema)) yield* walk(v);
  }
}

const variant = (def: string, type: string) => [...walk(defs[def])].find((n) => (n.properties as Node | undefined)?.type && ((n.properties as Node).type as Node).const === type) as Node;

describe('the protocol as JSON Schema', () => {
  it('bounds every name: a player’s and a table’s, as the server checks them before counting characters', () => {
    const names = [...walk(defs)].filter((n) => typeof n.description === 'string' && /^a (player|table)'s name/.test(n.description));
    expect(names.length).toBeGreaterThan(5);
    for (const n of names)
      expect(n.maxLength, String(n.description)).toBe(((n.description as string).startsWith('a player') ? MAX_PLAYER_NAME : MAX_TABLE_NAME) * MAX_CODE_POINTS_PER_CHARACTER * 2);
  });

  it('takes only an https push endpoint, and no key it does not know', () => {
    const subscription = (variant('ClientMessage', 'push-subscribe').properties as Node).subscription as Node;
    expect(((subscription.properties as Node).endpoint as Node).pattern).toBe('^https:\\/\\/');
    expect(subscription.additionalProperties).toBe(false);
    expect(((subscription.properties as Node).keys as Node).additionalProperties).toBe(false);
  });

  it('says, at every place left open to the games, where the game’s own schema is', () => {
    const open = {
      'act.intent': (variant('ClientMessage', 'act').properties as Node).intent,
      'GamePayload.view': (defs.GamePayload!.properties as Node).view,
      'GamePayload.legal items': ((defs.GamePayload!.properties as Node).legal as Node).items,
      'LogEntry.event': (defs.LogEntry!.properties as Node).event,
      'PatchOp.v': (defs.PatchOp!.properties as Node).v,
    };
    for (const [place, schema] of Object.entries(open)) expect((schema as Node).description, place).toMatch(/GET \/api\/games\/:id\/schema/);
  });
});
