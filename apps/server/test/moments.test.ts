// A moment of the game over real sockets: after a Razzia! round is scored (a Dorra's Razzia round, a Robbery raid
// ends), the table waits for the person at it to
// move on (`ready`) before its bots play on, or its longest time. With a hand-driven clock, "nobody moves" is
// exact: timers fire only inside `advance`.

import { describe, expect, it } from 'vitest';
import type { TableHost } from '../src/tables/host.ts';
import { ManualClock, TestClient, seatedTable, tempDir, testServer, type Intent } from './harness.ts';

const BOT_DELAY = 700;
const MAX = 20_000;

/** A decision for `seat` from the server's own list: a draw when there is one, else anything but calling. */
function decisionOf(table: TableHost, seat: number): Intent {
  const legal = table.gameFor(seat)?.legal ?? [];
  return (legal.find((a) => a.type === 'draw') ?? legal.find((a) => a.type !== 'call') ?? legal[0]) as Intent;
}

describe('moments of the game', () => {
  it('after a round, the bots wait until the person sends ready (or the longest time), and their clock stands', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock, botDelayMs: BOT_DELAY, momentMaxMs: MAX });
    try {
      const { id, clients } = await seatedTable(server, { players: 3, people: ['Host'], bots: ['greedy', 'greedy'], clock: 60 });
      const host = clients[0] as TestClient;
      await host.must({ type: 'start', table: id });
      const table = server.tables.live(id) as TableHost;

      /** Plays on (the host its decisions, the bots when their timer fires) until the table pauses. */
      const toPause = async () => {
        for (let i = 0; i < 2_000 && !table.record.pause; i++) {
          const seat = table.gameFor(null)?.awaiting[0];
          if (seat === 0) await host.must({ type: 'act', table: id, version: table.version, intent: decisionOf(table, 0) });
          else clock.advance(BOT_DELAY);
          await server.tables.settled();
        }
        expect(table.record.pause).toBeTruthy();
      };

      await toPause();
      const since = clock.now();
      const paused = await host.waitFor((m) => m.type === 'update' && m.message.info?.pause != null);
      if (paused.type !== 'update') throw new Error('unreachable');
      expect(paused.message.info?.pause).toEqual({ until: since + MAX, waiting: [0] });
      const events = paused.entries.map((e) => e.event.type);
      expect(events.indexOf('paused')).toBeGreaterThan(events.indexOf('round-scored'));

      // Nothing moves while the person reads, however long the bots' delay has passed; clocks stand.
      const version = table.version;
      const clocksThen = table.info().clocks;
      clock.advance(MAX - 1);
      await server.tables.settled();
      expect(table.version).toBe(version);
      expect(table.info().clocks).toEqual(clocksThen);
      expect(table.info().pause).toEqual({ until: since + MAX, waiting: [0] });

      // The person's ready ends the pause, and the table goes on.
      const n = host.frames.length;
      await host.must({ type: 'ready', table: id });
      const resumed = await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'resumed'), n);
      if (resumed.type !== 'update') throw new Error('unreachable');
      expect(resumed.entries.map((e) => e.event)).toEqual([{ type: 'ready', seat: 0 }, { type: 'resumed' }]);
      expect(resumed.message.info?.pause).toBeNull();
      const open = table.record.decisions[0];
      expect(open?.openedAt).toBe(clock.now());
      if (open?.seat === 0) expect(table.info().clocks).toEqual([{ seat: 0, remainingMs: 60_000 }]);
      else {
        clock.advance(BOT_DELAY);
        await server.tables.settled();
        expect(table.version).toBeGreaterThan(version);
      }

      // The next round's end: nobody sends ready, so the pause lasts its longest time, exactly.
      await toPause();
      const second = table.record.pause?.until as number;
      const held = table.version;
      clock.advance(second - clock.now() - 1);
      await server.tables.settled();
      expect(table.record.pause).toBeTruthy();
      expect(table.version).toBe(held);
      clock.advance(1);
      await server.tables.settled();
      expect(table.record.pause ?? null).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('a restart keeps the pause: the table comes back paused, nothing moves, and it goes on at its end', async () => {
    const clock = new ManualClock();
    const dataDir = tempDir();
    const server = await testServer({ clock, dataDir, botDelayMs: BOT_DELAY, momentMaxMs: MAX });
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Host'], bots: ['greedy'] });
    const host = clients[0] as TestClient;
    await host.must({ type: 'start', table: id });
    const table = server.tables.live(id) as TableHost;
    for (let i = 0; i < 2_000 && !table.record.pause; i++) {
      if (table.gameFor(null)?.awaiting[0] === 0) await host.must({ type: 'act', table: id, version: table.version, intent: decisionOf(table, 0) });
      else clock.advance(BOT_DELAY);
      await server.tables.settled();
    }
    const pause = table.record.pause;
    expect(pause?.waiting).toEqual([0]);
    const version = table.version;
    await server.close();
    host.close();

    const again = await testServer({ clock, dataDir, botDelayMs: BOT_DELAY, momentMaxMs: MAX });
    try {
      const loaded = (await again.tables.get(id)) as TableHost;
      expect(loaded.record.pause).toEqual(pause);
      clock.advance((pause?.until ?? 0) - clock.now() - 1);
      await again.tables.settled();
      expect(loaded.version).toBe(version);
      clock.advance(1);
      await again.tables.settled();
      expect(loaded.record.pause).toBeNull();
    } finally {
      await again.close();
    }
  });

  for (const { game, players, moment } of [
    { game: 'razzia-dorra', players: 3, moment: 'round-ended' },
    { game: 'robbery', players: 3, moment: 'banked' },
  ])
    it(`${game}: after ${moment === 'banked' ? 'a raid’s end and its Boss check' : 'a round’s end'}, the bots wait until the person sends ready`, async () => {
      const clock = new ManualClock();
      const server = await testServer({ clock, botDelayMs: BOT_DELAY, momentMaxMs: MAX });
      try {
        const { id, clients } = await seatedTable(server, { game, players, people: ['Host'], bots: ['greedy', 'greedy'] });
        const host = clients[0] as TestClient;
        await host.must({ type: 'start', table: id });
        const table = server.tables.live(id) as TableHost;
        for (let i = 0; i < 2_000 && !table.record.pause; i++) {
          const game = table.gameFor(0);
          if (game?.awaiting.includes(0)) await host.must({ type: 'act', table: id, version: table.version, intent: game.legal[0] as Intent });
          else clock.advance(BOT_DELAY);
          await server.tables.settled();
        }
        expect(table.record.pause?.waiting).toEqual([0]);
        const paused = await host.waitFor((m) => m.type === 'update' && m.message.info?.pause != null);
        if (paused.type !== 'update') throw new Error('unreachable');
        const events = paused.entries.map((e) => e.event.type);
        expect(events).toContain(moment);
        expect(events.indexOf('paused')).toBeGreaterThan(events.lastIndexOf(moment));
        // The bots' delay passes many times over: nothing moves while the person reads.
        const version = table.version;
        clock.advance(MAX - 1);
        await server.tables.settled();
        expect(table.version).toBe(version);
        await host.must({ type: 'ready', table: id });
        expect(table.record.pause).toBeNull();
        for (let i = 0; i < 50 && table.version === version; i++) {
          const game = table.gameFor(0);
          if (game?.awaiting.includes(0)) await host.must({ type: 'act', table: id, version: table.version, intent: game.legal[0] as Intent });
          else clock.advance(BOT_DELAY);
          await server.tables.settled();
        }
        expect(table.version).toBeGreaterThan(version);
      } finally {
        await server.close();
      }
    });

  it('refuses ready from a spectator; a ready nobody waits for changes nothing', async () => {
    const server = await testServer();
    try {
      const { id, clients } = await seatedTable(server, { players: 2, people: ['Host'], bots: ['greedy'] });
      const host = clients[0] as TestClient;
      const spectator = await TestClient.connect(server.url);
      await spectator.watch(id);
      const refused = await spectator.send({ type: 'ready', table: id });
      expect(refused.ok ? 'ok' : refused.error.code).toBe('not-seated');
      const seq = server.tables.live(id)?.seq;
      await host.must({ type: 'ready', table: id });
      expect(server.tables.live(id)?.seq).toBe(seq);
    } finally {
      await server.close();
    }
  });
});
