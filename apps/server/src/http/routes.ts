// HTTP: the games and their JSON Schemas, create a table, the public lobby, one table's public info, a finished
// game's record (health and metrics: operator.ts). Every error, Fastify's own included, has the documented shape { error: { code, message } }.

import { CreateTableRequestSchema, TableIdSchema, TokenSchema, type ErrorCode, type TableId, type Token } from '@razzia/protocol';
import { gameJsonSchema, protocolJsonSchema, type JsonSchemaDocument } from '@razzia/protocol/json-schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { gameInfo } from '../games.ts';
import { hashToken, newToken } from '../ids.ts';
import type { TableAccess } from '../tables/access.ts';
import { describeIssue } from '../socket/gateway.ts';
import { TokenBucket, type RateLimit } from '../socket/rate-limit.ts';

function error(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

/** Opening tables, per client address: 20 at once, then one every 5 seconds. */
export const DEFAULT_CREATE_LIMIT: RateLimit = { perSecond: 0.2, burst: 20 };

const STATUS_CODES: Partial<Record<number, ErrorCode>> = { 413: 'too-large', 404: 'not-found', 429: 'rate-limited' };

export function registerRoutes(
  app: FastifyInstance,
  tables: TableAccess,
  createLimit: RateLimit = DEFAULT_CREATE_LIMIT,
  /** The server's VAPID public key, for browsers to subscribe to pushes with. */
  pushKey?: string,
): void {
  const creators = new Map<string, TokenBucket>();
  app.setErrorHandler((err: { statusCode?: number; code?: string; message: string }, _req, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413) return error(reply, 413, 'too-large', 'the request body is too large');
    if (status === 415) return error(reply, 415, 'bad-message', 'send the body as JSON, with Content-Type: application/json');
    if (status < 500) return error(reply, status, STATUS_CODES[status] ?? 'bad-message', err.message);
    app.log.error(err);
    return error(reply, 500, 'internal', 'something went wrong on the server');
  });

  app.get('/api/games', async () => ({ games: tables.games.games.map(gameInfo) }));

  // The wire contract as JSON Schema, generated from the zod schemas the server checks with (once each).
  const schemas = new Map<string, JsonSchemaDocument>();
  app.get('/api/protocol/schema', async () => {
    let doc = schemas.get('');
    if (!doc) schemas.set('', (doc = protocolJsonSchema()));
    return doc;
  });
  app.get<{ Params: { id: string } }>('/api/games/:id/schema', async (req, reply) => {
    const game = tables.games.get(req.params.id);
    if (!game) return error(reply, 404, 'not-found', `there is no game ${JSON.stringify(req.params.id.slice(0, 40))}: GET /api/games lists them`);
    let doc = schemas.get(game.id);
    if (!doc) schemas.set(game.id, (doc = gameJsonSchema(game)));
    return doc;
  });

  app.post('/api/tables', async (req, reply) => {
    if (creators.size > 10_000) creators.clear(); // a crude bound: forgetting grants a fresh burst, nothing worse
    let bucket = creators.get(req.ip);
    if (!bucket) creators.set(req.ip, (bucket = new TokenBucket(createLimit.perSecond, createLimit.burst)));
    if (!bucket.take()) return error(reply, 429, 'rate-limited', 'too many tables opened from here: wait a little');
    const body = CreateTableRequestSchema.safeParse(req.body);
    if (!body.success) return error(reply, 400, 'bad-message', describeIssue(body.error));
    // Without `players`, the game's fewest (an unknown game is refused by create, below).
    const settings = { ...body.data, players: body.data.players ?? tables.games.get(body.data.game)?.seats.min ?? 2 };
    let token: Token;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) {
      const parsed = TokenSchema.safeParse(bearer);
      if (!parsed.success || !(await tables.store.isIssuedToken(hashToken(parsed.data))))
        return error(reply, 401, 'unknown-token', 'authorization: not a token this server issued (open the table without it)');
      token = parsed.data;
    } else {
      token = newToken();
      await tables.store.issueToken(hashToken(token), Date.now());
    }
    const created = await tables.create(settings, hashToken(token));
    if (!created.ok) return error(reply, 400, created.error.code, created.error.message);
    const table = created.value;
    // The token is the host's seat: no cache (the browser's, a proxy's) may keep it.
    return reply.code(201).header('cache-control', 'no-store').send({ table, token, path: `/t/${table.id}` });
  });

  app.get('/api/tables', async () => ({ tables: tables.lobby() }));

  const tableId = (id: unknown, reply: FastifyReply): TableId | null => {
    const parsed = TableIdSchema.safeParse(id);
    if (parsed.success) return parsed.data as TableId;
    void error(reply, 400, 'bad-message', 'a table id is 22 URL-safe characters');
    return null;
  };
  const refused = (reply: FastifyReply, e: { code: ErrorCode; message: string }) =>
    e.code === 'no-such-table' ? error(reply, 404, 'no-such-table', 'there is no such table') : error(reply, e.code === 'internal' ? 500 : 409, e.code, e.message);

  app.get<{ Params: { id: string } }>('/api/tables/:id', async (req, reply) => {
    const id = tableId(req.params.id, reply);
    if (!id) return reply;
    const info = await tables.info(id);
    return info.ok ? { table: info.value } : refused(reply, info.error);
  });

  app.get<{ Params: { id: string } }>('/api/tables/:id/record', async (req, reply) => {
    const id = tableId(req.params.id, reply);
    if (!id) return reply;
    const record = await tables.record(id);
    if (!record.ok) return refused(reply, record.error);
    return reply
      .header('content-disposition', `attachment; filename="${record.value.game}-${id}.json"`)
      .type('application/json')
      .send(record.value.record);
  });

  // The key a browser's pushManager.subscribe needs (applicationServerKey): public by nature.
  app.get('/api/push/key', async (_req, reply) => (pushKey ? { key: pushKey } : error(reply, 404, 'not-found', 'this server sends no pushes')));
}

/**
 * A known path asked with a method it does not have: 405 with the methods it has in `Allow` (RFC 9110), in the
 * documented error shape, rather than a 404 that says the path does not exist. Call once every route is registered.
 */
export function answerOtherMethods(app: FastifyInstance, routes: ReadonlyMap<string, ReadonlySet<string>>): void {
  for (const [url, methods] of [...routes]) {
    const allowed = [...methods].sort();
    const others = app.supportedMethods.filter((m) => !methods.has(m));
    if (others.length === 0) continue;
    app.route({
      method: others,
      url,
      handler: async (req, reply) =>
        reply
          .header('allow', allowed.join(', '))
          .code(405)
          .send({ error: { code: 'bad-message', message: `${url} answers ${allowed.join(', ')}, not ${req.method}` } }),
    });
  }
}

/** Collects the routes registered from now on, by path, with their methods (HEAD comes with every GET). */
export function collectRoutes(app: FastifyInstance): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = routes.get(route.url) ?? new Set<string>();
    for (const m of [route.method].flat()) methods.add(m);
    if (methods.has('GET')) methods.add('HEAD');
    routes.set(route.url, methods);
  });
  return routes;
}
