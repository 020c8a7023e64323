// A table with a big audience: spectator counts pushed once a second at most (a seat's person at once), the seats
// known apart from the crowd, joining spectators sharing one snapshot encoded once (byte for byte what socket.io
// would have sent each), every stream still gapless when they join while the table plays, and the chat under a
// crowd: the host's slow mode for spectators, and a spectators' flood that never holds up the players' own lines.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGE_EVENT, type ChatLine, type ServerMessage, type Snapshot, type TableId } from '@razzia/protocol';
import { Server } from 'socket.io';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { Audience, type Member } from '../src/socket/audience.ts';
import { EncodedMessages } from '../src/socket/encoded.ts';
import { Gateway } from '../src/socket/gateway.ts';
import type { TableAccess } from '../src/tables/access.ts';
import { PRESENCE_PUSH_MS, SPECTATOR_CHAT_LIMIT, presenceEvery, type TableHost } from '../src/tables/host.ts';
import { ManualClock, TestClient, autoPlay, seatedTable, testServer } from './harness.ts';

/** Resolves once `cond` holds, checking after each turn of the event loop (no sleeping). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setImmediate(r));
}

/** A socket.io client, connected (over WebSocket unless told: the web app falls back to long polling). */
function client(url: string, transport: 'websocket' | 'polling' = 'websocket'): Promise<ClientSocket> {
  const socket = connectClient(url, { transports: [transport], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A socket.io server of its own on loopback, with the sockets it has accepted. */
async function socketIoServer(): Promise<{ io: Server; sockets: import('socket.io').Socket[]; url: string }> {
  const http = createServer();
  const io = new Server(http);
  const sockets: import('socket.io').Socket[] = [];
  io.on('connection', (s) => sockets.push(s));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return { io, sockets, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** Every websocket frame a client receives, as it came. */
function frames(socket: ClientSocket): string[] {
  const seen: string[] = [];
  socket.io.engine.on('data', (data: unknown) => seen.push(String(data)));
  return seen;
}

describe('spectator counts', () => {
  it('are pushed at most once a second however many join or leave; a seat’s person connecting or leaving at once', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock });
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Host', 'Guest'] });
    const [host, guest] = clients as [TestClient, TestClient];
    const from = host.frames.length;
    const pushes = () => host.frames.slice(from).filter((f): f is Extract<ServerMessage, { type: 'presence' }> => f.type === 'presence');

    const watchers: TestClient[] = [];
    for (let i = 0; i < 30; i++) {
      const watcher = await TestClient.connect(server.url);
      await watcher.watch(id);
      watchers.push(watcher);
    }
    // Thirty joins, no push yet: the count waits for its second.
    expect(pushes()).toEqual([]);
    clock.advance(PRESENCE_PUSH_MS);
    await host.waitFor((m) => m.type === 'presence' && m.spectators === 30, from);
    expect(pushes().map((p) => p.spectators)).toEqual([30]);
    // A newcomer's snapshot says what everybody was told.
    const late = await TestClient.connect(server.url);
    expect((await late.watch(id)).snapshot.table.spectators).toBe(30);

    // A seated person leaving is pushed at once, without waiting for the clock.
    guest.close();
    await host.waitFor((m) => m.type === 'presence' && m.connected[1] === false, from);
    expect(pushes().at(-1)).toMatchObject({ connected: [true, false], spectators: 31 });

    // Ten leave: one push, with the count as it is when it goes.
    const before = pushes().length;
    for (const w of watchers.slice(0, 10)) w.close();
    await until(() => (server.tables.live(id) as TableHost).presence.spectators((server.tables.live(id) as TableHost).record) === 21);
    expect(pushes()).toHaveLength(before);
    clock.advance(PRESENCE_PUSH_MS);
    await host.waitFor((m) => m.type === 'presence' && m.spectators === 21, from);
    expect(pushes()).toHaveLength(before + 1);

    for (const c of [host, late, ...watchers.slice(10)]) c.close();
    await server.close();
  });

  it('a big audience hears its own count less often: a millisecond per spectator (10 s for 10,000), never more often than once a second', () => {
    expect(presenceEvery(0)).toBe(PRESENCE_PUSH_MS);
    expect(presenceEvery(1_000)).toBe(1_000);
    expect(presenceEvery(2_500)).toBe(2_500);
    expect(presenceEvery(10_000)).toBe(10_000);
    expect(presenceEvery(10, 5_000)).toBe(5_000);
  });
});

describe('the seats apart from the crowd', () => {
  it('an audience knows its seated members as their roles change, so an update goes to them before the pass over its spectators', () => {
    const audience = new Audience();
    const member = (id: string) => ({ socket: { id }, conn: { owner: null }, viewer: null }) as unknown as Member;
    const [ann, bo, crowd] = [member('ann'), member('bo'), member('crowd')];
    for (const m of [ann, bo, crowd]) audience.add(m);
    expect([...audience.seated]).toEqual([]);
    // Their snapshots in their roles: Ann at seat 0, Bo at seat 2, the crowd a spectator.
    ann.viewer = 0;
    bo.viewer = 2;
    for (const m of [ann, bo, crowd]) audience.viewed(m);
    expect([...audience.seated]).toEqual([ann, bo]);
    // Bo stands up; Ann's socket goes.
    bo.viewer = null;
    audience.viewed(bo);
    audience.remove(ann);
    expect([...audience.seated]).toEqual([]);
    // A socket that has left the audience is not counted in again by a snapshot still on its way to it.
    ann.viewer = 0;
    audience.viewed(ann);
    expect([...audience.seated]).toEqual([]);
    expect(audience.size).toBe(2);
  });
});

describe('snapshots for a crowd', () => {
  it('one encoding and one WebSocket frame serve every socket it goes to, byte for byte what socket.io sends each on its own', async () => {
    const { io, sockets, url } = await socketIoServer();
    const clients = [await client(url), await client(url), await client(url)];
    await until(() => sockets.length === 3);
    const raw = clients.map(frames);
    const received = clients.map((c) => new Promise<ServerMessage>((r) => c.once(MESSAGE_EVENT, r)));
    const snapshot = { table: { id: 'x', name: 'A “table” ♠', seats: [{ seat: 0, occupant: null }] }, you: { seat: null, host: false }, game: null, from: 0, log: [], seq: 7 } as unknown as Snapshot;

    const encoded = new EncodedMessages(io);
    const encode = vi.spyOn(io.encoder, 'encode');
    // ws frames each message it sends (Sender.frame), unless engine.io hands it a frame made before.
    const frame = vi.spyOn((WebSocket as unknown as { Sender: { frame: () => unknown } }).Sender, 'frame');
    // Sockets are looked up by id: the three connections in the order the clients made them.
    const byClient = clients.map((c) => sockets.find((s) => s.id === c.id) as import('socket.io').Socket);
    // Each socket takes the frame in one write of one buffer, header and payload together (a frame of two buffers is
    // two writes under a cork: Node's writev, with its request objects, for every socket).
    const tcp = (s: import('socket.io').Socket) => (s.conn.transport as unknown as { socket: { _socket: import('node:net').Socket } }).socket._socket;
    const writes = byClient.slice(0, 2).map((s) => vi.spyOn(tcp(s), 'write'));
    encoded.write(byClient[0]!, encoded.snapshot(snapshot));
    encoded.write(byClient[1]!, encoded.snapshot(snapshot));
    expect(encode).toHaveBeenCalledTimes(1);
    expect(frame).toHaveBeenCalledTimes(1);
    for (const w of writes) expect(w).toHaveBeenCalledTimes(1);
    byClient[2]!.emit(MESSAGE_EVENT, { type: 'snapshot', snapshot });
    expect(frame).toHaveBeenCalledTimes(2);
    const messages = await Promise.all(received);
    for (const m of messages) expect(m).toEqual({ type: 'snapshot', snapshot });
    expect(raw[0]).toEqual(raw[2]);
    expect(raw[1]).toEqual(raw[2]);
    for (const c of clients) c.disconnect();
    await io.close();
  });

  it('a client on long polling (the web app’s fallback) gets the same message, which its transport encodes as it must', async () => {
    const { io, sockets, url } = await socketIoServer();
    const polling = await client(url, 'polling');
    const websocket = await client(url);
    await until(() => sockets.length === 2);
    const message = { type: 'presence', table: 'x', spectators: 3, seats: [] } as unknown as ServerMessage;
    const received = [polling, websocket].map((c) => new Promise<ServerMessage>((r) => c.once(MESSAGE_EVENT, r)));
    const encoded = new EncodedMessages(io);
    for (const s of sockets) encoded.write(s, message);
    expect(polling.io.engine.transport.name).toBe('polling');
    for (const m of await Promise.all(received)) expect(m).toEqual(message);
    polling.disconnect();
    websocket.disconnect();
    await io.close();
  });

  it('joining spectators without a token share one request while nothing is heard from the table; each stream goes on from it', async () => {
    const table = 'S'.repeat(22) as TableId;
    const asked: { owner: string | null; resolve: (s: Snapshot) => void }[] = [];
    const snapshotAt = (seq: number, owner: string | null) =>
      ({ table: { id: table }, you: { seat: null, host: false }, game: null, from: 0, log: [], seq, owner }) as unknown as Snapshot;
    const access = {
      store: { isIssuedToken: async () => true },
      snapshot: (_id: TableId, owner: string | null) =>
        new Promise((resolve) => asked.push({ owner, resolve: (s) => resolve({ ok: true, value: s }) })),
      presence: () => undefined,
      follow: async () => undefined,
      unfollow: () => undefined,
      info: async () => ({ ok: true, value: {} }),
      lobby: () => [],
    } as unknown as TableAccess;
    const http = createServer();
    const io = new Server(http);
    const gateway = new Gateway(io, access, { rateLimit: { perSecond: 1000, burst: 1000 }, floodDisconnectAfter: 100, lobbyThrottleMs: 10, connectionLimit: 1000 });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const got = new Map<ClientSocket, ServerMessage[]>();
    const spectator = async (token?: string) => {
      const socket = connectClient(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: token ? { token } : {} });
      got.set(socket, []);
      socket.on(MESSAGE_EVENT, (m: ServerMessage) => got.get(socket)?.push(m));
      await new Promise<void>((r) => socket.once('connect', () => r()));
      return socket;
    };
    const crowd = await Promise.all(Array.from({ length: 10 }, () => spectator()));
    const replies = crowd.map((s) => s.emitWithAck(MESSAGE_EVENT, { type: 'watch', table }));
    await until(() => gateway.watched().get(table) === 10);
    // Ten joined while the first one's snapshot was being taken: one request for all of them.
    expect(asked).toHaveLength(1);
    asked[0]!.resolve(snapshotAt(40, null));
    expect(await Promise.all(replies)).toEqual(Array.from({ length: 10 }, () => ({ ok: true, seq: 40 })));

    // An update: every one of them gets it after its snapshot.
    const update = { type: 'update', table, seq: 41, entries: [{ seq: 41, at: 0, kind: 'table', event: { type: 'game-started' } }], clocks: [] } as unknown as ServerMessage;
    gateway.broadcast({ type: 'update', table, first: 41, seq: 41, seats: 2, message: () => update });
    await until(() => crowd.every((s) => got.get(s)?.length === 2));
    for (const s of crowd) expect(got.get(s)).toEqual([{ type: 'snapshot', snapshot: snapshotAt(40, null) }, update]);

    // Something was heard since: the next one asks again; a spectator with a token asks on its own.
    const next = await spectator();
    const nextReply = next.emitWithAck(MESSAGE_EVENT, { type: 'watch', table });
    await until(() => asked.length === 2);
    asked[1]!.resolve(snapshotAt(41, null));
    expect(await nextReply).toEqual({ ok: true, seq: 41 });
    const tokened = await spectator('t'.repeat(43));
    const tokenedReply = tokened.emitWithAck(MESSAGE_EVENT, { type: 'watch', table });
    await until(() => asked.length === 3);
    expect(asked[2]!.owner).not.toBeNull();
    asked[2]!.resolve(snapshotAt(41, 'tokened'));
    expect(await tokenedReply).toEqual({ ok: true, seq: 41 });

    for (const s of [...crowd, next, tokened]) s.disconnect();
    await io.close();
  });

  it.each([
    ['', undefined],
    [', written 3 sockets a turn (a crowd: updates that come while it is written are folded into one)', 3],
  ])('spectators joining all at once while the table plays each get a gapless stream that ends where the players’ does%s', async (_, outboxSlice) => {
    const server = await testServer({ botDelayMs: 10, ...(outboxSlice ? { outboxSlice } : {}) });
    const { id, clients } = await seatedTable(server, { players: 3, people: ['Host'], bots: ['greedy', 'greedy'] });
    const host = clients[0] as TestClient;
    const crowd = await Promise.all(Array.from({ length: 20 }, () => TestClient.connect(server.url)));
    const played = autoPlay(host, id);
    await host.must({ type: 'start', table: id });
    await host.waitFor((m) => m.type === 'update' && (m.payload?.version ?? 0) > 10);
    // The harness checks every message as it comes: a gap, a repeat or a patch from a version not held fails.
    await Promise.all(crowd.map((c) => c.watch(id)));
    await played;
    await Promise.all(crowd.map((c) => c.waitFor(() => c.held.get(id)?.game?.outcome != null)));
    const final = host.held.get(id);
    for (const c of crowd) {
      const held = c.held.get(id);
      expect(held?.seq).toBe(final?.seq);
      expect(held?.log).toEqual(final?.log); // Razzia!'s log is public: a spectator reads what the players read
      expect({ ...held?.game, legal: [] }).toEqual({ ...final?.game, legal: [], view: { ...final?.game?.view, viewer: null } });
    }
    for (const c of [host, ...crowd]) c.close();
    await server.close();
  });
});

describe('chat under a crowd', () => {
  const said = (c: TestClient, id: TableId) =>
    (c.held.get(id)?.log ?? []).filter((e) => e.kind === 'chat').map((e) => e.event as unknown as ChatLine);

  it('the host’s slow mode holds each spectator to one line per period, never a seated player', async () => {
    const server = await testServer();
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Host', 'Guest'] });
    const [host, guest] = clients as [TestClient, TestClient];
    const watcher = await TestClient.connect(server.url);
    await watcher.watch(id);

    expect(await guest.send({ type: 'slow-mode', table: id, seconds: 30 })).toMatchObject({ ok: false, error: { code: 'not-host' } });
    for (const seconds of [-1, 601, 2.5]) expect(await host.send({ type: 'slow-mode', table: id, seconds })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    await host.must({ type: 'slow-mode', table: id, seconds: 30 });
    const set = await watcher.waitFor((m) => m.type === 'update' && m.table.slowMode === 30);
    expect(set.type === 'update' && set.entries.map((e) => e.event)).toContainEqual({ type: 'slow-mode', seconds: 30 });

    await watcher.must({ type: 'say', table: id, text: 'first', name: 'Kibitzer' });
    const second = await watcher.send({ type: 'say', table: id, text: 'second', name: 'Kibitzer' });
    expect(second).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    expect(!second.ok && second.error.message).toMatch(/slow mode: spectators say one line every 30 s/);
    for (const text of ['a', 'b', 'c']) await guest.must({ type: 'say', table: id, text });
    await host.must({ type: 'slow-mode', table: id, seconds: 0 });
    await watcher.must({ type: 'say', table: id, text: 'third', name: 'Kibitzer' });
    await host.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.kind === 'chat' && (e.event as unknown as ChatLine).text === 'third'));
    expect(said(host, id).map((l) => l.text)).toEqual(['first', 'a', 'b', 'c', 'third']);
    for (const c of [host, guest, watcher]) c.close();
    await server.close();
  });

  it('a spectators’ flood is cut at the table’s share for all spectators; the players’ own lines all go through', async () => {
    // The clock stands still, so the spectators' share is its burst exactly.
    const server = await testServer({ clock: new ManualClock() });
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Host', 'Guest'] });
    const [host, guest] = clients as [TestClient, TestClient];
    const crowd = await Promise.all(Array.from({ length: 12 }, () => TestClient.connect(server.url)));
    await Promise.all(crowd.map((c) => c.watch(id)));
    // Each spectator sends as many lines as its own socket allows, all at once, with the players talking meanwhile.
    const flood = crowd.flatMap((c, i) => Array.from({ length: 5 }, (_, k) => c.send({ type: 'say', table: id, text: `spam ${i}/${k}`, name: `Fan ${i}` })));
    const players = [host, guest, host, guest].map((c, k) => c.send({ type: 'say', table: id, text: `player line ${k}` }));
    const replies = await Promise.all(flood);
    expect((await Promise.all(players)).map((r) => r.ok)).toEqual([true, true, true, true]);
    expect(replies.filter((r) => r.ok)).toHaveLength(SPECTATOR_CHAT_LIMIT.burst);
    for (const r of replies.filter((r) => !r.ok)) expect(r).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    await host.waitFor(() => said(host, id).length === SPECTATOR_CHAT_LIMIT.burst + 4);
    expect(said(host, id).filter((l) => 'seat' in l.from).map((l) => l.text).sort()).toEqual(['player line 0', 'player line 1', 'player line 2', 'player line 3']);
    for (const c of [host, guest, ...crowd]) c.close();
    await server.close();
  });
});
