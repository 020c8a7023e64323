// A cluster of real server processes on one real PostgreSQL and one real Redis: clients of one table spread over
// three processes, the owner killed (kill -9) mid-auction and mid-clock, a paused owner, Redis restarted, a
// rolling restart. Every time, the games finish and every decision the server acknowledged is stored exactly once.

import type { TableId, Token } from '@razzia/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyRecord } from '@razzia/contract/verify';
import { robbery } from '@razzia/game-robbery';
import { contribution, createTable, databaseFor, expectFairKept, fairSecrets, serverArgs, tempDir } from './harness.ts';
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
  const base = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, LEASE_MS: '1500', CREATE_LIMIT: '1000/1000', ...env };
  // The run's build of the server, as production runs it (test/harness.ts).
  const [main] = serverArgs();
  const nodes = await startCluster(n, base, main);
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
      const fresh = await NodeProcess.start(base, main);
      nodes[i] = fresh;
      backends[i] = fresh.port;
      return fresh;
    },
    async owner(table: TableId): Promise<number> {
      return until(async () => {
        const healths = await Promise.all(nodes.map((p) => (p.running && !p.paused ? p.health().catch(() => null) : null)));
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
    const sat = await player.client.must({ type: 'sit', table: id, name: `P${seat}`, seat });
    // As a browser does: its reconnections carry the token it was given.
    player.client.socket.auth = { token: sat.token };
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
    // Nothing here should move the table: a lease no busy machine's scheduling lapses (the others take 1.5 s).
    const c = await cluster(3, { LEASE_MS: '5000' });
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

  it('kill -9 of the owner mid-clock: the clock is a deadline in the store, so it runs out on the new owner', async () => {
    const c = await cluster();
    const t = await table(c, { people: 3, clock: 5 });
    // Seat 1 does not decide until its clock has run out once.
    let sleeping = true;
    const timedOut = () =>
      t.spectator.client.held.get(t.id)?.log.some((e) => e.kind === 'table' && e.event.type === 'timed-out' && e.event.seat === 1) ?? false;
    const plays = t.players.map((p, seat) => p.play(() => seat === 1 && sleeping));
    await t.host.client.must({ type: 'start', table: t.id });
    await until(async () => t.spectator.game?.awaiting.includes(1) && t.spectator.client.held.get(t.id)?.info.clocks.some((k) => k.seat === 1), 'seat 1 on the clock');
    const owner = await c.owner(t.id);
    await c.nodes[owner]!.kill9();
    await until(async () => timedOut(), 'the clock of seat 1 to run out on another process');
    sleeping = false;
    for (const p of t.players) p.resume();
    const { lost, duplicated, moves } = await finished(c, t, plays);
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect(moves.some((m) => 'seat' in m && m.seat === 1 && m.timedOut)).toBe(true);
  });

  it('a paused owner (SIGSTOP) whose lease lapses loses the table, and once resumed appends nothing more; the new owner draws on from the same fair seed', async () => {
    const c = await cluster(3, { BOT_DELAY_MS: '40' });
    // One person (on another process than the owner) and three bots, so the game moves while the owner sleeps: a
    // Robbery game, whose reshuffles (near move 40) come after the takeover.
    const { id, token } = await createTable({ url: c.nodes[0]!.url }, { game: 'robbery', players: 4, visibility: 'private' });
    const owner = await c.owner(id);
    const person = await Player.join((await c.proxy((owner + 1) % 3)).url, id, token);
    const spectator = await Player.join((await c.proxy((owner + 2) % 3)).url, id);
    cleanup.push(() => {
      person.close();
      spectator.close();
    });
    await person.client.watch(id);
    await spectator.client.watch(id);
    await person.client.must({ type: 'sit', table: id, name: 'Person', seat: 0 });
    await person.client.must({ type: 'contribute', table: id, value: contribution() });
    for (let seat = 1; seat < 4; seat++) await person.client.must({ type: 'add-bot', table: id, bot: 'greedy', seat });
    const play = person.play();
    await person.client.must({ type: 'start', table: id });
    await until(async () => (spectator.game?.version ?? 0) > 5, 'a few moves');
    c.nodes[owner]!.pause();
    const before = spectator.client.held.get(id)?.seq ?? 0;
    const next = await c.owner(id);
    expect(next).not.toBe(owner);
    const takenAt = spectator.game?.version ?? 0;
    await until(async () => (spectator.client.held.get(id)?.seq ?? 0) > before + 3, 'the game going on without the paused owner');
    c.nodes[owner]!.resume();
    // Woken up, it finds its lease gone (its renewal, or its first append, is refused) and hosts the table no more.
    await until(async () => !(await c.nodes[owner]!.health()).owned.includes(id) && (await c.nodes[owner]!.metric('razzia_leases_lost_total')) >= 1, 'the paused owner to let go');
    await play;
    await until(async () => spectator.game?.outcome, 'the spectator sees the end');
    const { lost, duplicated, moves } = await audit(c.databaseUrl, id, new Map([[0, [person]]]));
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect(moves.length).toBe(spectator.game?.version);
    // Reshuffles drawn by the new owner, from the seed stored with the table: the whole record verifies, and the
    // seed reached neither client before the end, through either process.
    expect(moves.some((m, i) => 'chance' in m && i >= takenAt)).toBe(true);
    const record: unknown = await (await fetch(`${c.nodes[next]!.url}/api/tables/${id}/record`)).json();
    expect(verifyRecord(robbery, record)).toMatchObject({ ok: true, contributed: [0] });
    const secrets = await fairSecrets({ databaseUrl: c.databaseUrl }, id);
    for (const p of [person, spectator]) expect(expectFairKept(p.client, secrets)).toBeGreaterThan(0);
  });

  it('thinking bots think on the table’s owner alone; after a kill -9 of the owner mid-game the new owner thinks again, and the game finishes', async () => {
    const c = await cluster(2);
    const t = await table(c, { people: 1, bots: 'easy' });
    const plays = t.players.map((p) => p.play());
    await t.host.client.must({ type: 'start', table: t.id });
    const owner = await c.owner(t.id);
    await until(async () => (t.spectator.game?.version ?? 0) > 12, 'a dozen moves, most of them the bots’');
    // Only the owner decided: the bots' answers (bot-move) are actions of the owner alone.
    const actions = await Promise.all(c.nodes.map((p) => p.metric('razzia_actions_total')));
    expect(actions.filter((n) => n > 0)).toEqual([actions[owner]]);
    await c.nodes[owner]!.kill9();
    const survivor = await c.owner(t.id);
    expect(survivor).not.toBe(owner);
    const { lost, duplicated, moves } = await finished(c, t, plays);
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
    // The bot seats went on deciding on the new owner, never on a timeout.
    expect(await c.nodes[survivor]!.metric('razzia_actions_total')).toBeGreaterThan(0);
    expect(moves.filter((m) => 'seat' in m && m.seat > 0).length).toBeGreaterThan(10);
    expect(moves.some((m) => 'seat' in m && m.timedOut)).toBe(false);
  });

  it('Redis restarted mid-game: the processes reconnect, catch up what was lost, and the game finishes', async () => {
    const c = await cluster();
    const t = await table(c, { people: 3 });
    const plays = t.players.map((p) => p.play());
    await t.host.client.must({ type: 'start', table: t.id });
    await until(async () => (t.spectator.game?.version ?? 0) > 20, 'twenty moves');
    await redis.restart();
    const { lost, duplicated } = await finished(c, t, plays);
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
  });

  it('rolling restart of all three processes (SIGTERM drains each) while twenty tables play: every game finishes', async () => {
    const c = await cluster(3, { BOT_DELAY_MS: '40' });
    const tables = [];
    for (let i = 0; i < 20; i++) tables.push(await table(c, { people: 2 }));
    const plays = tables.map((t) => t.players.map((p) => p.play()));
    for (const t of tables) await t.host.client.must({ type: 'start', table: t.id });
    for (let i = 0; i < 3; i++) {
      await c.nodes[i]!.stop();
      await c.replace(i);
    }
    const audits = [];
    for (const [i, t] of tables.entries()) audits.push(await finished(c, t, plays[i] as Promise<unknown>[]));
    expect(audits.map((a) => a.lost + a.duplicated)).toEqual(tables.map(() => 0));
    // The new processes host them all now.
    const healths = await Promise.all(c.nodes.map((p) => p.health()));
    expect(healths.every((h) => h.members.length === 2)).toBe(true);
  });
});
