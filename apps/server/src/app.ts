// Puts the server together: store, table registry, HTTP routes, socket gateway, the built web client.

import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino, { type Logger } from 'pino';
import { Server } from 'socket.io';
import { createThinkingPool, type ThinkingPool } from '@razzia/bots/pool';
import type { AnyGame, Random } from '@razzia/contract';
import { Cluster } from './cluster/cluster.ts';
import { GameCatalog } from './games.ts';
import { clientAddress, trustFunction, type TrustProxy } from './http/client-address.ts';
import { registerOperatorRoutes } from './http/operator.ts';
import { answerOtherMethods, collectRoutes, registerRoutes } from './http/routes.ts';
import { secureRandom } from './ids.ts';
import { Metrics } from './metrics.ts';
import { PROTOCOLS, RELEASE } from './release.ts';
import { DeviceCodes } from './devices/transfer.ts';
import { DEFAULT_FLOOD_CUT_OFF, Gateway, type SendProbe } from './socket/gateway.ts';
import { keepProtocol } from './socket/release.ts';
import { KeptAssets } from './http/kept-assets.ts';
import { DEFAULT_RATE_LIMIT, type RateLimit } from './socket/rate-limit.ts';
import { PostgresStore } from './store/postgres.ts';
import { SqliteStore } from './store/sqlite.ts';
import type { NodeId } from './store/leases.ts';
import type { Store } from './store/store.ts';
import { LocalTables, type TableAccess } from './tables/access.ts';
import { realClock, type Clock } from './tables/clock.ts';
import type { Thinking } from './tables/host.ts';
import { DEFAULT_SWEEP, TableRegistry, type SweepLimits } from './tables/registry.ts';
import { Scheduler } from './tables/scheduler.ts';
import { vapidKeys } from './push/keys.ts';
import type { EndpointPolicy } from './push/endpoint.ts';
import { Pusher } from './push/pusher.ts';
import { LISTEN_BACKLOG, UPGRADES_PER_TURN, joining, paceUpgrades } from './socket/upgrades.ts';

export interface ServerOptions {
  readonly dataDir: string;
  readonly port?: number;
  readonly host?: string;
  /** SvelteKit adapter-node output; null to serve no web client. Default: apps/web/build. */
  readonly webBuildDir?: string | null;
  readonly logger?: Logger;
  readonly clock?: Clock;
  readonly botDelayMs?: number;
  /** The longest a table waits at a moment of a game (a round's summary) for its people (default 20 s). */
  readonly momentMaxMs?: number;
  /** Client messages per socket. */
  readonly rateLimit?: RateLimit;
  /** Chat lines per socket and table (default: five at once, then one every two seconds). */
  readonly chatLimit?: RateLimit;
  /** Tables opened per client address (POST /api/tables). */
  readonly createLimit?: RateLimit;
  /** Sockets one client address may hold open at once. */
  readonly connectionLimit?: number;
  /** Device codes tried per client address ("Continue on another device"; default: 10 at once, then one every 30 s). */
  readonly redeemLimit?: RateLimit;
  /** Device codes made per client address (default: 10 at once, then one every 10 s). */
  readonly deviceCodeLimit?: RateLimit;
  readonly store?: Store;
  /** postgres://…: PostgreSQL instead of the SQLite file under dataDir. */
  readonly databaseUrl?: string;
  /** redis://…: joins the cluster of processes that share this Redis and the PostgreSQL of databaseUrl. */
  readonly redisUrl?: string;
  /** In a cluster: how long a table's lease runs unrenewed (the longest a dead process's tables wait). */
  readonly leaseMs?: number;
  /** How often each socket is pinged (socket.io's heartbeat). A client that hears nothing for three times this
   * reconnects by itself; one whose answer is later than twice this is dropped. Default 10 s; in a cluster half the
   * lease, so the clients of a process that stalls move to a live one (through the proxy) about when its tables
   * do (within 1.5 leases). */
  readonly pingMs?: number;
  /** In a cluster: this process's name (default: host name, pid and a random suffix). */
  readonly nodeId?: string;
  readonly sqliteSynchronous?: 'NORMAL' | 'FULL';
  /** The randomness of deals, dice and shuffles (default: the operating system's CSPRNG; seeded in some tests). */
  readonly random?: Random;
  /** The games hosted (default: every game of the platform). */
  readonly games?: readonly AnyGame[];
  /** Where searching bots and hints think (default: one pool of worker threads for the process, started when
   * first needed and closed with the server). */
  readonly thinking?: Thinking;
  /** The most a searching bot may think per decision, in ms (default: its level's own ceiling, e.g. 1 s for hard). */
  readonly botThinkMs?: number;
  /** Web Push. `subject`: VAPID's contact (mailto: or https:, default VAPID_SUBJECT's default); `batchMs`: one
   * person's pushes within this time go as one (default 3 s); `endpoints`: where pushes may go (default: public https
   * hosts on port 443; PUSH_PORTS, and tests' local push service); `subscribeLimit`: new subscriptions per address. */
  readonly push?: { readonly subject?: string; readonly batchMs?: number; readonly endpoints?: EndpointPolicy; readonly subscribeLimit?: RateLimit };
  /** When idle tables leave memory (default: waiting ones after a day, playing ones after a minute unwatched with
   * nothing due for two), and how often it is looked at (`everyMs`, default a minute). */
  readonly sweep?: Partial<SweepLimits> & { readonly everyMs?: number };
  /** OPERATOR_TOKEN: the detail of /healthz (tables, leases, epochs, memory) and /metrics are served only to a
   * request with `Authorization: Bearer <it>` (absent: to nobody). */
  readonly operatorToken?: string;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (addresses, CIDR ranges, `loopback`,
   * `linklocal`, `uniquelocal`), for every per-address limit, HTTP and sockets alike. Absent: the header is ignored. */
  readonly trustProxy?: TrustProxy;
  /** HSTS_MAX_AGE: how long (seconds) a browser that reached the server over https keeps to https
   * (Strict-Transport-Security; browsers ignore it over plain http). 0: not sent. Default DEFAULT_HSTS_MAX_AGE. */
  readonly hstsMaxAge?: number;
  /** Benchmarks only: told as each table update and presence push goes out to this process's sockets. */
  readonly probe?: SendProbe;
  /** Sockets written per turn of the event loop for a big send (default OUTBOX_SLICE; tests use a few). */
  readonly outboxSlice?: number;
  /** WebSocket handshakes made per turn of the event loop (socket/upgrades.ts; default UPGRADES_PER_TURN); 0: each
   * as its request arrives. */
  readonly upgradesPerTurn?: number;
}

/** VAPID's contact when none is configured (VAPID_SUBJECT): push services may write to it about abuse. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:razzia-online@localhost';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly tables: TableRegistry;
  /** Web Push: subscriptions, and what is sent. */
  readonly push: Pusher;
  /** In a cluster, this process's name. */
  readonly node: string | null;
  /** Graceful: stop accepting, tell every client why, close connections (clients reconnect by themselves),
   * finish the commands under way, close the store. */
  close(reason?: string): Promise<void>;
}

/** Enough for a club or school behind one NAT address, far too few to exhaust the server from one. */
export const DEFAULT_CONNECTION_LIMIT = 256;

export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/** 180 days: a browser that once reached the server over https never goes back to plain http for it (a first visit
 * over http still can: HSTS protects from the second on). Not for subdomains, which may be others' services. */
export const DEFAULT_HSTS_MAX_AGE = 180 * 86_400;

/** Every header each answer carries, the API's, the web client's, socket.io's and the parser's refusals alike. */
export function securityHeaders(hstsMaxAge = DEFAULT_HSTS_MAX_AGE): ReadonlyArray<readonly [string, string]> {
  return hstsMaxAge > 0 ? [...SECURITY_HEADERS, ['strict-transport-security', `max-age=${hstsMaxAge}`]] : SECURITY_HEADERS;
}

const DEFAULT_WEB_BUILD = new URL('../../web/build', import.meta.url).pathname;
/** The largest frame engine.io accepts; bigger ones close the connection without a word. Messages over
 * MAX_CLIENT_MESSAGE_BYTES but under this get a typed 'too-large' reply instead, and a handshake whose `auth` is
 * absurd but under this (a 20 KB token) a typed connect_error, so no client retries for ever unanswered. */
export const MAX_FRAME_BYTES = 64 * 1024;

/** The version name of the web client in `webDir` (SvelteKit's /_app/version.json: `<semver>+<commit>`), if any. */
function webVersion(webDir: string | null): string | null {
  if (!webDir) return null;
  try {
    const { version } = JSON.parse(readFileSync(join(webDir, 'client', '_app', 'version.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

/** Waits (at most `ms`) until every engine.io connection has closed. */
async function drained(io: Server, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (io.engine.clientsCount > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * pino's JSON lines on stdout, written in batches: a line per action written on its own was a system call per
 * move (a tenth of the server's time in bench:server). Lines wait until 4 KB are pending or 100 ms have passed;
 * pino writes what is left when the process exits (a kill -9 may lose the last 100 ms of lines, never state).
 * Written synchronously when they go: with asynchronous writes, the flush at exit waited for a write in flight
 * whose completion needs the event loop it was blocking, and a stopped server could hang for ever.
 */
function defaultLogger(): Logger {
  return pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 100 }));
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const logger = options.logger ?? defaultLogger();
  const store =
    options.store ??
    (options.databaseUrl
      ? await PostgresStore.open(options.databaseUrl)
      : new SqliteStore(options.dataDir, { synchronous: options.sqliteSynchronous ?? 'NORMAL' }));
  const clock = options.clock ?? realClock;
  const started = Date.now();
  const pusher = new Pusher({
    store,
    clock,
    keys: await vapidKeys(store),
    subject: options.push?.subject ?? DEFAULT_VAPID_SUBJECT,
    batchMs: options.push?.batchMs ?? 3_000,
    ...(options.push?.endpoints ? { endpoints: options.push.endpoints } : {}),
    ...(options.push?.subscribeLimit ? { subscribeLimit: options.push.subscribeLimit } : {}),
    log: (fields, message) => logger.warn(fields, message),
  });
  let scheduler: Scheduler | null = null;
  let sockets = () => 0;
  let tables: TableRegistry | null = null;
  const metrics = new Metrics({
    tables: () => tables?.counts() ?? { live: 0, finished: 0 },
    sockets: () => sockets(),
    build: { version: RELEASE.version, commit: RELEASE.commit, protocol: String(PROTOCOLS.newest), schema: String(store.schema?.level ?? '') },
  });

  let cluster: Cluster | null = null;
  const leaseMs = options.leaseMs ?? 3_000;
  if (options.redisUrl) {
    if (!(store instanceof PostgresStore)) throw new Error('REDIS_URL (a cluster) needs DATABASE_URL=postgres://…: the processes share PostgreSQL');
    cluster = new Cluster({
      node: (options.nodeId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`) as NodeId,
      store,
      redisUrl: options.redisUrl,
      leaseMs,
      metrics,
      log: (level, fields, message) => logger[level](fields, message),
    });
  }
  const inCluster = cluster;
  // One thinking pool per process (worker threads, sized by @razzia/bots), started by the first bot or hint that
  // needs it: a server whose tables seat no searching bot starts no thread.
  let pool: ThinkingPool | null = null;
  let poolClosed = false;
  const poolNow = (): ThinkingPool => {
    if (poolClosed) throw new Error('the server is stopping: no more thinking');
    return (pool ??= createThinkingPool());
  };
  const thinking: Thinking = options.thinking ?? {
    think: async (request) => poolNow().think(request),
    hint: async (request) => poolNow().hint(request),
  };
  tables = new TableRegistry({
    store,
    clock,
    random: options.random ?? secureRandom,
    games: new GameCatalog(options.games),
    botDelayMs: options.botDelayMs ?? 700,
    ...(options.momentMaxMs === undefined ? {} : { momentMaxMs: options.momentMaxMs }),
    thinking,
    ...(options.botThinkMs === undefined ? {} : { thinkMs: options.botThinkMs }),
    log: (fields, message) => logger.info(fields, message),
    observe: (command, ms) => metrics.observe(command, ms),
    changed: (table, published) => pusher.changed(table, published),
    loaded: (table) => pusher.loaded(table),
    unloaded: (_id, wakeAt) => scheduler?.poke(wakeAt),
    ...(inCluster
      ? { claim: (id) => inCluster.claim(id), release: (table) => inCluster.released(table), fenced: (table) => inCluster.fenced(table) }
      : {}),
  });
  const access: TableAccess = cluster ?? new LocalTables(tables);

  const trust = trustFunction(options.trustProxy);
  const headers = securityHeaders(options.hstsMaxAge);
  // Long ids in a path get the documented 400 (not a 414 in Fastify's own shape).
  const app = Fastify({
    ...(trust ? { trustProxy: trust } : {}),
    bodyLimit: 8 * 1024,
    logger: false,
    routerOptions: { maxParamLength: 16_384 },
    // Errors Fastify raises before any route (a malformed URL, a bad content type) get the documented shape too.
    frameworkErrors: (error, _req, reply) => {
      void (reply as FastifyReply).code(400).send({ error: { code: 'bad-message', message: error.message } });
    },
    // Requests Node's HTTP parser refuses before Fastify sees them (a URL or headers over 16 KB, a malformed
    // request line) get the documented shape too, not Fastify's own.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, code, message] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'too-large', 'the URL and headers are at most 16 KB together']
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'bad-message', 'the request took too long to arrive']
            : [400, 'bad-message', 'not an HTTP request this server understands'];
      const body = JSON.stringify({ error: { code, message } });
      const extra = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
      if (socket.writable)
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n${extra}Connection: close\r\n\r\n${body}`,
        );
      socket.destroy(err);
    },
  });
  let closing: Promise<void> | null = null;
  const pingMs = options.pingMs ?? (cluster ? Math.max(500, Math.round(leaseMs / 2)) : 10_000);
  // Bodies are JSON or nothing: a text/plain body is refused with 415 like any other type, not parsed as a string.
  app.removeContentTypeParser('text/plain');
  const routes = collectRoutes(app);
  const io = new Server(app.server, {
    maxHttpBufferSize: MAX_FRAME_BYTES,
    serveClient: false,
    // A browser coming back from sleep gets its missed events from the log, so no connection-state recovery here.
    // A client that hears nothing (not even a ping) for pingInterval + pingTimeout reconnects by itself.
    pingInterval: pingMs,
    pingTimeout: 2 * pingMs,
  });
  options.probe?.attach?.(app.server, io);
  // A burst of joins makes its handshakes a few per turn of the event loop, the players' moves in between.
  const upgradesPerTurn = options.upgradesPerTurn ?? UPGRADES_PER_TURN;
  if (upgradesPerTurn > 0) paceUpgrades(app.server, upgradesPerTurn);
  // A connection's HTTP upgrade request serves only the handshake (socket.io takes the address and the auth from
  // elsewhere), but engine.io holds it until the connection closes, in the upgrade's response object: drop ours and
  // empty it. Heap snapshots: about 1.3 KB of each socket's 12 KB.
  io.engine.on('connection', (raw: { request: IncomingMessage | null }) => {
    const request = raw.request;
    raw.request = null;
    if (request) {
      // The address socket.io's handshake gives (its per-address limits): the client's, behind a trusted proxy too.
      if (trust) (raw as { remoteAddress?: string }).remoteAddress = clientAddress(request, trust);
      // The protocol version the client speaks (socket/release.ts), which socket.io would read from the request.
      keepProtocol(raw, request);
      request.headers = {};
      request.rawHeaders = [];
    }
  });
  const webDir = options.webBuildDir === undefined ? DEFAULT_WEB_BUILD : options.webBuildDir;
  const gateway = new Gateway(io, access, {
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    ...(options.chatLimit ? { chatLimit: options.chatLimit } : {}),
    floodDisconnectAfter: DEFAULT_FLOOD_CUT_OFF,
    lobbyThrottleMs: 200,
    connectionLimit: options.connectionLimit ?? DEFAULT_CONNECTION_LIMIT,
    devices: new DeviceCodes({
      tables: access,
      now: () => clock.now(),
      ...(options.redeemLimit ? { redeemLimit: options.redeemLimit } : {}),
      ...(options.deviceCodeLimit ? { issueLimit: options.deviceCodeLimit } : {}),
    }),
    log: (fields, message) => logger.warn(fields, message),
    push: pusher,
    ...(options.probe ? { probe: options.probe } : {}),
    ...(options.outboxSlice ? { outboxSlice: options.outboxSlice } : {}),
    joining: joining(app.server),
    release: { protocols: PROTOCOLS, version: RELEASE.version, web: webVersion(webDir) ?? RELEASE.name },
  });
  sockets = () => gateway.sockets;
  tables.listen(cluster ?? gateway);

  // On every response — the API's, the web client's (its handler writes to the raw response) and socket.io's (its
  // polling and its refusals, which never reach Fastify) — set before anyone answers: table links are capabilities,
  // so no Referer carries them elsewhere and no other site may frame the table; and https once, https after.
  app.server.prependListener('request', (_req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  });

  const health = () => ({
    store: store instanceof PostgresStore ? 'postgres' : 'sqlite',
    ...access.health(),
    connections: io.engine.clientsCount,
    uptimeSeconds: Math.round((Date.now() - started) / 1000),
    rssBytes: process.memoryUsage().rss,
    heapUsedBytes: process.memoryUsage().heapUsed,
    // Which release answers (README: Upgrading): during a rolling upgrade the processes behind one proxy differ.
    version: RELEASE.version,
    commit: RELEASE.commit,
    protocol: PROTOCOLS,
    schema: store.schema ?? null,
  });
  registerRoutes(app, access, options.createLimit, pusher.publicKey);
  // For the operator (not under /api: no client needs them).
  registerOperatorRoutes(app, {
    ...(options.operatorToken === undefined ? {} : { token: options.operatorToken }),
    ready: () => closing === null && !(inCluster?.isDraining ?? false),
    detail: health,
    metrics,
  });
  answerOtherMethods(app, routes);

  const web = webDir && existsSync(join(webDir, 'handler.js'))
    ? ((await import(pathToFileURL(join(webDir, 'handler.js')).href)) as { handler: NodeHandler }).handler
    : null;
  // The immutable files of the web client of earlier releases, for tabs opened before a deploy (http/kept-assets.ts).
  const kept = web && webDir ? KeptAssets.open(webDir, options.dataDir, webVersion(webDir) ?? RELEASE.name, Date.now(), (fields, message) => logger.warn(fields, message)) : KeptAssets.none();
  app.setNotFoundHandler((req, reply) => {
    // Every API answer has the documented error shape, unknown routes included.
    if (req.url.startsWith('/api/') || !web)
      return reply.code(404).send({ error: { code: 'not-found', message: `there is no ${req.method} ${req.url.split('?')[0]?.slice(0, 80)}` } });
    const earlier = req.method === 'GET' || req.method === 'HEAD' ? kept.lookup(req.url) : null;
    if (earlier)
      return reply.type(earlier.type).header('cache-control', 'public, max-age=31536000, immutable').send(createReadStream(earlier.file));
    reply.hijack();
    web(req.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end('Not found');
    });
  });

  // One process restores every live table; in a cluster, the processes take them over between them.
  const restored = cluster ? 0 : await tables.restoreActive();
  if (cluster) await cluster.start(tables, gateway);
  const registry = tables;
  // Tables that are not in memory wake from the store when they are due: one timer for all of them.
  scheduler = new Scheduler({
    store,
    clock,
    live: (id) => registry.live(id) !== undefined,
    wake: (id) => access.wakeUp(id),
    log: (fields, message) => logger.warn(fields, message),
  });
  scheduler.start();
  // Finished tables nobody watches (in a cluster: for 2 s, checked every 2 s, so their leases go soon and no process
  // goes on owning and counting them), waiting ones abandoned for a day, and playing ones nobody watches with nothing
  // due soon leave memory (not the store).
  const limits: SweepLimits = { ...DEFAULT_SWEEP, ...(cluster ? { finishedMs: 2_000 } : {}), ...options.sweep };
  const sweeper = setInterval(() => registry.sweep(clock.now(), limits), options.sweep?.everyMs ?? (cluster ? 2_000 : 60_000));
  sweeper.unref();
  const address = await app.listen({ port: options.port ?? 3000, host: options.host ?? '127.0.0.1', backlog: LISTEN_BACKLOG });
  const port = (app.server.address() as { port: number }).port;
  const url = address.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//localhost');
  logger.info(
    { url, restored, store: health().store, node: cluster?.node ?? null, version: RELEASE.version, commit: RELEASE.commit, schema: store.schema ?? null },
    `Razzia Online ${RELEASE.version} listening`,
  );

  return {
    url,
    port,
    tables: registry,
    push: pusher,
    node: cluster?.node ?? null,
    close(reason = 'the server is restarting') {
      closing ??= (async () => {
        clearInterval(sweeper);
        scheduler?.stop();
        // A cluster's tables move to the other processes first; then the clients, told why, reconnect there.
        await cluster?.drain();
        gateway.closing(reason);
        registry.dispose();
        // Close the connections, not the socket.io sessions: clients see the transport go and reconnect by
        // themselves (to this server when it is back, or to another). The 'closing' message goes out first.
        await new Promise((r) => setImmediate(r));
        await io.close(); // and the HTTP server
        await drained(io, 2_000);
        await app.close().catch(() => undefined);
        await registry.settled();
        pusher.stop();
        await pusher.settled();
        poolClosed = true;
        await (pool as ThinkingPool | null)?.close();
        await cluster?.close();
        await store.close();
        metrics.close();
        logger.info({ reason }, 'closed');
      })();
      return closing;
    },
  };
}
