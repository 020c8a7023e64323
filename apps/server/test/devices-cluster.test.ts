// "Continue on another device" in a cluster: two server processes (in this test process, on one real PostgreSQL and
// one real Redis). A code made on the process that owns the table is redeemed through the other one; the tries at
// it are counted in the store, whichever process they come through; the device that redeemed it acts for the seat
// through its own process.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_TRIES, type Token } from '@razzia/protocol';
import { TestClient, databaseFor, seatedTable, tempDir, testServer, type Intent } from './harness.ts';
import { startRedis, type RedisServer } from './support/services.ts';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

/** `code` with the character at `at` changed. */
function changed(code: string, at: number): string {
  const c = code[at] as string;
  return code.slice(0, at) + DEVICE_CODE_ALPHABET[(DEVICE_CODE_ALPHABET.indexOf(c) + 1) % DEVICE_CODE_ALPHABET.length] + code.slice(at + 1);
}

describe('device codes in a cluster', () => {
  it('a code made on one process is redeemed through another, its tries counted in the store, and the new device plays there', async () => {
    const databaseUrl = await databaseFor(tempDir());
    // Nothing here waits for a lease to lapse, so it is long: no event-loop stall of a busy machine lets one lapse by
    // accident (5 s did not guarantee it).
    const options = { databaseUrl, redisUrl: redis.url, leaseMs: 60_000 };
    const a = await testServer({ ...options, nodeId: 'devices-a' });
    const b = await testServer({ ...options, nodeId: 'devices-b' });
    const clients: TestClient[] = [];
    try {
      const { id, clients: seated } = await seatedTable(a, { players: 2, people: ['Desk', 'Guest'], game: 'guess', visibility: 'private' });
      clients.push(...seated);
      const [desk, guest] = seated as [TestClient, TestClient];

      // Tries at one code through both processes count together: the fifth wrong one spends it.
      const spent = (await desk.must({ type: 'device-code', table: id })).code;
      const prober = await TestClient.connect(a.url);
      const other = await TestClient.connect(b.url);
      clients.push(prober, other);
      for (let i = 0; i < DEVICE_CODE_TRIES; i++)
        expect(await (i % 2 === 0 ? prober : other).send({ type: 'redeem', code: changed(spent, 4 + i) })).toMatchObject({ ok: false, error: { code: 'wrong-code' } });
      expect(await other.send({ type: 'redeem', code: spent })).toMatchObject({ ok: false, error: { code: 'code-expired' } });

      // A new code, redeemed through the process that does not own the table.
      const code = (await desk.must({ type: 'device-code', table: id })).code;
      const phone = await TestClient.connect(b.url);
      clients.push(phone);
      const { token } = (await phone.must({ type: 'redeem', code })) as unknown as { token: Token };
      expect(await other.send({ type: 'redeem', code })).toMatchObject({ ok: false, error: { code: 'code-used' } });
      const onPhone = await TestClient.connect(b.url, token);
      clients.push(onPhone);
      expect((await onPhone.watch(id)).snapshot.you).toEqual({ seat: 0, host: true });

      // The game starts from the desk; seat 0 decides from the phone, through process b.
      await desk.must({ type: 'start', table: id });
      const game = await onPhone.waitFor((f) => (f.type === 'update' || f.type === 'snapshot') && f.held.info.id === id && (f.held.game?.legal.length ?? 0) > 0);
      if (game.type !== 'update' && game.type !== 'snapshot') throw new Error('unreachable');
      const { version, legal } = game.held.game!;
      await onPhone.must({ type: 'act', table: id, version, intent: legal[0] as Intent });
      // The desk sees its own seat's decision made, and the guest sees the table wait for seat 1 alone.
      await desk.waitFor((f) => 'held' in f && f.held.info.id === id && f.held.game?.legal.length === 0);
      await guest.waitFor((f) => 'held' in f && f.held.info.id === id && f.held.game?.awaiting.join() === '1');
    } finally {
      for (const c of clients) c.close();
      await b.close();
      await a.close();
    }
  });
});
