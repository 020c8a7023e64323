// `pnpm start`: runs the server on its embedded defaults; environment variables configure it (README: Configuration).

import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { startServer } from './app.ts';
import { benchProbe } from './bench-probe.ts';
import { parseTrustProxy } from './http/client-address.ts';
import { MIN_OPERATOR_TOKEN } from './http/operator.ts';
import { StartRefused } from './refusal.ts';
import { RELEASE } from './release.ts';

// What the operator must fix (a setting, the data directory, a database of a newer release) ends the process with
// one line on stderr and exit code 1, never a stack trace; anything else is a fault of ours and keeps its trace.
function refused(e: unknown): never {
  if (!(e instanceof StartRefused)) throw e;
  process.stderr.write(`Razzia Online ${RELEASE.version} cannot start: ${e.message}\n`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
// 0.0.0.0 by default so friends on the same network can open the link.
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const botDelayMs = process.env.BOT_DELAY_MS === undefined ? undefined : Number(process.env.BOT_DELAY_MS);
const rateLimit = process.env.RATE_LIMIT === undefined ? undefined : { perSecond: Number(process.env.RATE_LIMIT), burst: 2 * Number(process.env.RATE_LIMIT) };
// CREATE_LIMIT=<burst>/<per minute>: tables one address may open at once, then per minute (default 20/12).
const createMatch = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(process.env.CREATE_LIMIT ?? '');
if (process.env.CREATE_LIMIT !== undefined && !createMatch) refused(new StartRefused(`CREATE_LIMIT must look like 20/12, not ${process.env.CREATE_LIMIT}`));
const createLimit = createMatch ? { burst: Number(createMatch[1]), perSecond: Number(createMatch[2]) / 60 } : undefined;

/** A setting that is a whole number of at least `least` (1 unless said), or a refusal to start that says so. */
function wholeNumber(name: string, value: string, least = 1): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < least)
    refused(new StartRefused(`${name} must be a whole number ${least === 1 ? 'above 0' : `of ${least} or more`}, not ${value}`));
  return n;
}

// HSTS_MAX_AGE: seconds a browser keeps to https once it reached the server so (0: no Strict-Transport-Security).
const hsts = process.env.HSTS_MAX_AGE;
if (hsts !== undefined && !/^\d+$/.test(hsts)) refused(new StartRefused(`HSTS_MAX_AGE must be a whole number of seconds (0: none), not ${hsts}`));

// OPERATOR_TOKEN: the detail of /healthz and /metrics (empty: as if unset).
const operatorToken = process.env.OPERATOR_TOKEN || undefined;
if (operatorToken !== undefined && operatorToken.length < MIN_OPERATOR_TOKEN)
  refused(new StartRefused(`OPERATOR_TOKEN must be at least ${MIN_OPERATOR_TOKEN} characters (e.g. openssl rand -hex 24)`));

// TRUST_PROXY: the proxies whose X-Forwarded-For names the client.
let trustProxy: readonly string[] | undefined;
try {
  trustProxy = process.env.TRUST_PROXY ? parseTrustProxy(process.env.TRUST_PROXY) : undefined;
} catch (e) {
  refused(new StartRefused(e instanceof Error && e.message.startsWith('TRUST_PROXY') ? e.message : `TRUST_PROXY: ${(e as Error).message}`));
}

// Benchmarks only (bench:audience): when each update and presence push goes out, and the process's pauses, so a
// benchmark can time each to its last receiver (bench-probe.ts).
const probe = process.env.BENCH_SENT_LOG ? benchProbe(process.env.BENCH_SENT_LOG) : null;

const server = await startServer({
  port,
  host,
  dataDir,
  ...(botDelayMs === undefined ? {} : { botDelayMs }),
  ...(rateLimit === undefined ? {} : { rateLimit }),
  ...(createLimit === undefined ? {} : { createLimit }),
  ...(process.env.CONNECTION_LIMIT === undefined ? {} : { connectionLimit: wholeNumber('CONNECTION_LIMIT', process.env.CONNECTION_LIMIT) }),
  ...(process.env.WEB_BUILD_DIR ? { webBuildDir: process.env.WEB_BUILD_DIR } : {}),
  sqliteSynchronous: process.env.SQLITE_SYNCHRONOUS === 'FULL' ? 'FULL' : 'NORMAL',
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  ...(process.env.LEASE_MS === undefined ? {} : { leaseMs: wholeNumber('LEASE_MS', process.env.LEASE_MS) }),
  ...(process.env.NODE_ID ? { nodeId: process.env.NODE_ID } : {}),
  ...(process.env.SOCKET_PING_MS === undefined ? {} : { pingMs: wholeNumber('SOCKET_PING_MS', process.env.SOCKET_PING_MS) }),
  ...(process.env.SOCKET_UPGRADES_PER_TURN === undefined ? {} : { upgradesPerTurn: wholeNumber('SOCKET_UPGRADES_PER_TURN', process.env.SOCKET_UPGRADES_PER_TURN, 0) }),
  ...(process.env.VAPID_SUBJECT || process.env.PUSH_PORTS
    ? {
        push: {
          ...(process.env.VAPID_SUBJECT ? { subject: process.env.VAPID_SUBJECT } : {}),
          // PUSH_PORTS=443,8443: the ports a push service may listen on (default 443 only).
          ...(process.env.PUSH_PORTS ? { endpoints: { ports: process.env.PUSH_PORTS.split(',').map((p) => wholeNumber('PUSH_PORTS', p.trim())) } } : {}),
        },
      }
    : {}),
  ...(operatorToken ? { operatorToken } : {}),
  ...(trustProxy ? { trustProxy } : {}),
  ...(hsts === undefined ? {} : { hstsMaxAge: Number(hsts) }),
  ...(probe ? { probe } : {}),
}).catch(refused);
process.stdout.write(`Razzia Online is running at ${server.url} (${RELEASE.version}, commit ${RELEASE.commit.slice(0, 7)})\n`);
// On every interface: say where friends on the same network can open a shared link.
if (host === '0.0.0.0' || host === '::') {
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => `http://${a!.address}:${new URL(server.url).port}`);
  if (lan.length > 0) process.stdout.write(`Friends on your network can join at ${lan.join(' or ')}\n`);
}

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Clients show their own words for this (translated) and this reason beside them.
    void server.close(`stopped by ${signal}`).then(
      () => process.exit(0),
      () => process.exit(1),
    );
    // A stop that cannot finish (stdout's reader gone mid-write, a store that never answers) still ends the
    // process, within the grace period docker-compose.yml gives it (20 s).
    setTimeout(() => process.exit(1), 15_000).unref();
  });
}
