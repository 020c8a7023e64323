// Turn clocks with a hand-driven clock: on timeout a bot makes that one decision for the seat; deadlines
// survive a restart. No test here sleeps.

import { describe, expect, it } from 'vitest';
import { actor } from '@razzia/game-razzia';
import { ManualClock, TestClient, createTable, seatedTable, tempDir, testServer } from './harness.ts';

async function clockedTable(clock: ManualClock, dataDir: string) {
  const server = await testServer({ clock, dataDir });
  const { id, clients } = await seatedTable(server, { players: 2, clock: 30, people: ['Sleepy', 'Awake'] });
  const [host, guest] = clients as [TestClient, TestClient];
  await host.must({ type: 'start', table: id });
  return { server, id, host, guest };
}

describe('turn clock', () => {
  it('plays the decision for a seat whose clock ran out, says so in the log, and restarts the clock for the next', async () => {
    const clock = new ManualClock();
    const { server, id, host, guest } = await clockedTable(clock, tempDir());
    const start = await host.waitFor((m) => m.type === 'update' && m.game !== null);
    if (start.type !== 'update' || !start.game) throw new Error('unreachable');
    const seat = actor(start.game as never);
    expect(start.table.turnClock).toEqual({ seat, remainingMs: 30_000 });
    clock.advance(29_999);
    expect(host.lastGame()?.version).toBe(0);
    const n = host.messages.length;
    clock.advance(1);
    const timedOut = await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'timed-out'), n);
    if (timedOut.type !== 'update') throw new Error('unreachable');
    expect(timedOut.entries[0]?.event).toEqual({ type: 'timed-out', seat });
    expect(timedOut.game?.version).toBe(1);
    expect(timedOut.table.turnClock?.remainingMs).toBe(30_000);
    host.close();
    guest.close();
    await server.close();
  });

  it('keeps the deadline across a restart: time that passed while the server was down counts', async () => {
    const clock = new ManualClock();
    const dataDir = tempDir();
    const first = await clockedTable(clock, dataDir);
    clock.advance(20_000);
    first.host.close();
    first.guest.close();
    await first.server.close();
    clock.advance(5_000); // the server is down for five seconds

    const server = await testServer({ clock, dataDir });
    const watcher = await TestClient.connect(server.url);
    const r = await watcher.must({ type: 'watch', table: first.id });
    if (r.mode !== 'snapshot') throw new Error('expected a snapshot');
    expect(r.snapshot.table.turnClock?.remainingMs).toBe(5_000);
    clock.advance(5_000);
    const played = await watcher.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'timed-out'));
    expect(played.type === 'update' && played.game?.version).toBe(1);
    watcher.close();
    await server.close();
  });

  it('has no clock for bots: they play at once', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock });
    const { id, token } = await createTable(server, { players: 2, clock: 30 });
    const host = await TestClient.connect(server.url, token);
    await host.must({ type: 'watch', table: id });
    await host.must({ type: 'add-bot', table: id, bot: 'random' });
    await host.must({ type: 'add-bot', table: id, bot: 'greedy' });
    await host.must({ type: 'start', table: id });
    clock.advance(0); // the bots' zero-delay timers; each move arms the next bot's
    const over = await host.waitFor((m) => m.type === 'update' && m.game?.phase.kind === 'over');
    expect(over.type === 'update' && over.table.turnClock).toBeNull();
    host.close();
    await server.close();
  });
});
