// Bad input from anyone gets a typed error and changes nothing; the server keeps running and other tables play on.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOD_CUT_OFF, MESSAGE_EVENT, type TableId, type Token } from '@razzia/protocol';
import { TestClient, autoPlay, createTable, seatedTable, testServer } from './harness.ts';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

/** A started 2-player table: host (seat 0) and guest (seat 1), both people, so nothing moves unless one of them
 * acts (a bot seat made this racy: it could open an auction before the test looked); plus a spectator. */
async function startedTable() {
  const { id, clients } = await seatedTable(server, { players: 2, people: ['Host', 'Guest'] });
  const [host, guest] = clients as [TestClient, TestClient];
  const spectator = await TestClient.connect(server.url);
  await spectator.watch(id);
  await host.must({ type: 'start', table: id });
  return { id, host, guest, spectator };
}

/** The table as the server holds it now: log length and game version. */
async function stateOf(id: TableId) {
  const probe = await TestClient.connect(server.url);
  const r = await probe.watch(id);
  probe.close();
  return { seq: r.snapshot.seq, version: r.snapshot.payload?.version ?? 0, game: r.snapshot.game };
}

describe('refusals at a running table', () => {
  it('refuses acting for another seat, as a spectator, out of turn, on a version the game has not reached — and nothing changes', async () => {
    const { id, host, guest, spectator } = await startedTable();
    const before = await stateOf(id);
    const game = before.game;
    if (!game || game.phase.kind !== 'turn') throw new Error('expected a turn');
    const onTurn = game.phase.seat === 0 ? host : guest;
    const offTurn = game.phase.seat === 0 ? guest : host;
    const v = before.version;

    const forged = await offTurn.send({ type: 'act', table: id, version: v, intent: { type: 'draw', pile: 0, seat: game.phase.seat } });
    expect(forged).toMatchObject({ ok: false, error: { code: 'not-yours' } });
    const outOfTurn = await offTurn.send({ type: 'act', table: id, version: v, intent: { type: 'draw', pile: 0 } });
    expect(outOfTurn).toMatchObject({ ok: false, error: { code: 'rule', rule: { code: 'turn/not-your-turn', rule: 'R3.1' } } });
    const asSpectator = await spectator.send({ type: 'act', table: id, version: v, intent: { type: 'call' } });
    expect(asSpectator).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    const future = await onTurn.send({ type: 'act', table: id, version: v + 1, intent: { type: 'draw', pile: 0 } });
    expect(future).toMatchObject({ ok: false, error: { code: 'future-version' } });
    const illegal = await onTurn.send({ type: 'act', table: id, version: v, intent: { type: 'bid', cheque: 2 } });
    expect(illegal).toMatchObject({ ok: false, error: { code: 'rule', rule: { code: 'auction/none-running', rule: 'R6.2' } } });
    // Contributions to the fair draws: 32 bytes as hex, before the start only.
    expect(await host.send({ type: 'contribute', table: id, value: 'ab'.repeat(32) })).toMatchObject({ ok: false, error: { code: 'not-waiting' } });
    expect(await host.send({ type: 'contribute', table: id, value: 'AB'.repeat(32) })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await spectator.send({ type: 'contribute', table: id, value: 'ab'.repeat(32) })).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect(await stateOf(id)).toMatchObject({ seq: before.seq, version: before.version });
    for (const c of [host, guest, spectator]) c.close();
  });

  it('refuses seat and host commands from the wrong people with typed errors', async () => {
    const { id, token } = await createTable(server, { players: 2 });
    const host = await TestClient.connect(server.url, token);
    const guest = await TestClient.connect(server.url);
    await guest.watch(id);
    expect(await guest.send({ type: 'add-bot', table: id, bot: 'greedy' })).toMatchObject({ ok: false, error: { code: 'not-host' } });
    expect(await guest.send({ type: 'start', table: id })).toMatchObject({ ok: false, error: { code: 'not-host' } });
    expect(await guest.send({ type: 'leave', table: id })).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    await guest.must({ type: 'sit', table: id, name: 'Guest' });
    expect(await guest.send({ type: 'sit', table: id, name: 'Again' })).toMatchObject({ ok: false, error: { code: 'already-seated' } });
    expect(await host.send({ type: 'sit', table: id, name: 'guest' })).toMatchObject({ ok: false, error: { code: 'name-taken' } });
    // A look-alike of a seated player's name: a Cyrillic 'е' and a capital I for an l.
    expect(await host.send({ type: 'sit', table: id, name: 'Guеst' })).toMatchObject({ ok: false, error: { code: 'name-taken', message: expect.stringContaining('looks the same') } });
    expect(await host.send({ type: 'sit', table: id, name: '\u200b' })).toMatchObject({ ok: false, error: { code: 'bad-message', message: expect.stringContaining('invisible') } });
    expect(await host.send({ type: 'sit', table: id, name: 'Host\u202e' })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await host.send({ type: 'sit', table: id, name: 'Host', seat: 0 })).toMatchObject({ ok: false, error: { code: 'seat-taken' } });
    expect(await host.send({ type: 'start', table: id })).toMatchObject({ ok: false, error: { code: 'not-full' } });
    expect(await host.send({ type: 'remove', table: id, seat: 0 })).toMatchObject({ ok: false, error: { code: 'not-removable' } });
    await host.must({ type: 'add-bot', table: id, bot: 'greedy' });
    expect(await host.send({ type: 'add-bot', table: id, bot: 'greedy' })).toMatchObject({ ok: false, error: { code: 'no-free-seat' } });
    // an idle player (no connection) can be removed by the host; so can a bot
    guest.close();
    await host.waitFor((m) => m.type === 'presence' && m.connected[0] === false);
    await host.must({ type: 'remove', table: id, seat: 0 });
    await host.must({ type: 'remove', table: id, seat: 1 });
    // Nobody is seated any more: who you are is checked before the moment.
    expect(await host.send({ type: 'rematch', table: id })).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    host.close();
  });

  it('answers a message that fails several checks with the first of the documented order', async () => {
    const strict = await testServer({ rateLimit: { perSecond: 0.0001, burst: 3 } });
    const { id, clients } = await seatedTable(strict, { players: 2, people: ['Host'] });
    const host = clients[0] as TestClient;
    const c = await TestClient.connect(strict.url);
    // The door: the size before the shape; then, with the socket's rate spent, the rate before anything.
    expect(await c.send({ type: 'fly', pad: 'x'.repeat(5000) })).toMatchObject({ ok: false, error: { code: 'too-large' } });
    expect(await c.send({ type: 'say', table: id, text: 'x', reaction: '👍' })).toMatchObject({ ok: false, error: { code: 'bad-message', message: expect.stringContaining('exactly one of the two') } });
    expect(await c.send({ type: 'say', table: 'Z'.repeat(22), text: 'x' })).toMatchObject({ ok: false, error: { code: 'no-such-table' } });
    expect(await c.send({ type: 'fly', pad: 'x'.repeat(5000) })).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    c.close();
    // Who you are, before the moment and the seat asked for.
    const spectator = await TestClient.connect(strict.url);
    await spectator.watch(id);
    expect(await spectator.send({ type: 'rematch', table: id })).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect(await host.send({ type: 'rematch', table: id })).toMatchObject({ ok: false, error: { code: 'not-over' } });
    spectator.close();
    host.close();
    await strict.close();
  });

  it('refuses malformed, unknown and oversized messages with typed errors', async () => {
    const { id } = await createTable(server, { players: 2 });
    const c = await TestClient.connect(server.url);
    expect(await c.send({ type: 'fly' })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await c.send({ type: 'watch', table: 'nope' })).toMatchObject({ ok: false, error: { code: 'bad-message', message: expect.stringContaining('table') } });
    expect(await c.send({ type: 'watch', table: 'A'.repeat(22) })).toMatchObject({ ok: false, error: { code: 'no-such-table' } });
    expect(await c.send({ type: 'sit', table: id, name: '' })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await c.send({ type: 'sit', table: id, name: 'x'.repeat(5000) })).toMatchObject({ ok: false, error: { code: 'too-large' } });
    expect(await c.send({ type: 'act', table: id, version: 0, intent: { type: 'draw', pile: 0 }, extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'bad-message' },
    });
    c.close();
  });

  it('answers every call with exactly one reply: unknown event names, extra arguments, and a token it never issued', async () => {
    const c = await TestClient.connect(server.url);
    expect(await c.socket.timeout(120_000).emitWithAck('fly', { type: 'lobby', follow: false })).toMatchObject({ ok: false, error: { code: 'bad-message', message: expect.stringContaining('unknown event') } });
    expect(await c.socket.timeout(120_000).emitWithAck('fly')).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await c.socket.timeout(120_000).emitWithAck(MESSAGE_EVENT, { type: 'lobby', follow: false }, 'extra')).toMatchObject({
      ok: false,
      error: { code: 'bad-message', message: expect.stringContaining('one message') },
    });
    expect(await c.socket.timeout(120_000).emitWithAck(MESSAGE_EVENT)).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    c.close();
    // A well-formed token the server never issued is not an identity: the connection is refused with a reason.
    const forged = await TestClient.connect(server.url, 'x'.repeat(43) as Token).then(
      () => null,
      (e: Error & { data?: { code?: string } }) => e,
    );
    expect(forged?.data?.code).toBe('unknown-token');
    const malformed = await TestClient.connect(server.url, 'short' as Token).then(
      () => null,
      (e: Error & { data?: { code?: string } }) => e,
    );
    expect(malformed?.data?.code).toBe('unknown-token');
    // A 20 KB token is no token either: a typed refusal, not a connection closed unanswered (and retried for ever).
    const huge = await TestClient.connect(server.url, 'x'.repeat(20_000) as Token).then(
      () => null,
      (e: Error & { data?: { code?: string } }) => e,
    );
    expect(huge?.data?.code).toBe('unknown-token');
    expect(huge?.message).toBe('auth: a token is 43 URL-safe characters');
  });

  it('cuts off a socket that sends a frame over the hard cap, and the server carries on', async () => {
    const c = await TestClient.connect(server.url);
    const closed = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    c.socket.emit(MESSAGE_EVENT, { type: 'lobby', follow: true, pad: 'x'.repeat(64 * 1024) });
    expect(await closed).toMatch(/transport (close|error)/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('fuzzing', () => {
  it('thousands of random payloads: every one is answered or ignored, the server stays up and the table is unchanged, while another table plays on', async () => {
    const { id, host, guest, spectator } = await startedTable();
    // A second table plays a whole game with bots in the meantime.
    const other = await createTable(server, { players: 2 });
    const otherHost = await TestClient.connect(server.url, other.token);
    await otherHost.must({ type: 'sit', table: other.id, name: 'Solo' });
    await otherHost.must({ type: 'add-bot', table: other.id, bot: 'greedy' });
    const otherDone = autoPlay(otherHost, other.id);
    await otherHost.must({ type: 'start', table: other.id });

    const before = await stateOf(id);
    // The attacker's client reconnects by itself after a cut-off, like any socket.io client.
    const attacker = await TestClient.connect(server.url, undefined, { reconnection: true });
    let cutOff = 0;
    attacker.socket.on('disconnect', () => cutOff++);
    const intents = fc.oneof(
      fc.record({ type: fc.constantFrom('draw', 'thief', 'call', 'bid', 'pass', 'steal'), pile: fc.anything(), cheque: fc.anything(), take: fc.anything(), seat: fc.anything() }, { requiredKeys: ['type'] }),
      fc.anything(),
    );
    const payloads = fc.oneof(
      fc.anything(),
      fc.record({ type: fc.constantFrom('watch', 'sit', 'leave', 'add-bot', 'remove', 'start', 'act', 'rematch', 'lobby', 'unwatch'), table: fc.oneof(fc.constant(id), fc.string()), version: fc.anything(), intent: intents, name: fc.anything(), seat: fc.anything(), bot: fc.anything(), since: fc.anything(), follow: fc.anything() }, { requiredKeys: ['type'] }),
    );
    const samples = fc.sample(payloads, { numRuns: 3000, seed: 42 });
    let answered = 0;
    for (const payload of samples) {
      // 500 refusals in a row and the server closes the connection; the client comes back with a clean slate.
      if (!attacker.socket.connected) await new Promise<void>((resolve) => attacker.socket.once('connect', () => resolve()));
      // Answered, or unanswered because the connection was cut meanwhile (the limit is against a hang only: a loaded
      // machine answers late, and a late answer is still an answer).
      let onCut = () => undefined as void;
      const cut = new Promise<null>((resolve) => attacker.socket.once('disconnect', (onCut = () => resolve(null))));
      const reply = (await Promise.race([attacker.socket.timeout(120_000).emitWithAck(MESSAGE_EVENT, payload), cut]).finally(() => attacker.socket.off('disconnect', onCut))) as {
        ok: boolean;
        error?: { code: string };
      } | null;
      if (reply === null) continue; // only a message in flight when the connection was cut goes unanswered
      answered++;
      if (!reply.ok) expect(typeof reply.error?.code).toBe('string');
    }
    expect(answered).toBeGreaterThan(samples.length - 10);
    expect(cutOff).toBeGreaterThan(0);
    // The attacker never held a seat, so nothing it sent could change the game or the seats.
    const after = await stateOf(id);
    expect(after.version).toBe(before.version);
    expect(after.game).toEqual(before.game);
    expect((await otherDone).phase.kind).toBe('over');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    for (const c of [host, guest, spectator, attacker, otherHost]) c.close();
  });

  it('refuses more sockets from one address than the limit, with a reason, and frees the slot when one closes', async () => {
    const strict = await testServer({ connectionLimit: 3 });
    const open = await Promise.all([1, 2, 3].map(() => TestClient.connect(strict.url)));
    const refused = await TestClient.connect(strict.url).then(
      () => null,
      (e: Error & { data?: { code?: string } }) => e,
    );
    expect(refused?.message).toBe('too many connections from this address');
    expect(refused?.data?.code).toBe('rate-limited');
    const closed = open.pop()!;
    const gone = new Promise((resolve) => closed.socket.once('disconnect', resolve));
    closed.close();
    await gone;
    // the server counts the slot free once it has seen the close: a handshake may race it, so try until it lands
    let again: TestClient | null = null;
    while (!again) again = await TestClient.connect(strict.url).catch(() => null);
    expect((await again.send({ type: 'lobby', follow: false })).ok).toBe(true);
    for (const c of [...open, again]) c.close();
    await strict.close();
  });

  it('at the flood cut-off, every message sent before the cut has its one reply before the connection closes; later ones are refused', async () => {
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Host'] });
    const flooder = await TestClient.connect(server.url);
    await flooder.watch(id);
    // Five chat lines, which wait for the table (store, publish), then 600 refusals at the door, all sent at once.
    const sent: { payload: object; reply?: { ok: boolean; error?: { code: string } }; beforeClose?: boolean }[] = [
      ...Array.from({ length: 5 }, (_, i) => ({ payload: { type: 'say', table: id, text: `line ${i}`, name: 'Flood' } })),
      ...Array.from({ length: 600 }, () => ({ payload: { type: 'fly' } })),
    ];
    let closed = false;
    const gone = new Promise<void>((resolve) =>
      flooder.socket.once('disconnect', () => {
        closed = true;
        resolve();
      }),
    );
    for (const m of sent)
      flooder.socket.emit(MESSAGE_EVENT, m.payload, (reply: { ok: boolean }) => {
        m.reply = reply;
        m.beforeClose = !closed;
      });
    await gone;
    // The cut comes at the 500th refusal in a row, by arrival: the accepted lines answered later do not reset it.
    const cut = 5 + FLOOD_CUT_OFF;
    sent.slice(0, cut).forEach((m, i) => {
      expect(m.beforeClose, `message ${i}`).toBe(true);
      expect(m.reply).toMatchObject(i < 5 ? { ok: true } : { ok: false, error: { code: 'bad-message' } });
    });
    // Sent after the cut: refused (the connection is closing), or on the wire when it closed and never answered.
    for (const m of sent.slice(cut)) if (m.reply) expect(m.reply).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    flooder.close();
    for (const c of clients) c.close();
  });

  it('counts refused chat lines toward the cut-off, in the order they arrived', async () => {
    const strict = await testServer({ chatLimit: { perSecond: 0.0001, burst: 5 } });
    const { id, clients } = await seatedTable(strict, { players: 2, people: ['Host'] });
    const chatter = await TestClient.connect(strict.url);
    await chatter.watch(id);
    const replies: { ok: boolean; error?: { code: string } }[] = [];
    const gone = new Promise<void>((resolve) => chatter.socket.once('disconnect', () => resolve()));
    for (let i = 0; i < 600; i++)
      chatter.socket.emit(MESSAGE_EVENT, { type: 'say', table: id, text: `line ${i}`, name: 'Chatter' }, (r: { ok: boolean }) => replies.push(r));
    await gone;
    expect(replies.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(replies.slice(5, 5 + FLOOD_CUT_OFF).every((r) => r.error?.code === 'rate-limited')).toBe(true);
    expect(replies.length).toBeGreaterThanOrEqual(5 + FLOOD_CUT_OFF);
    chatter.close();
    for (const c of clients) c.close();
    await strict.close();
  });

  it('rate-limits a flooding socket without slowing anybody else', async () => {
    const strict = await testServer({ rateLimit: { perSecond: 5, burst: 10 } });
    const flooder = await TestClient.connect(strict.url);
    const replies = await Promise.all(Array.from({ length: 40 }, () => flooder.send({ type: 'lobby', follow: false })));
    const limited = replies.filter((r) => !r.ok && r.error.code === 'rate-limited');
    expect(limited.length).toBeGreaterThanOrEqual(25);
    const calm = await TestClient.connect(strict.url);
    expect((await calm.send({ type: 'lobby', follow: false })).ok).toBe(true);
    flooder.close();
    calm.close();
    await strict.close();
  });
});

export type { Token };
