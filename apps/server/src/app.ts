// Puts the server together: store, table registry, HTTP routes, socket gateway, the built web client.

import Fastify from 'fastify';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino, { type Logger } from 'pino';
import { Server } from 'socket.io';
import { registerRoutes } from './http/routes.ts';
import { Gateway } from './socket/gateway.ts';
import { DEFAULT_RATE_LIMIT, type RateLimit } from './socket/rate-limit.ts';
import { SqliteStore } from './store/sqlite.ts';
import type { Store } from './store/store.ts';
import { realClock, type Clock } from './tables/clock.ts';
import { TableRegistry } from './tables/registry.ts';

export interface ServerOptions {
  readonly dataDir: string;
  readonly port?: number;
  readonly host?: string;
  /** SvelteKit adapter-node output; null to serve no web client. Default: apps/web/build. */
  readonly webBuildDir?: string | null;
  readonly logger?: Logger;
  readonly clock?: Clock;
  readonly botDelayMs?: number;
  /** Client messages per socket. */
  readonly rateLimit?: RateLimit;
  /** Tables opened per client address (POST /api/tables). */
  readonly createLimit?: RateLimit;
  /** Sockets one client address may hold open at once. */
  readonly connectionLimit?: number;
  readonly store?: Store;
  readonly sqliteSynchronous?: 'NORMAL' | 'FULL';
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly tables: TableRegistry;
  /** Graceful: stop accepting, tell every client why, close sockets, flush and close the store. */
  close(reason?: string): Promise<void>;
}

/** Enough for a club or school behind one NAT address, far too few to exhaust the server from one. */
export const DEFAULT_CONNECTION_LIMIT = 256;

export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

const DEFAULT_WEB_BUILD = new URL('../../web/build', import.meta.url).pathname;
/** The largest websocket frame engine.io accepts; bigger ones close the connection. Messages over
 * MAX_CLIENT_MESSAGE_BYTES but under this get a typed 'too-large' reply instead. */
const MAX_FRAME_BYTES = 16 * 1024;

/** Waits (at most `ms`) until every engine.io connection has closed. */
async function drained(io: Server, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (io.engine.clientsCount > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const logger = options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const store = options.store ?? new SqliteStore(options.dataDir, { synchronous: options.sqliteSynchronous ?? 'NORMAL' });
  const clock = options.clock ?? realClock;
  const started = Date.now();

  let gateway: Gateway | null = null;
  const tables = new TableRegistry({
    store,
    clock,
    botDelayMs: options.botDelayMs ?? 700,
    log: (fields, message) => logger.info(fields, message),
    lobbyChanged: () => gateway?.lobbyChanged(),
  });

  const app = Fastify({ bodyLimit: 8 * 1024, logger: false });
  const io = new Server(app.server, {
    maxHttpBufferSize: MAX_FRAME_BYTES,
    serveClient: false,
    // A browser coming back from sleep gets its missed events from the log, so no connection-state recovery here.
    pingInterval: 20_000,
    pingTimeout: 20_000,
  });
  gateway = new Gateway(io, tables, {
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    floodDisconnectAfter: 500,
    lobbyThrottleMs: 200,
    connectionLimit: options.connectionLimit ?? DEFAULT_CONNECTION_LIMIT,
    log: (fields, message) => logger.warn(fields, message),
  });
  tables.listen(gateway);

  // On every response, the API's and the web client's alike (the client's handler writes to the raw response):
  // table links are capabilities, so no Referer carries them elsewhere and no other site may frame the table.
  app.addHook('onRequest', async (_req, reply) => {
    for (const [name, value] of SECURITY_HEADERS) reply.raw.setHeader(name, value);
  });

  const health = () => ({
    tables: tables.size,
    connections: io.engine.clientsCount,
    uptimeSeconds: Math.round((Date.now() - started) / 1000),
    rssBytes: process.memoryUsage().rss,
    heapUsedBytes: process.memoryUsage().heapUsed,
  });
  registerRoutes(app, tables, health, options.createLimit);

  const webDir = options.webBuildDir === undefined ? DEFAULT_WEB_BUILD : options.webBuildDir;
  if (webDir && existsSync(join(webDir, 'handler.js'))) {
    const { handler } = (await import(pathToFileURL(join(webDir, 'handler.js')).href)) as { handler: NodeHandler };
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/')) return reply.code(404).send({ error: { code: 'no-such-table', message: 'no such API route' } });
      reply.hijack();
      handler(req.raw, reply.raw, () => {
        reply.raw.statusCode = 404;
        reply.raw.end('Not found');
      });
    });
  }

  const restored = tables.restoreActive();
  // Finished tables nobody watches, and waiting ones abandoned for a day, leave memory (not the store).
  const sweeper = setInterval(() => tables.sweep(clock.now(), 24 * 3600_000), 60_000);
  sweeper.unref();
  const address = await app.listen({ port: options.port ?? 3000, host: options.host ?? '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const url = address.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//localhost');
  logger.info({ url, restored, dataDir: options.dataDir }, 'listening');

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    tables,
    close(reason = 'the server is restarting') {
      closing ??= (async () => {
        clearInterval(sweeper);
        gateway?.closing(reason);
        tables.dispose();
        // Each socket sends its disconnect packet after the 'closing' message and closes once that is flushed.
        io.disconnectSockets(true);
        await drained(io, 2_000);
        await io.close(); // and the HTTP server
        await app.close().catch(() => undefined);
        store.close();
        logger.info({ reason }, 'closed');
      })();
      return closing;
    },
  };
}
