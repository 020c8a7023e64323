// Turn clocks with a hand-driven clock: on timeout a bot makes that one decision for the seat; deadlines
// survive a restart; a simultaneous choice has one clock per seat still to choose. No test here sleeps.

import { describe, expect, it } from 'vitest';
import { ManualClock, TestClient, createTable, seatedTable, tempDir, testServer } from './harness.ts';

async function clockedTable(clock: ManualClock, dataDir: string, game?: string) {
  const server = await testServer({ clock, dataDir });
  const { id, clients } = await seatedTable(server, { players: 2, clock: 30, people: ['Sleepy', 'Awake'], ...(game ? { game } : {}) });
  const [host, guest] = clients as [TestClient, TestClient];
  await host.must({ type: 'start', table: id });
  await server.tables.settled();
  return { server, id, host, guest };
}

describe('turn clock', () => {
  it('plays the decision for a seat whose clock ran out, says so in the log, and restarts the clock for the next', async () => {
    const clock = new ManualClock();
    const { server, id, host, guest } = await clockedTable(clock, tempDir());
    const start = await host.waitFor((m) => m.type === 'update' && m.payload !== null);
    if (start.type !== 'update' || !start.payload) throw new Error('unreachable');
    const seat = start.payload.awaiting[0];
    expect(start.table.clocks).toEqual([{ seat, remainingMs: 30_000 }]);
    clock.advance(29_999);
    await server.tables.settled();
    expect(host.payload(id)?.version).toBe(0);
    const n = host.frames.length;
    clock.advance(1);
    const timedOut = await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'timed-out'), n);
    if (timedOut.type !== 'update') throw new Error('unreachable');
    expect(timedOut.entries[0]?.event).toEqual({ type: 'timed-out', seat });
    expect(timedOut.payload?.version).toBe(1);
    expect(timedOut.table.clocks[0]?.remainingMs).toBe(30_000);
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
    const r = await watcher.watch(first.id);
    expect(r.snapshot.table.clocks[0]?.remainingMs).toBe(5_000);
    clock.advance(5_000);
    const played = await watcher.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'timed-out'));
    expect(played.type === 'update' && played.payload?.version).toBe(1);
    watcher.close();
    await server.close();
  });

  it('has no clock for bots: they play at once', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock });
    const { id, token } = await createTable(server, { players: 2, clock: 30 });
    const host = await TestClient.connect(server.url, token);
    await host.watch(id);
    await host.must({ type: 'add-bot', table: id, bot: 'random' });
    await host.must({ type: 'add-bot', table: id, bot: 'greedy' });
    await host.must({ type: 'start', table: id });
    // The bots' zero-delay timers: each move arms the next bot's, which fires on the next advance.
    while (server.tables.live(id)?.status === 'playing') {
      clock.advance(0);
      await server.tables.settled();
    }
    const over = await host.waitFor((m) => m.type === 'update' && m.game?.phase.kind === 'over');
    expect(over.type === 'update' && over.table.clocks).toEqual([]);
    host.close();
    await server.close();
  });

  it('runs one clock per seat still to choose at a simultaneous choice; each seat times out on its own deadline', async () => {
    const clock = new ManualClock();
    const { server, id, host, guest } = await clockedTable(clock, tempDir(), 'guess');
    const start = await host.waitFor((m) => m.type === 'update' && m.payload !== null);
    expect(start.type === 'update' && start.table.clocks).toEqual([
      { seat: 0, remainingMs: 30_000 },
      { seat: 1, remainingMs: 30_000 },
    ]);
    // The guest picks after 10 s; the host's clock runs on from where it was.
    clock.advance(10_000);
    await guest.must({ type: 'act', table: id, version: 0, intent: { type: 'pick', n: 1 } });
    const picked = await host.waitFor((m) => m.type === 'update' && m.payload?.version === 1);
    expect(picked.type === 'update' && picked.table.clocks).toEqual([{ seat: 0, remainingMs: 20_000 }]);
    // What the host sees of the guest's pick: that the guest has chosen, not what.
    expect(picked.type === 'update' && picked.entries.map((e) => e.event)).toEqual([{ type: 'picked', seat: 1 }]);
    clock.advance(20_000);
    const timedOut = await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'timed-out'));
    if (timedOut.type !== 'update') throw new Error('unreachable');
    expect(timedOut.entries.map((e) => e.event.type)).toEqual(['timed-out', 'picked', 'revealed', 'rolled']);
    // A new round: both seats decide again, each with a fresh clock.
    expect(timedOut.table.clocks).toEqual([
      { seat: 0, remainingMs: 30_000 },
      { seat: 1, remainingMs: 30_000 },
    ]);
    host.close();
    guest.close();
    await server.close();
  });
});
