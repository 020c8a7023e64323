// Every HTTP route, with good and bad ids and bodies (supertest against the real server).

import { connect } from 'node:net';
import request from 'supertest';
import { fromRecord, summarize } from '@razzia/game-razzia';
import { ClientMessageSchema, CreateTableResponseSchema, GamesResponseSchema, HttpErrorSchema, LobbyEntrySchema, TableInfoSchema } from '@razzia/protocol';
import { gameJsonSchema, protocolJsonSchema } from '@razzia/protocol/json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_GAMES, TestClient, autoPlay, createTable, testServer } from './harness.ts';
import { operatorHeaders } from './support/operator.ts';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ createLimit: { perSecond: 100, burst: 100 } });
});
afterAll(async () => {
  await server.close();
});

const good = { name: 'Friday night', players: 4, visibility: 'public', clock: 60 };

describe('GET /api/games', () => {
  it('lists the games this server hosts, with their seats, bots, options and record format', async () => {
    const res = await request(server.url).get('/api/games').expect(200);
    const { games } = GamesResponseSchema.parse(res.body);
    expect(games.find((g) => g.id === 'razzia')).toEqual({
      id: 'razzia',
      name: 'Razzia!',
      designer: 'Reiner Knizia',
      seats: { min: 2, max: 5 },
      bots: ['random', 'greedy', 'easy', 'normal', 'hard'].map((id) => ({ id, name: expect.any(String), description: expect.any(String) })),
      options: {},
      recordFormat: 'razzia-record/1',
    });
    // Every game of the platform can sample what a seat does not see: all five, weakest first, named for a menu.
    for (const id of ['razzia-dorra', 'robbery']) expect(games.find((g) => g.id === id)?.bots.map((b) => b.id)).toEqual(['random', 'greedy', 'easy', 'normal', 'hard']);
    expect(games.find((g) => g.id === 'razzia')?.bots.find((b) => b.id === 'hard')).toMatchObject({ name: 'Hard' });
    // Robbery's one option, off by default (docs/rules/robbery.md B8.3).
    expect(games.find((g) => g.id === 'robbery')?.options).toEqual({ memoryAid: false });
    // A game that cannot (the test game) offers its own bots only.
    expect(games.find((g) => g.id === 'guess')?.bots.map((b) => b.id).sort()).toEqual(['greedy', 'random']);
  });
});

describe('POST /api/tables', () => {
  it('creates a table of a game, names the host by a fresh token and gives the link path', async () => {
    const res = await request(server.url).post('/api/tables').send(good).expect(201);
    const body = CreateTableResponseSchema.parse(res.body);
    expect(body.path).toBe(`/t/${body.table.id}`);
    expect(body.table).toMatchObject({ game: 'razzia', name: 'Friday night', players: 4, status: 'waiting', clock: 60, visibility: 'public', clocks: [] });
    expect(body.table.seats.every((s) => s.occupant === null)).toBe(true);
    expect(body.table.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // It carries the host's token: no cache (the browser's, a proxy's) may keep it.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('takes hints (default off), shown in the table to everyone; refuses a non-boolean', async () => {
    const on = await request(server.url).post('/api/tables').send({ ...good, hints: true }).expect(201);
    expect(CreateTableResponseSchema.parse(on.body).table.hints).toBe(true);
    const off = await request(server.url).post('/api/tables').send(good).expect(201);
    expect(CreateTableResponseSchema.parse(off.body).table.hints).toBe(false);
    const bad = await request(server.url).post('/api/tables').send({ ...good, hints: 'yes' }).expect(400);
    expect(HttpErrorSchema.parse(bad.body).error).toMatchObject({ code: 'bad-message', message: expect.stringContaining('hints') });
    // The test game cannot give hints.
    const guess = await request(server.url).post('/api/tables').send({ ...good, game: 'guess', players: 2, hints: true }).expect(400);
    expect(HttpErrorSchema.parse(guess.body).error.message).toMatch(/hints/);
  });

  it('opens a Robbery table with the memory aid on, kept in its settings', async () => {
    const res = await request(server.url).post('/api/tables').send({ ...good, game: 'robbery', options: { memoryAid: true } }).expect(201);
    expect(res.body.table.game).toBe('robbery');
    const table = await server.tables.get(res.body.table.id);
    expect(table?.record.settings.options).toEqual({ memoryAid: true });
  });

  it('keeps the token a browser presents, so the same browser hosts many tables', async () => {
    const first = await request(server.url).post('/api/tables').send(good).expect(201);
    const second = await request(server.url).post('/api/tables').set('authorization', `Bearer ${first.body.token}`).send(good).expect(201);
    expect(second.body.token).toBe(first.body.token);
    expect(second.body.table.id).not.toBe(first.body.table.id);
  });

  it.each([
    ['no body', undefined],
    ['no name', { players: 4, visibility: 'public', clock: null }],
    ['six players at Razzia! (2 to 5)', { ...good, players: 6 }],
    ['a game this server does not have', { ...good, game: 'chess' }],
    ['options a game does not have', { ...good, options: { fast: true } }],
    ['a memory aid that is not true or false', { ...good, game: 'robbery', options: { memoryAid: 'yes' } }],
    ['a name of zero-width spaces', { ...good, name: '\u200b\u200b' }],
    ['a name with a right-to-left override', { ...good, name: 'Friday \u202enight' }],
    ['one player', { ...good, players: 1 }],
    ['a two-second clock', { ...good, clock: 2 }],
    ['an empty name', { ...good, name: '   ' }],
    ['a 41-character name', { ...good, name: 'x'.repeat(41) }],
    ['an unknown visibility', { ...good, visibility: 'secret' }],
    ['an extra field', { ...good, colour: 'red' }],
    ['a string for players', { ...good, players: '4' }],
  ])('refuses %s with 400 bad-message', async (_what, body) => {
    const res = await request(server.url).post('/api/tables').send(body as object).expect(400);
    expect(res.body.error.code).toBe('bad-message');
    expect(res.body.error.message).toEqual(expect.any(String));
  });

  it('refuses invalid JSON with 400, a huge body with 413, and a token it did not issue with 401', async () => {
    expect((await request(server.url).post('/api/tables').set('content-type', 'application/json').send('{"name":').expect(400)).body.error.code).toBe('bad-message');
    expect((await request(server.url).post('/api/tables').send({ ...good, name: 'x'.repeat(20_000) }).expect(413)).body.error.code).toBe('too-large');
    expect((await request(server.url).post('/api/tables').set('authorization', 'Bearer not-a-token').send(good).expect(401)).body.error.code).toBe('unknown-token');
    // Well-formed, 43 URL-safe characters, but made up: not an identity.
    const madeUp = `Bearer ${'a'.repeat(43)}`;
    expect((await request(server.url).post('/api/tables').set('authorization', madeUp).send(good).expect(401)).body.error.code).toBe('unknown-token');
  });

  it('opens a table from a name alone: private, the game\'s fewest seats, no clock, no hints, Razzia! by default', async () => {
    const razzia = CreateTableResponseSchema.parse((await request(server.url).post('/api/tables').send({ name: 'Just a name' }).expect(201)).body);
    expect(razzia.table).toMatchObject({ game: 'razzia', name: 'Just a name', players: 2, visibility: 'private', clock: null, hints: false });
    const dorra = CreateTableResponseSchema.parse((await request(server.url).post('/api/tables').send({ name: 'Dorra', game: 'razzia-dorra' }).expect(201)).body);
    expect(dorra.table).toMatchObject({ game: 'razzia-dorra', players: 3, visibility: 'private', clock: null });
    // A private table is not listed.
    const lobby = (await request(server.url).get('/api/tables').expect(200)).body.tables.map((t: { id: string }) => t.id);
    expect(lobby).not.toContain(razzia.table.id);
  });

  it('stores a name as people see it: Unicode NFC, blanks collapsed, trimmed', async () => {
    const res = await request(server.url).post('/api/tables').send({ ...good, name: '  Cafe\u0301\u00a0  night ' }).expect(201);
    expect(res.body.table.name).toBe('Caf\u00e9 night');
  });
});

describe('GET /api/tables and /api/tables/:id', () => {
  it('lists public tables that are not over, never private ones', async () => {
    const pub = await createTable(server, { players: 3, name: 'Public one' });
    const priv = await createTable(server, { players: 3, name: 'Private one', visibility: 'private' });
    const res = await request(server.url).get('/api/tables').expect(200);
    const ids = res.body.tables.map((t: unknown) => LobbyEntrySchema.parse(t).id);
    expect(ids).toContain(pub.id);
    expect(ids).not.toContain(priv.id);
  });

  it('shows one table by id, private ones too (the link is the key)', async () => {
    const priv = await createTable(server, { players: 2, visibility: 'private' });
    const res = await request(server.url).get(`/api/tables/${priv.id}`).expect(200);
    expect(TableInfoSchema.parse(res.body.table).id).toBe(priv.id);
  });

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    expect((await request(server.url).get('/api/tables/short').expect(400)).body.error.code).toBe('bad-message');
    expect((await request(server.url).get(`/api/tables/${'Z'.repeat(22)}`).expect(404)).body.error.code).toBe('no-such-table');
    expect((await request(server.url).get(`/api/tables/${'Z'.repeat(22)}/record`).expect(404)).body.error.code).toBe('no-such-table');
    expect((await request(server.url).get('/api/nothing-here').expect(404)).body.error.code).toBe('not-found');
  });

  it("answers every error in the documented shape, Fastify's own ones too (a 10,000-character id, a wrong method, a wrong media type)", async () => {
    const cases = [
      await request(server.url).get(`/api/tables/${'x'.repeat(10_000)}`),
      await request(server.url).get(`/api/tables/${'x'.repeat(10_000)}/record`),
      await request(server.url).delete('/api/tables'),
      await request(server.url).post('/api/tables').set('content-type', 'text/plain').send('hello'),
      await request(server.url).get('/api/tables/%E0%A4%A'),
    ];
    for (const res of cases) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(HttpErrorSchema.parse(res.body).error.message).toEqual(expect.any(String));
    }
    expect(cases[0]?.status).toBe(400);
  });
});

describe('GET /api/games/:id/schema and /api/protocol/schema', () => {
  it('serves each game\'s options, decisions, view, events and payload as JSON Schema, exactly as generated from its zod schemas', async () => {
    for (const game of TEST_GAMES.games) {
      const res = await request(server.url).get(`/api/games/${game.id}/schema`).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(gameJsonSchema(game))));
      expect(Object.keys(res.body.$defs)).toEqual(['options', 'action', 'view', 'event', 'payload']);
    }
    const unknown = await request(server.url).get('/api/games/chess/schema').expect(404);
    expect(HttpErrorSchema.parse(unknown.body).error).toMatchObject({ code: 'not-found', message: expect.stringContaining('GET /api/games') });
  });

  it('serves the messages both ways and the HTTP bodies as JSON Schema', async () => {
    const res = await request(server.url).get('/api/protocol/schema').expect(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(protocolJsonSchema())));
    expect(res.body.$defs.ClientMessage.oneOf.map((o: { properties: { type: { const: string } } }) => o.properties.type.const)).toEqual(ClientMessageSchema.options.map((o) => o.shape.type.value));
  });
});

describe('HTTP errors Node or Fastify raise before a route', () => {
  it('answers a known path asked with another method 405, with the methods it has in Allow', async () => {
    const cases: [string, string, string][] = [
      ['delete', '/api/tables', 'GET, HEAD, POST'],
      ['put', '/api/games', 'GET, HEAD'],
      ['post', '/api/games/razzia/schema', 'GET, HEAD'],
      ['patch', `/api/tables/${'Z'.repeat(22)}`, 'GET, HEAD'],
      ['post', `/api/tables/${'Z'.repeat(22)}/record`, 'GET, HEAD'],
      ['options', '/api/tables', 'GET, HEAD, POST'],
      ['delete', '/healthz', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await (request(server.url) as unknown as Record<string, (p: string) => request.Test>)[method]!(path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      if (method !== 'head') expect(HttpErrorSchema.parse(res.body).error).toMatchObject({ code: 'bad-message', message: expect.stringContaining(allow) });
    }
    // A path that does not exist at all is still 404.
    expect((await request(server.url).delete('/api/nothing-here').expect(404)).body.error.code).toBe('not-found');
  });

  it('answers a body that is not JSON 415, in the documented shape', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const res = await request(server.url).post('/api/tables').set('content-type', type).send('name=x').expect(415);
      expect(HttpErrorSchema.parse(res.body).error).toEqual({ code: 'bad-message', message: 'send the body as JSON, with Content-Type: application/json' });
    }
  });

  it('answers a URL or headers over 16 KB 431 too-large, in the documented shape (not Fastify\'s own)', async () => {
    for (const res of [
      await fetch(`${server.url}/api/tables/${'x'.repeat(20_000)}`),
      await fetch(`${server.url}/api/games`, { headers: { 'x-padding': 'y'.repeat(20_000) } }),
    ]) {
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(HttpErrorSchema.parse(await res.json()).error).toEqual({ code: 'too-large', message: 'the URL and headers are at most 16 KB together' });
    }
    // The server carries on.
    await request(server.url).get('/api/games').expect(200);
  });
});

describe('GET /api/tables/:id/record', () => {
  it('refuses the record while the game runs (it holds the piles) and gives it once the game is over', async () => {
    const { id, token } = await createTable(server, { players: 2 });
    const host = await TestClient.connect(server.url, token);
    await host.must({ type: 'watch', table: id });
    await host.must({ type: 'sit', table: id, name: 'Host' });
    await host.must({ type: 'add-bot', table: id, bot: 'greedy' });
    expect((await request(server.url).get(`/api/tables/${id}/record`).expect(409)).body.error.code).toBe('not-over');
    const done = autoPlay(host, id);
    await host.must({ type: 'start', table: id });
    const final = await done;
    const res = await request(server.url).get(`/api/tables/${id}/record`).expect(200);
    expect(res.headers['content-disposition']).toContain(`razzia-${id}.json`);
    expect(res.body.format).toBe('razzia-record/1');
    expect(res.body.game).toBe('razzia');
    expect(res.body.players).toEqual(['Host', 'Greedy bot']);
    const replayed = fromRecord(res.body);
    if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
    expect(replayed.game.state.results).toEqual(final.results);
    // headers the format allows beside the game: when it started and how it ended, as `razzia replay` says it
    expect(res.body.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.body.result).toEqual(summarize(replayed.game.state));
    expect(res.body.result.finished).toBe(true);
    host.close();
  });
});

describe('GET /healthz and /metrics: the operator’s', () => {
  it('tells anyone only that the server is up; the operator token gets the counts and the memory', async () => {
    const res = await request(server.url).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    const detail = await request(server.url).get('/healthz').set(operatorHeaders).expect(200);
    expect(detail.body).toMatchObject({ status: 'ok', store: expect.any(String), tables: expect.any(Number), connections: expect.any(Number), rssBytes: expect.any(Number) });
  });

  it('refuses a wrong token, and the metrics to anyone without the right one', async () => {
    const wrong = await request(server.url).get('/healthz').set('authorization', 'Bearer not-the-operator-token').expect(401);
    expect(HttpErrorSchema.parse(wrong.body).error.code).toBe('unknown-token');
    expect(wrong.body).not.toHaveProperty('tables');
    for (const headers of [{}, { authorization: 'Bearer not-the-operator-token' }, { authorization: operatorHeaders.authorization.replace('Bearer', 'Basic') }]) {
      const res = await request(server.url).get('/metrics').set(headers).expect(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="operator"');
      expect(res.text).not.toContain('razzia_');
    }
    const metrics = await request(server.url).get('/metrics').set(operatorHeaders).expect(200);
    expect(metrics.text).toContain('razzia_tables ');
  });

  it('serves the detail and the metrics to nobody on a server without an operator token', async () => {
    const own = await testServer({ operatorToken: undefined });
    expect((await request(own.url).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    await request(own.url).get('/healthz').set(operatorHeaders).expect(401);
    const res = await request(own.url).get('/metrics').set(operatorHeaders).expect(401);
    expect(res.body.error.message).toContain('OPERATOR_TOKEN');
    await own.close();
  });
});

describe('every response', () => {
  it('keeps table links to itself: no Referer leaves, no framing, no sniffing', async () => {
    for (const path of ['/healthz', '/api/tables', '/api/tables/nope', '/no/such/page']) {
      const res = await request(server.url).get(path);
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  /** Every kind of answer: the API's, socket.io's polling and its refusals, and the HTTP parser's (431, 400). */
  async function answers(url: string): Promise<[string, Headers][]> {
    const raw = async (text: string): Promise<Headers> => {
      const { port } = new URL(url);
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
        let got = '';
        socket.on('data', (d) => (got += d.toString()));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
      const headers = new Headers();
      for (const line of reply.split('\r\n\r\n')[0]!.split('\r\n').slice(1)) {
        const at = line.indexOf(':');
        headers.append(line.slice(0, at), line.slice(at + 1).trim());
      }
      return headers;
    };
    return [
      ['GET /api/games', (await fetch(`${url}/api/games`)).headers],
      ['POST /api/tables', (await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x' }) })).headers],
      ['socket.io polling handshake', (await fetch(`${url}/socket.io/?EIO=4&transport=polling`)).headers],
      ['socket.io refusal', (await fetch(`${url}/socket.io/?EIO=4&transport=nonsense`)).headers],
      ['431', (await fetch(`${url}/api/games`, { headers: { 'x-padding': 'y'.repeat(20_000) } })).headers],
      ['malformed request', await raw('NONSENSE\r\n\r\n')],
    ];
  }

  it('every answer, socket.io’s and the parser’s refusals too, carries the security headers and HSTS', async () => {
    for (const [what, headers] of await answers(server.url)) {
      expect(headers.get('x-frame-options'), what).toBe('DENY');
      expect(headers.get('referrer-policy'), what).toBe('no-referrer');
      expect(headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(headers.get('strict-transport-security'), what).toBe('max-age=15552000');
    }
  });

  it('sends no HSTS when set to 0 (plain http on a network of one’s own), the other headers still', async () => {
    const own = await testServer({ hstsMaxAge: 0 });
    for (const [what, headers] of await answers(own.url)) {
      expect(headers.get('strict-transport-security'), what).toBeNull();
      expect(headers.get('x-frame-options'), what).toBe('DENY');
    }
    await own.close();
  });
});

describe('opening tables is rate-limited per address', () => {
  it('answers 429 rate-limited after a burst of creations, without affecting reads', async () => {
    const own = await testServer();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await request(own.url).post('/api/tables').send(good)).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toContain(429);
    await request(own.url).get('/api/tables').expect(200);
    await own.close();
  });
});
