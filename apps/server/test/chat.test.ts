// Table chat over real sockets: seats and spectators talk (a spectator's lines marked as such), quick reactions,
// length and rate limits, the host mutes a seat or every spectator, lines are stored with the table (a new
// connection sees them) and never in the game record.

import { describe, expect, it } from 'vitest';
import type { ChatLine } from '@razzia/protocol';
import { TestClient, autoPlay, seatedTable, testServer } from './harness.ts';

const said = (c: TestClient, id: string) =>
  (c.held.get(id as never)?.log ?? []).filter((e) => e.kind === 'chat').map((e) => e.event as unknown as ChatLine);

// Five lines at once and (nearly) no refill: no test depends on how fast it runs.
const CHAT = { chatLimit: { perSecond: 0.0001, burst: 5 } };

describe('table chat', () => {
  it('seats and spectators talk; a spectator is marked as one; lines survive a new connection; the host mutes', async () => {
    const server = await testServer();
    const { id, clients, tokens } = await seatedTable(server, { players: 2, people: ['Host', 'Guest'] });
    const [host, guest] = clients as [TestClient, TestClient];
    const watcher = await TestClient.connect(server.url);
    expect(await watcher.send({ type: 'say', table: id, text: 'hello?' })).toMatchObject({ ok: false, error: { code: 'not-watching' } });
    await watcher.watch(id);

    await host.must({ type: 'say', table: id, text: '  good   luck\u202e all ' });
    await guest.must({ type: 'say', table: id, reaction: '👍' });
    await watcher.must({ type: 'say', table: id, text: '<img src=x onerror=alert(1)>', name: 'Kibitzer' });
    await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.kind === 'chat' && 'spectator' in (e.event as unknown as ChatLine).from));
    expect(said(host, id)).toEqual([
      { type: 'said', from: { seat: 0 }, text: 'good luck all' },
      { type: 'said', from: { seat: 1 }, reaction: '👍' },
      // Stored as typed: the client shows it as text, never as markup.
      { type: 'said', from: { spectator: 'Kibitzer' }, text: '<img src=x onerror=alert(1)>' },
    ]);

    // Words or one reaction, within limits.
    expect(await host.send({ type: 'say', table: id })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await host.send({ type: 'say', table: id, text: 'x'.repeat(201) })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await host.send({ type: 'say', table: id, reaction: '💩' })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await host.send({ type: 'say', table: id, text: '\u200b' })).toMatchObject({ ok: false, error: { code: 'bad-message' } });

    // The host mutes the guest, then every spectator; nobody else may.
    expect(await guest.send({ type: 'mute', table: id, target: 0, muted: true })).toMatchObject({ ok: false, error: { code: 'not-host' } });
    await host.must({ type: 'mute', table: id, target: 1, muted: true });
    await host.must({ type: 'mute', table: id, target: 'spectators', muted: true });
    expect(await guest.send({ type: 'say', table: id, text: 'hey' })).toMatchObject({ ok: false, error: { code: 'muted' } });
    expect(await watcher.send({ type: 'say', table: id, text: 'hey' })).toMatchObject({ ok: false, error: { code: 'muted' } });
    await host.must({ type: 'say', table: id, text: 'still me' });
    const info = await host.waitFor((m) => m.type === 'update' && m.table.muted.spectators);
    expect(info.type === 'update' && info.table.muted).toEqual({ seats: [1], spectators: true });
    await host.must({ type: 'mute', table: id, target: 1, muted: false });
    await guest.must({ type: 'say', table: id, text: 'thanks' });

    // A reload (a new connection of the guest's browser) shows every line, with the game and the notices.
    guest.close();
    const back = await TestClient.connect(server.url, tokens[1]);
    const snapshot = (await back.watch(id)).snapshot;
    const lines = snapshot.log.filter((e) => e.kind === 'chat').map((e) => (e.event as { text?: string }).text ?? (e.event as { reaction?: string }).reaction);
    expect(lines).toEqual(['good luck all', '👍', '<img src=x onerror=alert(1)>', 'still me', 'thanks']);
    for (const c of [host, back, watcher]) c.close();
    await server.close();
  });

  it('keeps a muted person muted however often they try: the rate is counted on lines said, after every other check', async () => {
    const server = await testServer(CHAT);
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Host', 'Guest'] });
    const [host, guest] = clients as [TestClient, TestClient];
    await host.must({ type: 'mute', table: id, target: 1, muted: true });
    for (let i = 0; i < 12; i++) expect(await guest.send({ type: 'say', table: id, text: `try ${i}` })).toMatchObject({ ok: false, error: { code: 'muted' } });
    // Refused lines took nothing from the rate: unmuted, the guest has its five lines at once.
    await host.must({ type: 'mute', table: id, target: 1, muted: false });
    for (let i = 0; i < 5; i++) await guest.must({ type: 'say', table: id, text: `line ${i}` });
    expect(await guest.send({ type: 'say', table: id, text: 'one more' })).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    for (const c of [host, guest]) c.close();
    await server.close();
  });

  it('counts the chat rate per table: lines at one table take nothing from another, and watching again does not refill it', async () => {
    const server = await testServer(CHAT);
    const one = await seatedTable(server, { players: 2, people: ['Host'] });
    const two = await seatedTable(server, { players: 2, people: ['Host'] });
    const c = await TestClient.connect(server.url);
    expect(await c.send({ type: 'say', table: 'Z'.repeat(22), text: 'anyone?' })).toMatchObject({ ok: false, error: { code: 'no-such-table' } });
    for (const { id } of [one, two]) await c.watch(id);
    for (let i = 0; i < 5; i++) await c.must({ type: 'say', table: one.id, text: `one ${i}`, name: 'Kibitzer' });
    expect(await c.send({ type: 'say', table: one.id, text: 'one more', name: 'Kibitzer' })).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    for (let i = 0; i < 5; i++) await c.must({ type: 'say', table: two.id, text: `two ${i}`, name: 'Kibitzer' });
    await c.must({ type: 'unwatch', table: one.id });
    expect(await c.send({ type: 'say', table: one.id, text: 'gone', name: 'Kibitzer' })).toMatchObject({ ok: false, error: { code: 'not-watching' } });
    await c.watch(one.id);
    expect(await c.send({ type: 'say', table: one.id, text: 'back', name: 'Kibitzer' })).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    for (const x of [c, ...one.clients, ...two.clients]) x.close();
    await server.close();
  });

  it('limits the rate of chat per socket and table, and keeps chat out of the game record', async () => {
    const server = await testServer(CHAT);
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Host'], bots: ['greedy'] });
    const host = clients[0] as TestClient;
    const replies = [];
    for (let i = 0; i < 8; i++) replies.push(await host.send({ type: 'say', table: id, text: `line ${i}` }));
    expect(replies.filter((r) => r.ok)).toHaveLength(5);
    expect(replies.at(-1)).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    const done = autoPlay(host, id);
    await host.must({ type: 'start', table: id });
    await done;
    const record = await (await fetch(`${server.url}/api/tables/${id}/record`)).text();
    expect(record).not.toContain('line 0');
    expect(record).not.toContain('said');
    host.close();
    await server.close();
  });
});
