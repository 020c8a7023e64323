// A cluster of real server processes on one real PostgreSQL and one real Redis: clients of one table spread over
// three processes, the owner killed (kill -9) mid-auction and mid-clock, a paused owner, Redis restarted, a
// rolling restart. Every time, the games finish and every decision the server acknowledged is stored exactly once.

import type { TableId, Token } from '@razzia/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTable, databaseFor, tempDir } from './harness.ts';
import { NodeProcess, Player, Proxy, audit, startCluster, until } from './support/cluster.ts';
import { startRedis, type RedisServer } from './support/services.ts';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** A fresh database and three processes, with a short lease so takeovers are quick. */
async function cluster(n = 3, env: Record<string, string> = {}) {
  const databaseUrl = await databaseFor(tempDir());
  const base = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, LEASE_MS: '1500', ...env };
  const nodes = await startCluster(n, base);
  const backends = nodes.map((p) => p.port);
  cleanup.push(async () => {
    for (const p of nodes) if (p.running) await p.kill9();
  });
  const proxies: Proxy[] = [];
  cleanup.push(async () => {
    for (const p of proxies) await p.close();
  });
  return {
    databaseUrl,
    nodes,
    backends,
    /** A client's way in: prefers process `i`, falls back to the others. */
    async proxy(i: number) {
      const proxy = await Proxy.start(backends, i);
      proxies.push(proxy);
      return proxy;
    },
    /** Replaces process `i` (stopped or killed) by a new one on another port. */
    async replace(i: number) {
      const fresh = await NodeProcess.start(base);
      nodes[i] = fresh;
      backends[i] = fresh.port;
      return fresh;
    },
    async owner(table: TableId): Promise<number> {
      return until(async () => {
        const healths = await Promise.all(nodes.map((p) => (p.running ? p.health().catch(() => null) : null)));
        const owners = healths.flatMap((h, i) => (h?.owned.includes(table) ? [i] : []));
        return owners.length === 1 ? { i: owners[0] as number } : null;
      }, `one owner of ${table}`).then((o) => o.i);
    },
  };
}

type Cluster = Awaited<ReturnType<typeof cluster>>;

/** A 4-seat table: people at seats 0..people-1 (seat i's client prefers process i % 3), bots after. */
async function table(c: Cluster, options: { people: number; clock?: number | null; bots?: string }) {
  const { id, token } = await createTable({ url: c.nodes[0]!.url }, { players: 4, clock: options.clock ?? null, visibility: 'private' });
  const seats = new Map<number, Player[]>();
  const players: Player[] = [];
  for (let seat = 0; seat < options.people; seat++) {
    const proxy = await c.proxy(seat % c.nodes.length);
    const player = await Player.join(proxy.url, id, seat === 0 ? token : undefined);
    await player.client.watch(id);
    await player.client.must({ type: 'sit', table: id, name: `P${seat}`, seat });
    seats.set(seat, [player]);
    players.push(player);
  }
  const host = players[0] as Player;
  for (let seat = options.people; seat < 4; seat++) await host.client.must({ type: 'add-bot', table: id, bot: options.bots ?? 'greedy', seat });
  // A spectator on the last process.
  const spectator = await Player.join((await c.proxy(c.nodes.length - 1)).url, id);
  await spectator.client.watch(id);
  cleanup.push(() => {
    for (const p of [...players, spectator]) p.close();
  });
  return { id, token: token as Token, players, seats, spectator, host };
}

/** The game's end as each client holds it, and the store's audit. */
async function finished(c: Cluster, t: Awaited<ReturnType<typeof table>>, plays: Promise<unknown>[]) {
  await Promise.all(plays);
  const outcome = t.host.game?.outcome;
  expect(outcome).toBeTruthy();
  await until(async () => t.spectator.game?.outcome, 'the spectator sees the end');
  expect(t.spectator.game?.outcome).toEqual(outcome);
  for (const p of t.players) expect(p.game?.outcome).toEqual(outcome);
  return audit(c.databaseUrl, t.id, t.seats);
}

describe('a cluster of three processes', () => {
  it('plays a whole game whose clients are spread over all three, with one owner that alone appends', async () => {
    const c = await cluster();
    const t = await table(c, { people: 3 });
    const plays = t.players.map((p) => p.play());
    await t.host.client.must({ type: 'start', table: t.id });
    const owner = await c.owner(t.id);
    const { lost, duplicated, moves } = await finished(c, t, plays);
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect(moves.length).toBe(t.host.game?.version);
    expect(t.players.reduce((n, p) => n + p.acked.length, 0)).toBeGreaterThan(10);
    // The owner decided; the others forwarded their clients' decisions to it.
    expect(await c.owner(t.id)).toBe(owner);
    const forwarded = await Promise.all(c.nodes.map((p) => p.metric('razzia_forwarded_total')));
    expect(forwarded.filter((n, i) => i !== owner && n > 0).length).toBe(2);
    const actions = await Promise.all(c.nodes.map((p) => p.metric('razzia_actions_total')));
    expect(actions.filter((n) => n > 0)).toEqual([actions[owner]]);
  });

  it('kill -9 of the owner mid-auction: another process takes the table over and the game finishes, every acknowledged decision once', async () => {
    const c = await cluster();
    const t = await table(c, { people: 3 });
    let frozen = true;
    const plays = t.players.map((p) => p.play(() => frozen && (p.game?.view as { phase: { kind: string } }).phase.kind === 'auction'));
    frozen = true;
    await t.host.client.must({ type: 'start', table: t.id });
    // Everyone plays until an auction waits for a person.
    await until(async () => {
      const game = t.spectator.game;
      const phase = (game?.view as { phase?: { kind: string } } | undefined)?.phase;
      return phase?.kind === 'auction' && game?.awaiting.some((s) => s < 3);
    }, 'an auction waiting for a person');
    const owner = await c.owner(t.id);
    await c.nodes[owner]!.kill9();
    frozen = false;
    for (const p of t.players) p.resume();
    const survivor = await c.owner(t.id);
    expect(survivor).not.toBe(owner);
    const { lost, duplicated } = await finished(c, t, plays);
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect(await c.nodes[survivor]!.metric('razzia_lease_takeovers_total')).toBeGreaterThanOrEqual(1);
  });
});
