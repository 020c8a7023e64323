// Dropped connections and a killed server: clients come back with their token and their last log number,
// get what they missed (or a snapshot), and play on.

import { afterAll, describe, expect, it } from 'vitest';
import type { TableId, Token } from '@razzia/protocol';
import { CATCH_UP_LIMIT } from '../src/tables/host.ts';
import { TestClient, autoPlay, createTable, seatedTable, serverProcess, tempDir, testServer, type Frame, type Intent } from './harness.ts';
import type { NodeProcess } from './support/processes.ts';

/** A seated client that has just seen an auction waiting for somebody else. */
function inAuction(m: Frame, notSeat: number): boolean {
  return m.type === 'update' && m.game?.phase.kind === 'auction' && m.game.phase.auction.order[m.game.phase.auction.next] !== notSeat;
}

describe('a dropped connection mid-auction', () => {
  it('comes back with its token and last log number, gets exactly what it missed, and plays on to the end', async () => {
    const server = await testServer();
    const { id, clients, tokens } = await seatedTable(server, { players: 3, people: ['Host', 'Guest'], bots: ['greedy'] });
    const [host, guest] = clients as [TestClient, TestClient];
    const guestToken = tokens[1] as Token;

    // The host plays normally; the guest plays until it sees an auction where someone else is to speak.
    const hostDone = autoPlay(host, id);
    let dropped = false;
    const guestPlays = autoPlay(guest, id, (legal) => legal[0] as Intent, {
      beforeAct: () => !dropped,
    });
    void guestPlays.catch(() => undefined);
    await host.must({ type: 'start', table: id });
    const auctionSeen = await guest.waitFor((m) => inAuction(m, 1));
    const lastSeq = guest.held.get(id)?.seq ?? 0;
    expect(auctionSeen.type).toBe('update');
    dropped = true;
    guest.close(); // a real socket close
    await host.waitFor((m) => m.type === 'presence' && m.connected[1] === false);

    // While it is away, the game may go on until it is the guest's decision (or it cannot, and waits).
    // The same client on a new connection: it keeps what it had (a browser tab keeps its page).
    const back = await TestClient.connect(server.url, guestToken);
    back.held.set(id, guest.held.get(id)!);
    const reply = (await back.watch(id, lastSeq)).snapshot;
    expect(reply.from).toBe(lastSeq);
    expect(reply.you).toEqual({ seat: 1, host: false });
    expect(reply.log.map((e) => e.seq)).toEqual(Array.from({ length: reply.seq - lastSeq }, (_, i) => lastSeq + 1 + i));
    await host.waitFor((m) => m.type === 'presence' && m.connected[1] === true);
    const [hostFinal, guestFinal] = await Promise.all([hostDone, autoPlay(back, id)]);
    expect(guestFinal.results).toEqual(hostFinal.results);
    expect(guestFinal.viewer).toBe(1);
    host.close();
    back.close();
    await server.close();
  });

  it('a client that missed too much, or comes from a future the server never saw, gets a full snapshot', async () => {
    const server = await testServer();
    const { id, token } = await createTable(server, { players: 5 });
    const host = await TestClient.connect(server.url, token);
    await host.must({ type: 'sit', table: id, name: 'Host' });
    for (let i = 0; i < 4; i++) await host.must({ type: 'add-bot', table: id, bot: 'random' });
    await host.watch(id);
    await host.must({ type: 'say', table: id, text: 'good luck' });
    const done = autoPlay(host, id);
    await host.must({ type: 'start', table: id });
    await done;
    const late = await TestClient.connect(server.url, token);
    const full = await late.watch(id);
    expect(full.snapshot.from).toBe(0);
    const seq = full.snapshot.seq;
    expect(seq).toBeGreaterThan(CATCH_UP_LIMIT + 1); // a whole five-player game logs more than that
    expect(full.snapshot.log).toHaveLength(seq);
    // Each entry is the same, byte for byte (key order included), in the update that brought it and in a snapshot
    // read back from the store (PostgreSQL's jsonb keeps keys in an order of its own).
    const entries = (raw: readonly string[]) =>
      new Map(
        raw.flatMap((m) => {
          const message = JSON.parse(m) as { type: string; entries?: { seq: number }[]; snapshot?: { log: { seq: number }[] } };
          return (message.entries ?? message.snapshot?.log ?? []).map((e) => [e.seq, JSON.stringify(e)] as const);
        }),
      );
    const live = entries(host.raw);
    const stored = entries(late.raw);
    expect(stored.size).toBe(seq);
    for (const [n, entry] of stored) expect(entry, `entry ${n}`).toBe(live.get(n));
    // Each watch below starts from the whole log this client holds: what comes is appended, or replaces it.
    expect((await late.watch(id, seq - CATCH_UP_LIMIT - 1)).snapshot.from).toBe(0);
    const caught = await late.watch(id, seq - CATCH_UP_LIMIT);
    expect([caught.snapshot.from, caught.snapshot.log.length]).toEqual([seq - CATCH_UP_LIMIT, CATCH_UP_LIMIT]);
    expect((await late.watch(id, 1_000_000)).snapshot.from).toBe(0);
    expect((await late.watch(id, seq)).snapshot).toMatchObject({ from: seq, log: [] });
    host.close();
    late.close();
    await server.close();
  });
});

describe('a decision in flight when the connection drops', () => {
  it('gets no reply; after reconnecting, the game payload says whether it was applied, and sending it again applies it at most once', async () => {
    const server = await testServer();
    const { id, clients, tokens } = await seatedTable(server, { players: 2, people: ['Host', 'Guest'] });
    await (clients[0] as TestClient).must({ type: 'start', table: id });
    const seat = ((clients[0] as TestClient).payload(id)?.awaiting[0] ?? 0) as number;
    const decider = clients[seat] as TestClient;
    const other = clients[1 - seat] as TestClient;
    await decider.waitFor((m) => (m.type === 'update' || m.type === 'snapshot') && (m.held.game?.legal.length ?? 0) > 0);
    const held = decider.held.get(id);
    const version = held?.game?.version as number;
    const act = { type: 'act', table: id, version, intent: held?.game?.legal[0] } as const;

    // 1. Sent, and the connection closes at once: socket.io may drop the message with the connection (what it does
    // when both arrive together) or it may arrive and be applied. No reply either way.
    let replied = false;
    decider.socket.emit('msg', act, () => (replied = true));
    decider.socket.disconnect();
    // The same client connects again (as socket.io does by itself) and asks for what it missed.
    const back = decider;
    back.socket.auth = { token: tokens[seat] };
    await new Promise<void>((resolve) => back.socket.once('connect', () => resolve()).connect());
    const caught = await back.watch(id, held?.seq);
    expect(replied).toBe(false);
    // The client does as the protocol says: sent again as it was, it is applied if it was not, refused if it was.
    const resent = await back.send(act);
    if (caught.snapshot.payload?.version === version) {
      expect(caught.snapshot.payload).toMatchObject({ awaiting: [seat] }); // not applied: still awaited
      expect(resent).toEqual({ ok: true, version: version + 1 });
    } else expect(resent).toMatchObject({ ok: false, error: { code: 'stale-version' } });
    expect(back.payload(id)?.version).toBe(version + 1);

    // 2. Applied, but its reply lost (here: sent by another connection of the same token, whose reply nobody reads).
    await other.waitFor((m) => m.type === 'update' && (m.held.game?.legal.length ?? 0) > 0);
    const next = other.held.get(id)?.game as NonNullable<ReturnType<TestClient['payload']>>;
    const again = { type: 'act', table: id, version: next.version, intent: next.legal[0] } as const;
    const twin = await TestClient.connect(server.url, tokens[1 - seat]);
    const seen = twin.frames.length;
    await twin.watch(id);
    other.socket.emit('msg', again, () => undefined);
    await twin.waitFor((m) => m.type === 'update' && m.held.game?.version === next.version + 1, seen);
    // The payload moved past the version it was decided on; the retry is refused, never applied twice.
    expect(await twin.send(again)).toMatchObject({ ok: false, error: { code: 'stale-version' } });
    expect(twin.payload(id)?.version).toBe(next.version + 1);
    for (const c of [twin, ...clients]) c.close();
    await server.close();
  });
});

describe('kill -9 mid-game', () => {
  const processes: NodeProcess[] = [];
  afterAll(async () => {
    for (const p of processes) await p.stop();
  });

  it('brings back every table, seat token, clock and game exactly, and the same clients finish the game', async () => {
    const dataDir = tempDir();
    let server = await serverProcess(dataDir);
    processes.push(server);
    const { id, clients, tokens } = await seatedTable(server, { players: 3, clock: 600, people: ['Host', 'Guest'], bots: ['greedy'] });
    const [host, guest] = clients as [TestClient, TestClient];
    const [hostToken, guestToken] = tokens as [Token, Token];
    // A second, waiting table must come back too.
    const waiting = await createTable(server, { players: 4, name: 'Later' }, hostToken);

    // Play until an auction is running, then stop acting.
    let frozen = false;
    const untilAuction = (c: TestClient) =>
      autoPlay(c, id, (legal) => legal[0] as Intent, { beforeAct: (v) => !(frozen ||= v.phase.kind === 'auction' && v.version > 3) });
    void untilAuction(host).catch(() => undefined);
    void untilAuction(guest).catch(() => undefined);
    await host.must({ type: 'start', table: id });
    const atKill = await host.waitFor((m) => m.type === 'update' && m.game?.phase.kind === 'auction' && m.game.version > 3 && isHumanChance(m));
    if (atKill.type !== 'update' || !atKill.game) throw new Error('unreachable');
    const before = atKill;

    await server.kill9();
    host.close();
    guest.close();
    server = await serverProcess(dataDir);
    processes.push(server);

    const host2 = await TestClient.connect(server.url, hostToken);
    host2.held.set(id, host.held.get(id)!);
    const guest2 = await TestClient.connect(server.url, guestToken);
    const h = (await host2.watch(id, before.seq)).snapshot;
    const g = (await guest2.watch(id)).snapshot;
    expect([h.from, h.log]).toEqual([before.seq, []]);
    expect(h.you).toEqual({ seat: 0, host: true });
    expect(g.you).toEqual({ seat: 1, host: false });
    expect(h.game).toEqual(before.game);
    expect(g.game).toEqual({ ...before.game, viewer: 1 });
    const who = (seats: typeof before.table.seats) => seats.map((s) => s.occupant && { name: s.occupant.name, bot: s.occupant.bot, host: s.occupant.host });
    expect(who(h.table.seats)).toEqual(who(before.table.seats));
    // The turn clock came back with the same deadline: what remains cannot have grown.
    const [now, then] = [h.table.clocks[0], before.table.clocks[0]];
    expect(now?.seat).toBe(then?.seat);
    expect(now?.remainingMs).toBeLessThanOrEqual(then?.remainingMs ?? -1);
    // …nor shrunk by more than the time that passed since it was told (the update's log entries say when, by the
    // server's clock, the same machine's): the same deadline, however long the restart took.
    expect(now?.remainingMs).toBeGreaterThanOrEqual((then?.remainingMs ?? 0) - (Date.now() - (before.entries.at(-1)?.at ?? 0)) - 1_000);
    const w = await host2.watch(waiting.id);
    expect(w.snapshot.table.status).toBe('waiting');

    const [a, b] = await Promise.all([autoPlay(host2, id), autoPlay(guest2, id)]);
    expect(a.phase.kind).toBe('over');
    expect(b.results).toEqual(a.results);
    const record = await fetch(`${server.url}/api/tables/${id}/record`);
    expect(record.status).toBe(200);
    host2.close();
    guest2.close();
  });
});

function isHumanChance(m: Frame): boolean {
  if (m.type !== 'update' || m.game?.phase.kind !== 'auction') return false;
  const a = m.game.phase.auction;
  return a.order[a.next] !== 2;
}

export type { TableId };
