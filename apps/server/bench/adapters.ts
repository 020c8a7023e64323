// `tsx apps/server/bench/adapters.ts`: how to carry a table's updates between processes, measured before choosing.
// Three socket.io servers (in this process) share one real Redis; 300 clients, three per room, one on each server;
// server 0 sends each room a ~600-byte update (a typical patch) and we time it until all three members have it.
// Compared: @socket.io/redis-adapter (pub/sub, ioredis), @socket.io/redis-streams-adapter (Redis streams,
// ioredis), and plain ioredis pub/sub on a channel per room with each server delivering to its own sockets (what
// cluster/bus.ts does). Sequential (one update in flight: latency) and 50 in flight (throughput).

import { createServer } from 'node:http';
import { createAdapter as pubsubAdapter } from '@socket.io/redis-adapter';
import { createAdapter as streamsAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { startRedis } from '../test/support/services.ts';
import { fmt, percentile } from './load.ts';
import { endOnSignals } from '../test/support/cleanup.ts';

// Whatever way it ends (a signal, an error), nothing it started is left running (test/support/cleanup.ts).
endOnSignals();

const ROOMS = 100;
const UPDATES = Number(process.argv.find((a) => a.startsWith('--updates='))?.split('=')[1] ?? 3000);
const payload = { type: 'update', blob: 'x'.repeat(600) };

type Kind = 'redis-adapter' | 'redis-streams-adapter' | 'plain pub/sub';

async function run(kind: Kind, url: string): Promise<string> {
  const clients: Redis[] = [];
  const redis = () => {
    const r = new Redis(url, { maxRetriesPerRequest: null });
    clients.push(r);
    return r;
  };
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) {
    const http = createServer();
    const adapter = kind === 'redis-adapter' ? pubsubAdapter(redis(), redis()) : kind === 'redis-streams-adapter' ? streamsAdapter(redis()) : undefined;
    const server = new Server(http, adapter ? { adapter } : {});
    server.on('connection', (s) => s.on('join', (room: string, ack: () => void) => void Promise.resolve(s.join(room)).then(ack)));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    ports.push((http.address() as { port: number }).port);
    servers.push(server);
  }
  // Plain pub/sub: each server follows every room's channel and delivers locally.
  const pub = redis();
  if (kind === 'plain pub/sub')
    for (const server of servers) {
      const sub = redis();
      await sub.psubscribe('room:*');
      sub.on('pmessage', (_p, channel, message) => server.local.to(channel.slice(5)).emit('u', JSON.parse(message)));
    }
  const sockets: Socket[] = [];
  const got = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  for (let room = 0; room < ROOMS; room++)
    for (let i = 0; i < 3; i++) {
      const s = connect(`http://127.0.0.1:${ports[i]}`, { transports: ['websocket'], forceNew: true });
      await new Promise<void>((r) => s.once('connect', () => r()));
      await s.emitWithAck('join', `r${room}`);
      s.on('u', (m: { n: number }) => {
        const n = (got.get(m.n) ?? 0) + 1;
        got.set(m.n, n);
        if (n === 3) waiters.get(m.n)?.();
      });
      sockets.push(s);
    }
  let next = 0;
  const send = (): Promise<number> => {
    const n = next++;
    const room = `r${n % ROOMS}`;
    const t = performance.now();
    const done = new Promise<number>((resolve) => waiters.set(n, () => resolve(performance.now() - t)));
    if (kind === 'plain pub/sub') void pub.publish(`room:${room}`, JSON.stringify({ ...payload, n }));
    else servers[0]!.to(room).emit('u', { ...payload, n });
    return done;
  };
  for (let i = 0; i < 200; i++) await send(); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < UPDATES; i++) latencies.push(await send());
  latencies.sort((a, b) => a - b);
  const t0 = performance.now();
  let sent = 0;
  await Promise.all(Array.from({ length: 50 }, async () => { while (sent++ < UPDATES) await send(); }));
  const perSecond = UPDATES / ((performance.now() - t0) / 1000);
  for (const s of sockets) s.disconnect();
  for (const server of servers) await server.close();
  for (const c of clients) c.disconnect();
  return `${kind.padEnd(22)} one at a time: p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}; 50 in flight: ${Math.round(perSecond)} updates/s (each to 3 sockets on 3 servers)`;
}

const redis = await startRedis();
console.log(`Cross-process fan-out over one Redis, ${ROOMS} rooms × 3 servers, ${UPDATES} updates of ~600 bytes`);
for (const kind of ['redis-adapter', 'redis-streams-adapter', 'plain pub/sub'] as const) console.log(await run(kind, redis.url));
await redis.stop();
process.exit(0);
