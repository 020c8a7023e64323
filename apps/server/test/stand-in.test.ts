// A bot stands in for a player who left, when the host asks, until that player comes back. With a hand-driven
// clock, "the bot plays" and "nobody plays" are both exact: timers fire only inside `advance`.

import { describe, expect, it } from 'vitest';
import { actor, legalActions } from '@razzia/game-razzia';
import { ManualClock, TestClient, intentOf, seatedTable, tempDir, testServer } from './harness.ts';

describe('stand-in bots', () => {
  it('the host lets a bot play for a player who left, only while they are away; nobody else can, and not before', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock });
    const { id, clients, tokens } = await seatedTable(server, { players: 2, people: ['Host', 'Gone'] });
    const [host, gone] = clients as [TestClient, TestClient];
    const spectator = await TestClient.connect(server.url);
    await spectator.must({ type: 'watch', table: id });
    const refused = async (client: TestClient, seat: number) => {
      const reply = await client.send({ type: 'stand-in', table: id, seat });
      return reply.ok ? 'ok' : reply.error.code;
    };

    expect(await refused(host, 1)).toBe('not-playing'); // before the start
    await host.must({ type: 'start', table: id });
    expect(await refused(host, 1)).toBe('not-removable'); // Gone is still here
    expect(await refused(host, 0)).toBe('not-removable'); // the host is connected too
    expect(await refused(spectator, 1)).toBe('not-host');
    expect(await refused(host, 4)).toBe('no-free-seat'); // no seat 5 at a two-seat table
    expect(await refused(host, 5)).toBe('bad-message'); // no table has it
    const authority = server.tables.get(id)!;

    gone.close();
    await host.waitFor((m) => m.type === 'presence' && m.connected[1] === false);
    expect(await refused(spectator, 1)).toBe('not-host');
    const n = host.messages.length;
    await host.must({ type: 'stand-in', table: id, seat: 1 });
    const notice = await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'stand-in'), n);
    if (notice.type !== 'update') throw new Error('unreachable');
    expect(notice.entries.map((e) => e.event)).toEqual([{ type: 'stand-in', seat: 1 }]);
    expect(notice.table.seats[1]?.occupant).toMatchObject({ name: 'Gone', bot: null, connected: false, standIn: true });

    // The host plays its own decisions; the stand-in plays Gone's whenever the bot's timer fires.
    const step = async () => {
      const game = authority.gameView(0)!;
      const from = host.messages.length;
      if (actor(game) === 0) {
        const intent = intentOf(legalActions(game).find((a) => a.type !== 'call') ?? legalActions(game)[0]!);
        await host.must({ type: 'act', table: id, version: game.version, intent });
      } else clock.advance(0);
      await host.waitFor((m) => m.type === 'update' && (m.game?.version ?? 0) > game.version, from);
      return actor(game);
    };
    let botMoves = 0;
    while (botMoves < 3) if ((await step()) === 1) botMoves++;

    // Gone comes back with the same token: the stand-in ends at once, and the reply already says so.
    const back = await TestClient.connect(server.url, tokens[1]);
    const reply = await back.must({ type: 'watch', table: id });
    if (reply.mode !== 'snapshot') throw new Error('expected a snapshot');
    expect(reply.snapshot.log.at(-1)?.event).toEqual({ type: 'stand-in-ended', seat: 1 });
    expect(reply.snapshot.table.seats[1]?.occupant).toMatchObject({ connected: true, standIn: false });
    await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'stand-in-ended'));

    // Now Gone's decisions wait for Gone: an hour passes and nothing happens, then Gone plays.
    while (actor(authority.gameView(0)!) !== 1) await step();
    const waiting = authority.version;
    clock.advance(3_600_000);
    expect(authority.version).toBe(waiting);
    const view = authority.gameView(1)!;
    const intent = intentOf(legalActions(view)[0]!);
    await back.must({ type: 'act', table: id, version: view.version, intent });
    expect(authority.version).toBe(waiting + 1);

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
    const authority = first.tables.get(id)!;
    // Make it the host's decision, with 10 of its 30 seconds gone, then Gone leaves and a bot stands in.
    if (actor(authority.gameView(0)!) === 1) {
      const view = authority.gameView(1)!;
      const intent = intentOf(legalActions(view).find((a) => a.type === 'draw')!);
      await gone.must({ type: 'act', table: id, version: view.version, intent });
    }
    clock.advance(10_000);
    gone.close();
    await host.waitFor((m) => m.type === 'presence' && m.connected[1] === false);
    await host.must({ type: 'stand-in', table: id, seat: 1 });
    expect(authority.info().turnClock).toEqual({ seat: 0, remainingMs: 20_000 });
    // Any legal move: if Gone drew a police card, the host's decision is a chance in an auction, not a draw.
    const view = authority.gameView(0)!;
    const intent = intentOf(legalActions(view)[0]!);
    await host.must({ type: 'act', table: id, version: view.version, intent });
    if (actor(authority.gameView(0)!) === 1) expect(authority.info().turnClock).toBeNull();
    host.close();
    await first.close();

    const second = await testServer({ clock, dataDir });
    const watcher = await TestClient.connect(second.url);
    const r = await watcher.must({ type: 'watch', table: id });
    if (r.mode !== 'snapshot') throw new Error('expected a snapshot');
    expect(r.snapshot.table.seats[1]?.occupant).toMatchObject({ name: 'Gone', connected: false, standIn: true });
    // Whenever it is Gone's decision, the bot takes it at once, without waiting for a clock or timing out.
    const restored = second.tables.get(id)!;
    while (actor(restored.gameView(null)!) !== 1) {
      const v = restored.gameView(0)!;
      const move = intentOf(legalActions(v)[0]!);
      const back = await TestClient.connect(second.url, tokens[0]);
      await back.must({ type: 'watch', table: id });
      await back.must({ type: 'act', table: id, version: v.version, intent: move });
      back.close();
    }
    const before = restored.version;
    clock.advance(0);
    expect(restored.version).toBe(before + 1);
    const played = await watcher.waitFor((m) => m.type === 'update' && m.game?.version === before + 1);
    expect(played.type === 'update' && played.entries.map((e) => e.event.type)).not.toContain('timed-out');
    watcher.close();
    await second.close();
  });
});
