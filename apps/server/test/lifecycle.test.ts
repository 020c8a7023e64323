// A table's life: seats change roles live, rematch with the same seats, graceful shutdown with a reason.

import { describe, expect, it } from 'vitest';
import { MAX_TABLE_NAME, type Token } from '@razzia/protocol';
import { DEFAULT_SWEEP, rematchName } from '../src/tables/registry.ts';
import { TestClient, autoPlay, createTable, seatedTable, tempDir, testServer } from './harness.ts';

describe('table lifecycle', () => {
  it('a spectator who takes a seat gets a snapshot as that seat; leaving turns them back into a spectator', async () => {
    const server = await testServer();
    const { id } = await createTable(server, { players: 3 });
    const c = await TestClient.connect(server.url);
    const first = await c.watch(id);
    expect(first.snapshot.you).toEqual({ seat: null, host: false });
    const n = c.frames.length;
    const sat = await c.must({ type: 'sit', table: id, name: 'Newcomer', seat: 2 });
    expect(sat.seat).toBe(2);
    expect(sat.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const snap = await c.waitFor((m) => m.type === 'snapshot', n);
    expect(snap.type === 'snapshot' && snap.snapshot.you).toEqual({ seat: 2, host: false });
    expect(snap.type === 'snapshot' && snap.snapshot.table.seats[2]?.occupant).toMatchObject({ name: 'Newcomer', connected: true, bot: null });
    const m = c.frames.length;
    await c.must({ type: 'leave', table: id });
    const back = await c.waitFor((x) => x.type === 'snapshot', m);
    expect(back.type === 'snapshot' && back.snapshot.you.seat).toBeNull();
    // The same token, on a new connection, is still nobody's seat; sitting again works and keeps the token.
    const again = await TestClient.connect(server.url, sat.token);
    expect((await again.must({ type: 'sit', table: id, name: 'Newcomer' })).token).toBe(sat.token);
    c.close();
    again.close();
    await server.close();
  });

  it('after the end anyone seated asks for a rematch: a new table with the same people in the same seats', async () => {
    const server = await testServer();
    const { id, clients, tokens } = await seatedTable(server, { players: 3, people: ['Host', 'Guest'], bots: ['greedy'] });
    const [host, guest] = clients as [TestClient, TestClient];
    const guestToken = tokens[1] as Token;
    const done = [autoPlay(host, id), autoPlay(guest, id)];
    await host.must({ type: 'start', table: id });
    await Promise.all(done);
    const rematch = await guest.must({ type: 'rematch', table: id });
    // Asking twice (or both asking) gives the same new table.
    expect((await host.must({ type: 'rematch', table: id })).table).toBe(rematch.table);
    const told = await host.waitFor((m) => m.type === 'update' && m.table.rematch === rematch.table);
    expect(told.type === 'update' && told.entries.some((e) => e.event.type === 'rematch')).toBe(true);
    const fresh = await TestClient.connect(server.url, guestToken);
    const view = await fresh.watch(rematch.table);
    expect(view.snapshot.you).toEqual({ seat: 1, host: false });
    expect(view.snapshot.table.status).toBe('waiting');
    // Named after the finished table with the next number, so the two are told apart in any list.
    expect(view.snapshot.table.name).toBe('Test table (2)');
    expect(view.snapshot.table.seats.map((s) => s.occupant?.name)).toEqual(['Host', 'Guest', 'Greedy bot']);
    expect(view.snapshot.table.seats[0]?.occupant?.host).toBe(true);
    // A new seed, committed anew, and nobody's contribution yet (each person sends one for this game).
    const first = host.held.get(id)?.info.fair;
    expect(first?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(view.snapshot.table.fair).toEqual({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/), contributions: [null, null, null], seed: null });
    expect(view.snapshot.table.fair?.commitment).not.toBe(first?.commitment);
    // The host starts it right away.
    await host.watch(rematch.table);
    await host.must({ type: 'start', table: rematch.table });
    for (const c of [host, guest, fresh]) c.close();
    await server.close();
  });

  it('a rematch is named with the next number, within the longest name a table may have', () => {
    expect(rematchName('Friday night')).toBe('Friday night (2)');
    expect(rematchName('Friday night (2)')).toBe('Friday night (3)');
    expect(rematchName('Friday night (9)')).toBe('Friday night (10)');
    expect(rematchName('(2)')).toBe('(2) (2)');
    const long = 'ê'.repeat(MAX_TABLE_NAME);
    expect([...rematchName(long)]).toHaveLength(MAX_TABLE_NAME);
    expect(rematchName(long)).toBe(`${'ê'.repeat(MAX_TABLE_NAME - 4)} (2)`);
  });

  it('a graceful shutdown tells every client why, closes the connection, and the client comes back by itself', async () => {
    const dataDir = tempDir();
    const server = await testServer({ dataDir });
    const { id, clients, tokens } = await seatedTable(server, { players: 2, people: ['Host'] });
    clients[0]?.close();
    const c = await TestClient.connect(server.url, tokens[0], { reconnection: true });
    await c.watch(id);
    const closing = c.waitFor((m) => m.type === 'closing');
    const gone = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    await server.close('maintenance');
    expect(await closing).toEqual({ type: 'closing', reason: 'maintenance' });
    // The transport closed, not the session: socket.io clients reconnect on their own (not after 'io server disconnect').
    expect(await gone).toBe('transport close');
    // The same port comes back (a deploy): the client reconnects without being told to, and watches again.
    const port = new URL(server.url).port;
    const again = await testServer({ dataDir, port: Number(port) });
    await new Promise<void>((resolve) => c.socket.once('connect', () => resolve()));
    expect((await c.watch(id)).snapshot.you).toEqual({ seat: 0, host: true });
    c.close();
    await again.close();
  });
});

describe('memory', () => {
  it('unloads finished tables nobody watches and abandoned waiting ones, and loads them again on demand', async () => {
    const server = await testServer();
    const finished = await seatedTable(server, { players: 2, people: ['Host'], bots: ['greedy'] });
    const host = finished.clients[0] as TestClient;
    const done = autoPlay(host, finished.id);
    await host.must({ type: 'start', table: finished.id });
    await done;
    const DAY = 24 * 3600_000;
    const limits = { ...DEFAULT_SWEEP, waitingMs: DAY };
    const waiting = await createTable(server, { players: 3 });
    expect(server.tables.size).toBe(2);
    await server.tables.settled();
    // Somebody still watches the finished table: it stays; the waiting one is not a day old yet.
    expect(server.tables.sweep(Date.now(), limits)).toBe(0);
    host.close();
    await expect.poll(() => server.tables.sweep(Date.now(), limits)).toBe(1); // once the server saw the socket go
    expect(server.tables.sweep(Date.now() + DAY, limits)).toBe(1); // a day later, the abandoned waiting table
    expect(server.tables.size).toBe(0);
    // Both come back from the store when asked for.
    const res = await fetch(`${server.url}/api/tables/${finished.id}/record`);
    expect(res.status).toBe(200);
    const info = await fetch(`${server.url}/api/tables/${waiting.id}`);
    expect(((await info.json()) as { table: { status: string } }).table.status).toBe('waiting');
    await server.close();
  });
});
