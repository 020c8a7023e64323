// docs/protocol.md and docs/protocol/<game>.md promise that a stranger can write a client from them alone: the
// example bot, taken from the page as it is, plays a whole game against the real server; the JSON Schemas the server
// publishes hold every message of whole games of every game, for every viewer, redacted forms included; and the
// pages name exactly what the schemas have — every message, error code, notice, decision, view field, phase and
// event — so neither can change without the other.

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ClientMessageSchema, NOTICE_TYPES, ServerMessageSchema, TableNoticeSchema, type ClientMessage } from '@razzia/protocol';
import { gameJsonSchema, protocolJsonSchema, type JsonSchema } from '@razzia/protocol/json-schema';
import { GAMES } from '../src/games.ts';
import { TestClient, autoPlay, createTable, seatedTable, testServer, type Intent } from './harness.ts';

const repo = new URL('../../../', import.meta.url).pathname;
const page = (path: string) => readFileSync(join(repo, 'docs', path), 'utf8');
let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

describe('docs/protocol.md', () => {
  it('its complete bot client, copied from the page, takes a seat by the link and plays a whole game', async () => {
    const code = /## A complete bot client[\s\S]*?```js\n([\s\S]*?)```/.exec(page('protocol.md'))?.[1];
    expect(code).toBeDefined();
    // Beside the server's node_modules, so `import 'socket.io-client'` resolves as it would for the reader.
    const dir = join(repo, 'apps', 'server', 'test-artifacts');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'doc-bot.mjs'), code as string);

    const { id, token } = await createTable(server, { players: 2, visibility: 'private' });
    const host = await TestClient.connect(server.url, token);
    await host.watch(id);
    await host.must({ type: 'sit', table: id, name: 'Host' });
    const bot = spawn(process.execPath, [join(dir, 'doc-bot.mjs'), `${server.url}/t/${id}`, 'DocBot'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    bot.stdout.on('data', (d) => (output += d));
    bot.stderr.on('data', (d) => (output += d));
    try {
      await host.waitFor((m) => m.type === 'update' && m.table.seats[1]?.occupant?.name === 'DocBot');
      const done = autoPlay(host, id);
      await host.must({ type: 'start', table: id });
      const final = await done;
      expect(final.results).toHaveLength(3);
      await new Promise<void>((resolve) => {
        if (output.includes('game over')) return resolve();
        bot.stdout.on('data', () => output.includes('game over') && resolve());
      });
      expect(output).toContain('seated at 1');
      expect(output).not.toMatch(/error|Error/);
    } finally {
      bot.kill();
      host.close();
    }
  });

  it('names every client message, server message, error code and table notice the protocol has, and nothing else', () => {
    const doc = page('protocol.md');
    const firstColumn = (heading: string) => tableRows(section(doc, heading)).map((r) => names(r[0] ?? ''));
    expect(firstColumn('## Client → server').flat().sort()).toEqual(ClientMessageSchema.options.map((o) => o.shape.type.value).sort());
    expect(firstColumn('## Server → client').flat().sort()).toEqual(ServerMessageSchema.options.map((o) => o.shape.type.value).sort());
    expect(firstColumn('## Errors').flat().sort()).toEqual([...ERROR_CODES].sort());
    // Table notices: each with exactly its fields.
    const notices = new Map(tableRows(section(doc, '### The log')).map(([type, fields]) => [names(type ?? '').join(), names(fields ?? '').sort()] as const));
    expect([...notices.keys()].sort()).toEqual([...NOTICE_TYPES].sort());
    for (const option of TableNoticeSchema.options)
      expect(notices.get(option.shape.type.value), option.shape.type.value).toEqual(Object.keys(option.shape).filter((k) => k !== 'type').sort());
  });
});

describe('docs/protocol/<game>.md', () => {
  for (const game of GAMES) {
    it(`${game.id}.md explains exactly the decisions, view fields, phases and events of ${game.name}'s JSON Schema`, () => {
      const doc = page(`protocol/${game.id}.md`);
      const { $defs } = gameJsonSchema(game);
      const byType = (schema: JsonSchema, key: string) =>
        new Map(variants(schema).map((v) => [constOf(v, key), Object.keys(propertiesOf(v)).filter((k) => k !== key).sort()] as const));
      const rows = (heading: string, key: string) =>
        new Map(
          tableRows(section(doc, heading)).flatMap(([name, fields]) => names(name ?? '').map((n) => [n, names(fields ?? '').map((f) => f.replace(/\?$/, '')).sort()] as const)),
        ).entries();
      // Each row names one type and exactly its fields.
      expect(new Map(rows('## Decisions', 'type'))).toEqual(byType($defs.action as JsonSchema, 'type'));
      expect(new Map(rows('### Phases', 'kind'))).toEqual(byType(propertiesOf($defs.view as JsonSchema).phase as JsonSchema, 'kind'));
      expect(new Map(rows('## Events', 'type'))).toEqual(byType($defs.event as JsonSchema, 'type'));
      expect(tableRows(section(doc, '## The view')).flatMap(([name]) => names(name ?? '')).sort()).toEqual(Object.keys(propertiesOf($defs.view as JsonSchema)).sort());
      expect(tableRows(section(doc, '## Options')).flatMap(([name]) => names(name ?? '')).sort()).toEqual(Object.keys(propertiesOf($defs.options as JsonSchema)).sort());
      // Every field of every nested object of the view and the events is explained somewhere on the page.
      // (In prose and tables: the examples in code blocks do not count. `type` is each event table's first column.)
      const prose = doc.replace(/```[\s\S]*?```/g, '');
      const quoted = new Set([...prose.matchAll(/`([^`]+)`/g)].flatMap((m) => (m[1] as string).split(/[^A-Za-z0-9_:-]+/)));
      const missing = [...fieldNames($defs.view as JsonSchema), ...fieldNames($defs.event as JsonSchema)].filter((f) => f !== 'type' && !quoted.has(f));
      expect([...new Set(missing)]).toEqual([]);
    });
  }
});

describe('the JSON Schemas the server publishes', () => {
  const ajv = new Ajv2020({ strict: true });
  const valid = (id: string, def: string, value: unknown): string | null => {
    const validate = ajv.getSchema(`${id}#/$defs/${def}`);
    if (!validate) throw new Error(`no schema ${id}#/$defs/${def}`);
    return validate(value) ? null : `${def}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value).slice(0, 300)}`;
  };

  it('hold every message, reply, game payload and log entry of a whole game of every game, for a seat and a spectator', async () => {
    const served = async (path: string) => (await (await fetch(`${server.url}${path}`)).json()) as { $id: string };
    const wire = await served('/api/protocol/schema');
    ajv.addSchema(wire);
    const plays = [
      { game: 'razzia', players: 2 },
      { game: 'razzia-dorra', players: 4 },
      { game: 'robbery', players: 3 },
    ];
    for (const { game, players } of plays) {
      const doc = await served(`/api/games/${game}/schema`);
      ajv.addSchema(doc);
      const { id, clients } = await seatedTable(server, { game, players, people: ['Person'], bots: Array(players - 1).fill('random') });
      const person = clients[0] as TestClient;
      const spectator = await TestClient.connect(server.url);
      const problems: string[] = [];
      for (const client of [person, spectator]) {
        const send = client.send.bind(client);
        client.send = (async (message: ClientMessage) => {
          const reply = await send(message);
          const problem = valid(wire.$id, `Reply.${message.type}`, reply);
          if (problem) problems.push(problem);
          return reply;
        }) as typeof client.send;
      }
      await spectator.watch(id);
      await spectator.must({ type: 'say', table: id, text: 'good luck', name: 'Kibitzer' });
      let turn = 0;
      const done = autoPlay(person, id, (legal: readonly Intent[]) => legal[turn++ % legal.length] as Intent);
      await person.must({ type: 'start', table: id });
      await done;
      await spectator.waitFor((m) => m.type === 'update' && m.payload?.outcome !== null && m.payload?.outcome !== undefined);
      for (const client of [person, spectator]) {
        for (const raw of client.raw) {
          const message = JSON.parse(raw) as { type: string; entries?: Entry[]; snapshot?: { log: Entry[]; game: unknown }; game?: { full?: unknown } };
          for (const problem of [
            valid(wire.$id, 'ServerMessage', message),
            ...[...(message.entries ?? []), ...(message.snapshot?.log ?? [])].map((e) =>
              valid(e.kind === 'game' ? doc.$id : wire.$id, e.kind === 'game' ? 'event' : e.kind === 'table' ? 'TableNotice' : 'ChatLine', e.event),
            ),
            message.snapshot?.game ? valid(doc.$id, 'payload', message.snapshot.game) : null,
            message.game?.full ? valid(doc.$id, 'payload', message.game.full) : null,
          ])
            if (problem) problems.push(problem);
        }
        // Every payload as the client held it after each message (patches applied).
        for (const frame of client.frames)
          if ((frame.type === 'update' || frame.type === 'snapshot') && frame.held.game) {
            const problem = valid(doc.$id, 'payload', frame.held.game);
            if (problem) problems.push(problem);
          }
      }
      // The redacted forms were among them: the person saw bots' secret events redacted.
      const redacted = person.raw.some((m) => /"(card|cards|answer)":null/.test(m));
      if (game !== 'razzia') expect(redacted, game).toBe(true);
      expect(problems.slice(0, 5), game).toEqual([]);
      for (const c of [person, spectator]) c.close();
    }
  });
});

type Entry = { kind: 'game' | 'table' | 'chat'; event: unknown };

/** The part of a Markdown page from a heading to the next heading of the same or a higher level. */
function section(doc: string, heading: string): string {
  const level = /^#+/.exec(heading)?.[0].length ?? 2;
  const start = doc.split('\n').findIndex((l) => l.startsWith(`${heading}`));
  if (start < 0) throw new Error(`no section ${heading}`);
  const lines = doc.split('\n').slice(start + 1);
  const end = lines.findIndex((l) => new RegExp(`^#{1,${level}} `).test(l));
  return lines.slice(0, end < 0 ? undefined : end).join('\n');
}

/** The body rows of a section's first table, as cells (the header and its rule left out). */
function tableRows(text: string): string[][] {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const table: string[] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    table.push(line);
  }
  return table.map((l) => l.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim()));
}

/** The names in backticks in a cell, with string quotes taken off (`"spectators"`). */
function names(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => (m[1] as string).replace(/^"|"$/g, ''));
}

function variants(schema: JsonSchema): JsonSchema[] {
  return ((schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined) ?? [schema];
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
}

function constOf(schema: JsonSchema, key: string): string {
  return (propertiesOf(schema)[key] as { const: string }).const;
}

/** Every property name anywhere in a schema, nested objects, arrays and unions included. */
function fieldNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(fieldNames);
  if (schema === null || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  return [...Object.keys((s.properties as object | undefined) ?? {}), ...Object.entries(s).flatMap(([k, v]) => (k === 'properties' ? Object.values(v as object).flatMap(fieldNames) : fieldNames(v)))];
}
