// Play over days in a cluster: two server processes (in this test process, on one real PostgreSQL and one real
// Redis, with one hand-driven clock for their tables) share an idle table that left memory. At its deadline both
// schedulers find it due; exactly one takes its lease and fires the clock, once; each opened decision is pushed
// once, even when the table is handed over to the other process, which loads it and finds the push already sent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leases } from '../src/store/leases.ts';
import { ManualClock, TestClient, databaseFor, seatedTable, tempDir, testServer } from './harness.ts';
import { PushService } from './support/push-service.ts';
import { startRedis, type RedisServer } from './support/services.ts';

const DAY = 24 * 3_600_000;
const BATCH_MS = 1_000;

let redis: RedisServer;
let pushes: PushService;
beforeAll(async () => {
  [redis, pushes] = await Promise.all([startRedis(), PushService.start()]);
});
afterAll(async () => {
  await Promise.all([redis.stop(), pushes.close()]);
});

describe('play over days in a cluster', () => {
  it('fires a deadline once across processes and pushes each decision once, across a hand-over too', async () => {
    const clock = new ManualClock();
    const databaseUrl = await databaseFor(tempDir());
    const options = {
      clock,
      databaseUrl,
      redisUrl: redis.url,
      // Nothing here waits for a lease to lapse (an owner that stops hands its tables over), so it is long: no
      // event-loop stall of a busy machine lets one lapse by accident (5 s did not guarantee it).
      leaseMs: 60_000,
      push: { endpoints: PushService.endpoints, batchMs: BATCH_MS },
      sweep: { everyMs: 3_600_000 },
    };
    const a = await testServer({ ...options, nodeId: 'days-a' });
    const b = await testServer({ ...options, nodeId: 'days-b' });
    const servers = [a, b];
    const settle = async () => {
      for (const s of servers) {
        await s.tables.settled();
        await s.push.settled();
      }
    };
    try {
      const { key } = (await (await fetch(`${a.url}/api/push/key`)).json()) as { key: string };
      // One key for the whole cluster: both processes sign with what the store holds.
      expect(((await (await fetch(`${b.url}/api/push/key`)).json()) as { key: string }).key).toBe(key);
      pushes.vapidKey = key;
      const { id, clients } = await seatedTable(a, { players: 2, people: ['Ada', 'Bo'], clock: 86_400, game: 'razzia', visibility: 'private' });
      for (const [seat, c] of clients.entries()) await c.must({ type: 'push-subscribe', subscription: pushes.subscribe(`cluster-${seat}`) });
      await (clients[0] as TestClient).must({ type: 'start', table: id });
      await settle();
      clock.advance(BATCH_MS);
      await settle();
      expect(pushes.received.filter((r) => r.payload.type === 'turn' && r.payload.table === id)).toHaveLength(1);
      for (const c of clients) c.close();
      await expect.poll(() => a.tables.live(id)?.idle).toBe(true);
      // Idle: it leaves memory, and its lease goes (nobody holds it until it is due or opened).
      expect(a.tables.sweep(clock.now() + 1, { waitingMs: DAY, idleMs: 0, horizonMs: 60_000 })).toBe(1);
      // The lease goes by a write of its own, after the table left memory. Wait for it before the clock jumps a day:
      // a scheduler looking while it still runs leaves the table to its owner, and looks again only after its longest
      // sleep (a minute this hand-driven clock never reaches). In real time nothing unloads with anything due within
      // two minutes, so no write of a release is that slow.
      const leases = a.tables.store as unknown as Leases;
      await expect.poll(async () => (await leases.owner(id))?.live).toBe(false);

      // The deadline: both processes' schedulers find it due; one takes it.
      clock.advance(DAY);
      const holder = async () => {
        clock.advance(0);
        await settle();
        // The game's version in each process that holds the table, and whose lease runs on it (a failure shows both).
        const lease = await leases.owner(id);
        return { versions: servers.flatMap((s) => (s.tables.live(id) ? [s.tables.live(id)?.version] : [])), lease: lease?.live ? lease.node : null };
      };
      await expect.poll(holder).toMatchObject({ versions: [1] });
      const owner = servers.find((s) => s.tables.live(id)) as (typeof servers)[number];
      expect(servers.filter((s) => s.tables.live(id))).toHaveLength(1);
      clock.advance(BATCH_MS);
      await settle();
      const turns = () => pushes.received.filter((r) => r.payload.type === 'turn' && r.payload.table === id);
      expect(turns()).toHaveLength(2);

      // The owner stops: it hands the table over; the other process loads it (its open decision's push was sent).
      const other = owner === a ? b : a;
      await owner.close();
      servers.splice(servers.indexOf(owner), 1);
      // (Asked through the cluster, as a client would: the process takes the lease if nobody holds it yet.)
      await expect.poll(async () => (await fetch(`${other.url}/api/tables/${id}`)).status === 200 && other.tables.live(id)?.version).toBe(1);
      clock.advance(BATCH_MS);
      await settle();
      expect(turns()).toHaveLength(2);

      // One timed-out decision in the store, whoever loaded the table when.
      const log = await other.tables.store.readLog(id, 0);
      expect(log.filter((e) => e.kind === 'table' && e.notice.type === 'timed-out')).toHaveLength(1);
      // Each push is for another decision: their deadlines differ.
      expect(new Set(turns().map((r) => (r.payload.type === 'turn' ? r.payload.deadline : null))).size).toBe(2);
      expect(pushes.errors).toEqual([]);
    } finally {
      for (const s of servers) await s.close();
    }
  });
});
