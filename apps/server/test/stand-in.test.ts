// A bot stands in for a player who left, when the host asks, until that player comes back. With a hand-driven
// clock, "the bot plays" and "nobody plays" are both exact: timers fire only inside `advance`.

import { describe, expect, it } from 'vitest';
import type { TableHost } from '../src/tables/host.ts';
import { ManualClock, TestClient, seatedTable, tempDir, testServer, type Intent } from './harness.ts';

/** Whose decision the game awaits. */
const awaited = (table: TableHost) => table.gameFor(null)?.awaiting[0];

/** A decision for `seat`, from the server's own list; a draw when there is one (it never ends a round early). */
function decisionOf(table: TableHost, seat: number): Intent {
  const legal = table.gameFor(seat)?.legal ?? [];
  return (legal.find((a) => a.type === 'draw') ?? legal.find((a) => a.type !== 'call') ?? legal[0]) as Intent;
}

describe('stand-in bots', () => {
  it('the host lets a bot play for a player who left, only while they are away; nobody else can, and not before', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock });
    const { id, clients, tokens } = await seatedTable(server, { players: 2, people: ['Host', 'Gone'] });
    const [host, gone] = clients as [TestClient, TestClient];
    const spectator = await TestClient.connect(server.url);
    await spectator.watch(id);
    const refused = async (client: TestClient, seat: number) => {
      const reply = await client.send({ type: 'stand-in', table: id, seat });
      return reply.ok ? 'ok' : reply.error.code;
    };

    expect(await refused(host, 1)).toBe('not-playing'); // before the start
    await host.must({ type: 'start', table: id });
    expect(await refused(host, 1)).toBe('not-removable'); // Gone is still here
    expect(await refused(host, 0)).toBe('not-removable'); // the host is connected too
    expect(await refused(spectator, 1)).toBe('not-host');
    expect(await refused(host, 4)).toBe('no-free-seat'); // no seat 4 at a two-seat table
    expect(await refused(host, 8)).toBe('bad-message'); // no table has it
    const table = server.tables.live(id) as TableHost;

    gone.close();
    await host.waitFor((m) => m.type === 'presence' && m.connected[1] === false);
    expect(await refused(spectator, 1)).toBe('not-host');
    const n = host.frames.length;
    await host.must({ type: 'stand-in', table: id, seat: 1 });
    const notice = await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'stand-in'), n);
    if (notice.type !== 'update') throw new Error('unreachable');
    expect(notice.entries.map((e) => e.event)).toEqual([{ type: 'stand-in', seat: 1 }]);
    expect(notice.table.seats[1]?.occupant).toMatchObject({ name: 'Gone', bot: null, connected: false, standIn: true });

    // The host plays its own decisions; the stand-in plays Gone's whenever the bot's timer fires.
    const step = async () => {
      const seat = awaited(table);
      const version = table.version;
      if (seat === 0) await host.must({ type: 'act', table: id, version, intent: decisionOf(table, 0) });
      else clock.advance(0);
      await server.tables.settled();
      expect(table.version).toBeGreaterThan(version);
      return seat;
    };
    let botMoves = 0;
    while (botMoves < 3) if ((await step()) === 1) botMoves++;

    // Gone comes back with the same token: the stand-in ends at once, and the snapshot already says so.
    const back = await TestClient.connect(server.url, tokens[1]);
    await back.watch(id);
    await server.tables.settled();
    const ended = await back.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'stand-in-ended'));
    expect(ended.type === 'update' && ended.table.seats[1]?.occupant).toMatchObject({ connected: true, standIn: false });
    await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'stand-in-ended'));

    // Now Gone's decisions wait for Gone: an hour passes and nothing happens, then Gone plays.
    while (awaited(table) !== 1) await step();
    const waiting = table.version;
    clock.advance(3_600_000);
    await server.tables.settled();
    expect(table.version).toBe(waiting);
    await back.must({ type: 'act', table: id, version: waiting, intent: decisionOf(table, 1) });
    expect(table.version).toBe(waiting + 1);

    for (const c of [host, back, spectator]) c.close();
    await server.close();
  });

  it('on a clocked table the stood-in seat has no clock and others keep theirs; the stand-in survives a restart', async () => {
    const clock = new ManualClock();
    const dataDir = tempDir();
    const first = await testServer({ clock, dataDir });
    const { id, clients, tokens } = await seatedTable(first, { players: 2, clock: 30, people: ['Host', 'Gone'] });
    const [host, gone] = clients as [TestClient, TestClient];
    await host.must({ type: 'start', table: id });
    const table = first.tables.live(id) as TableHost;
    // Make it the host's decision, with 10 of its 30 seconds gone, then Gone leaves and a bot stands in.
    if (awaited(table) === 1) await gone.must({ type: 'act', table: id, version: table.version, intent: decisionOf(table, 1) });
    clock.advance(10_000);
    gone.close();
    await host.waitFor((m) => m.type === 'presence' && m.connected[1] === false);
    await host.must({ type: 'stand-in', table: id, seat: 1 });
    expect(table.info().clocks).toEqual([{ seat: 0, remainingMs: 20_000 }]);
    // Any legal move: if Gone drew a police card, the host's decision is a chance in an auction, not a draw.
    await host.must({ type: 'act', table: id, version: table.version, intent: decisionOf(table, 0) });
    if (awaited(table) === 1) expect(table.info().clocks).toEqual([]);
    host.close();
    await first.close();

    const second = await testServer({ clock, dataDir });
    const watcher = await TestClient.connect(second.url);
    const r = await watcher.watch(id);
    expect(r.snapshot.table.seats[1]?.occupant).toMatchObject({ name: 'Gone', connected: false, standIn: true });
    // Whenever it is Gone's decision, the bot takes it at once, without waiting for a clock or timing out.
    const restored = second.tables.live(id) as TableHost;
    const hostAgain = await TestClient.connect(second.url, tokens[0]);
    await hostAgain.watch(id);
    while (awaited(restored) !== 1) await hostAgain.must({ type: 'act', table: id, version: restored.version, intent: decisionOf(restored, 0) });
    const before = restored.version;
    clock.advance(0);
    await second.tables.settled();
    expect(restored.version).toBe(before + 1);
    const played = await watcher.waitFor((m) => m.type === 'update' && m.payload?.version === before + 1);
    expect(played.type === 'update' && played.entries.map((e) => e.event.type)).not.toContain('timed-out');
    watcher.close();
    hostAgain.close();
    await second.close();
  });
});
