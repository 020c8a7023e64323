// "Continue on another device" over real sockets: a seated player's device asks for a code, another device redeems
// it and holds the same seat — both act for it. A code works once, for ten minutes, from the server that made it or
// any other on the same store; a wrong, forged, expired, replaced, spent or used one is refused with its own code
// and changes nothing; tries are limited per address and per code. Neither a code nor a token reaches a log line
// or another client.

import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_TRIES, DEVICE_CODE_TTL_MS, type TableId, type Token } from '@razzia/protocol';
import { deviceCodeId, deviceCodeMatches, hashDeviceCode, newDeviceCode } from '../src/devices/codes.ts';
import { DeviceCodes } from '../src/devices/transfer.ts';
import type { TokenHash } from '../src/ids.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import type { TableAccess } from '../src/tables/access.ts';
import { PRESENCE_PUSH_MS } from '../src/tables/host.ts';
import { ManualClock, TestClient, autoPlay, seatedTable, tempDir, testServer, type Frame, type Intent } from './harness.ts';

/** Every line the server logs, at every level. */
const logged: string[] = [];
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  }),
);

const clock = new ManualClock();
let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  // A hand-driven clock, so a code can expire without waiting ten minutes; limits high enough for every case here
  // together (the limits themselves are tested on a server of their own below).
  server = await testServer({ clock, logger, redeemLimit: { perSecond: 1_000, burst: 1_000 }, deviceCodeLimit: { perSecond: 1_000, burst: 1_000 } });
});
afterAll(async () => {
  await server.close();
});

const clients: TestClient[] = [];
async function connect(token?: Token): Promise<TestClient> {
  const client = await TestClient.connect(server.url, token);
  clients.push(client);
  return client;
}
afterAll(() => {
  for (const c of clients) c.close();
});

/** A two-seat table before the start: Desk (the host, seat 0) and Guest (seat 1). */
async function table() {
  const { id, clients: seated, tokens } = await seatedTable(server, { players: 2, people: ['Desk', 'Guest'] });
  clients.push(...seated);
  const [desk, guest] = seated as [TestClient, TestClient];
  return { id, desk, guest, deskToken: tokens[0] as Token };
}

async function codeFor(client: TestClient, id: TableId): Promise<string> {
  const reply = await client.must({ type: 'device-code', table: id });
  expect(reply.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
  expect(reply.expiresAt).toBe(clock.now() + DEVICE_CODE_TTL_MS);
  return reply.code;
}

/** The table as a newcomer sees it: its log's length. */
async function seqOf(id: TableId): Promise<number> {
  const probe = await connect();
  const seq = (await probe.watch(id)).snapshot.seq;
  probe.close();
  return seq;
}

/** Another code of the same shape: `code` with one character changed at `at`. */
function changed(code: string, at: number): string {
  const c = code[at] as string;
  const other = DEVICE_CODE_ALPHABET[(DEVICE_CODE_ALPHABET.indexOf(c) + 1) % DEVICE_CODE_ALPHABET.length] as string;
  return code.slice(0, at) + other + code.slice(at + 1);
}

/** Waits until `device` may decide for its seat, then decides (the first legal decision); the game's version after. */
async function decideFor(device: TestClient, id: TableId): Promise<number> {
  for (;;) {
    const from = device.frames.length;
    const game = device.held.get(id)?.game;
    if (game && game.legal.length > 0 && game.outcome === null) {
      const acted = await device.send({ type: 'act', table: id, version: game.version, intent: game.legal[0] as Intent });
      if (acted.ok) return acted.version;
    }
    await device.waitFor(() => true, from);
  }
}

describe('continue on another device', () => {
  it('a phone redeems the code and holds the seat too: both devices act for it, and each sees what the seat sees', async () => {
    const { id, desk, guest } = await table();
    await desk.must({ type: 'start', table: id });
    const code = await codeFor(desk, id);

    // The phone has no token yet: it gets one with the seat.
    const phone = await connect();
    const redeemed = await phone.must({ type: 'redeem', code });
    expect(redeemed).toMatchObject({ ok: true, table: id, seat: 0 });
    const phoneToken = (redeemed as unknown as { token: Token }).token;
    expect(phoneToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Everyone is told a device joined the seat (the seat only: no code, no token).
    const told = await guest.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'device-added'));
    expect(told.type === 'update' && told.entries.find((e) => e.event.type === 'device-added')?.event).toEqual({ type: 'device-added', seat: 0 });

    const onPhone = await connect(phoneToken);
    const snapshot = (await onPhone.watch(id)).snapshot;
    expect(snapshot.you).toEqual({ seat: 0, host: true });
    // The phone is the seat's person, not a spectator; and it sees seat 0's own view.
    expect(snapshot.table.spectators).toBe(0);
    expect(snapshot.payload?.legal).toEqual(desk.payload(id)?.legal);

    // Seat 0 decides from the phone, then from the desk; the guest plays seat 1.
    const guestPlays = autoPlay(guest, id);
    void guestPlays.catch(() => undefined);
    const decided = await decideFor(onPhone, id);
    expect(await decideFor(desk, id)).toBeGreaterThan(decided);
    // Both devices hold the same game, move for move.
    const seq = desk.held.get(id)?.seq;
    const at = (m: Frame) => (m.type === 'update' || m.type === 'snapshot') && m.held.seq === seq;
    const [onDesk, onPhoneThen] = (await Promise.all([desk.waitFor(at), onPhone.waitFor(at)])) as Extract<Frame, { held: unknown }>[];
    expect(onDesk?.held.game).toEqual(onPhoneThen?.held.game);

    // The seat stays connected while either device is: the desk leaves the table (as closing its tab does, and
    // acknowledged only once counted); a spectator who comes after that is told seat 0 is connected still.
    await desk.must({ type: 'unwatch', table: id });
    const from = guest.frames.length;
    await connect().then((probe) => probe.watch(id));
    clock.advance(PRESENCE_PUSH_MS); // a change of the spectator count alone is told at most once a while
    const presence = await guest.waitFor((m) => m.type === 'presence' && m.spectators === 1, from);
    expect(presence).toMatchObject({ connected: [true, true], spectators: 1 });
    desk.close();

    // Neither the code nor a token went to anyone else, or into the server's log.
    const secrets = [code, phoneToken, desk.token as string, guest.token as string];
    for (const raw of guest.raw) for (const s of [code, phoneToken, desk.token as string]) expect(raw).not.toContain(s);
    for (const line of logged) for (const s of secrets) expect(line).not.toContain(s);
    onPhone.close();
  });

  it('refuses a wrong code, a forged one and a malformed one, each with its own error, and nothing changes', async () => {
    const { id, desk } = await table();
    const code = await codeFor(desk, id);
    const seq = await seqOf(id);
    const phone = await connect();
    // Made up: the right shape, never issued.
    const madeUp = changed(changed(code, 0), 1);
    expect(await phone.send({ type: 'redeem', code: madeUp })).toMatchObject({ ok: false, error: { code: 'wrong-code' } });
    // Forged: a real code's id with other secret characters.
    expect(await phone.send({ type: 'redeem', code: changed(code, 11) })).toMatchObject({ ok: false, error: { code: 'wrong-code' } });
    // Not a code at all: refused at the door.
    for (const bad of [code.toLowerCase(), `${code.slice(0, 4)}-${code.slice(4)}`, code.slice(0, 11), `${code.slice(0, 11)}U`, 42])
      expect(await phone.send({ type: 'redeem', code: bad })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await seqOf(id)).toBe(seq);
    expect(phone.token).toBeUndefined();
    // The real code still works: a wrong try is one of its few, not the end of it.
    expect(await phone.send({ type: 'redeem', code })).toMatchObject({ ok: true, seat: 0 });
  });

  it('a code works once: a second redemption, even at the same moment, is refused as used', async () => {
    const { id, desk } = await table();
    const code = await codeFor(desk, id);
    const [a, b] = [await connect(), await connect()];
    const replies = await Promise.all([a.send({ type: 'redeem', code }), b.send({ type: 'redeem', code })]);
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'code-used' } });
    const third = await connect();
    expect(await third.send({ type: 'redeem', code })).toMatchObject({ ok: false, error: { code: 'code-used' } });
  });

  it('a code expires after ten minutes, and a newer code for the seat replaces it at once', async () => {
    const { id, desk } = await table();
    const old = await codeFor(desk, id);
    clock.advance(DEVICE_CODE_TTL_MS - 1);
    const replacing = await codeFor(desk, id);
    const phone = await connect();
    expect(await phone.send({ type: 'redeem', code: old })).toMatchObject({ ok: false, error: { code: 'code-expired' } });
    clock.advance(DEVICE_CODE_TTL_MS);
    expect(await phone.send({ type: 'redeem', code: replacing })).toMatchObject({ ok: false, error: { code: 'code-expired' } });
    // A fresh one works, and the seat is held by the phone from then on.
    expect(await phone.send({ type: 'redeem', code: await codeFor(desk, id) })).toMatchObject({ ok: true, table: id, seat: 0 });
  });

  it(`a code takes ${DEVICE_CODE_TRIES} tries in all, from anyone: then even the right characters are refused`, async () => {
    const { id, desk } = await table();
    const code = await codeFor(desk, id);
    const phone = await connect();
    for (let i = 0; i < DEVICE_CODE_TRIES; i++)
      expect(await phone.send({ type: 'redeem', code: changed(code, 4 + i) })).toMatchObject({ ok: false, error: { code: 'wrong-code' } });
    expect(await phone.send({ type: 'redeem', code })).toMatchObject({ ok: false, error: { code: 'code-expired', message: expect.stringMatching(/too many/) } });
  });

  it('a code is void once its seat is no longer its maker’s, and a device seated elsewhere at the table cannot take it', async () => {
    const { id, desk, guest } = await table();
    // The guest's own device asks for a code for seat 1, then leaves the seat.
    const left = await codeFor(guest, id);
    await guest.must({ type: 'leave', table: id });
    const phone = await connect();
    expect(await phone.send({ type: 'redeem', code: left })).toMatchObject({ ok: false, error: { code: 'code-expired', message: expect.stringMatching(/seat/) } });
    // Seated at 1 again (as a new person), the guest cannot also take the desk's seat 0.
    await guest.must({ type: 'sit', table: id, name: 'Guest' });
    expect(await guest.send({ type: 'redeem', code: await codeFor(desk, id) })).toMatchObject({ ok: false, error: { code: 'already-seated' } });
  });

  it('only a seated player gets a code; the phone of the host is the host too, and its leaving frees the seat on both', async () => {
    const { id, clients: seated } = await seatedTable(server, { players: 2, people: ['Desk'] });
    const desk = seated[0] as TestClient;
    clients.push(desk);
    const spectator = await connect();
    await spectator.watch(id);
    expect(await spectator.send({ type: 'device-code', table: id })).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect(await spectator.send({ type: 'device-code', table: 'x'.repeat(22) })).toMatchObject({ ok: false, error: { code: 'no-such-table' } });
    const phone = await connect();
    const { token } = (await phone.must({ type: 'redeem', code: await codeFor(desk, id) })) as unknown as { token: Token };
    const onPhone = await connect(token);
    await onPhone.watch(id);
    // Host rights come with the seat: the phone may seat a bot.
    await onPhone.must({ type: 'add-bot', table: id, bot: 'greedy', seat: 1 });
    // Leaving from the phone frees the seat for the desk too.
    const from = desk.frames.length;
    await onPhone.must({ type: 'leave', table: id });
    const after = await desk.waitFor((m) => m.type === 'snapshot', from);
    expect(after.type === 'snapshot' && after.snapshot.you).toEqual({ seat: null, host: true });
  });

  it('a device that already holds the seat may redeem a code for it again: nothing changes', async () => {
    const { id, desk } = await table();
    const seq = await seqOf(id);
    expect(await desk.send({ type: 'redeem', code: await codeFor(desk, id) })).toMatchObject({ ok: true, table: id, seat: 0 });
    expect(await seqOf(id)).toBe(seq);
  });
});

describe('tries per address', () => {
  it('are limited: past the burst even the right code is refused rate-limited, and nothing changes', async () => {
    const limited = await testServer({ redeemLimit: { perSecond: 1e-6, burst: 3 }, deviceCodeLimit: { perSecond: 1e-6, burst: 2 } });
    try {
      const { id, clients: seated } = await seatedTable(limited, { players: 2, people: ['Desk'] });
      const desk = seated[0] as TestClient;
      await desk.must({ type: 'device-code', table: id });
      const code = (await desk.must({ type: 'device-code', table: id })).code;
      // Making codes is limited too (each costs a slow hash).
      expect(await desk.send({ type: 'device-code', table: id })).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
      const phone = await TestClient.connect(limited.url);
      for (let i = 0; i < 3; i++) expect(await phone.send({ type: 'redeem', code: changed(code, 4 + i) })).toMatchObject({ ok: false, error: { code: 'wrong-code' } });
      expect(await phone.send({ type: 'redeem', code })).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
      expect(phone.token).toBeUndefined();
      for (const c of [desk, phone]) c.close();
    } finally {
      await limited.close();
    }
  });
});

describe('how long a refused try takes', () => {
  it('is one slow hash whatever the id: unknown, live with a wrong secret, or spent (no id is told apart by time)', async () => {
    const store = new SqliteStore(tempDir());
    const checks: string[] = [];
    const devices = new DeviceCodes({
      tables: { store } as unknown as TableAccess,
      now: () => 1_000,
      redeemLimit: { perSecond: 1_000, burst: 1_000 },
      matches: async (code, stored) => {
        checks.push(code);
        return deviceCodeMatches(code, stored);
      },
    });
    const live = newDeviceCode();
    await store.saveDeviceCode({ id: deviceCodeId(live), hash: await hashDeviceCode(live), table: 'T'.repeat(22) as TableId, seat: 0, issuer: 'issuer' as TokenHash, expiresAt: 60_000, usedAt: null }, 1_000);
    const other = (c: string) => `${c.slice(0, -1)}${c.endsWith('0') ? '1' : '0'}`;
    let unknown = newDeviceCode();
    while (deviceCodeId(unknown) === deviceCodeId(live)) unknown = newDeviceCode();
    const device = async () => 'device' as TokenHash;
    const tries: [string, string][] = [];
    const tryOnce = async (code: string) => {
      checks.length = 0;
      const r = await devices.redeem('127.0.0.1', code, device);
      tries.push([r.ok ? 'ok' : r.error.code, `${checks.length} hash`]);
    };
    await tryOnce(unknown);
    for (let i = 0; i < DEVICE_CODE_TRIES; i++) await tryOnce(other(live));
    await tryOnce(live); // spent: tried too often
    expect(tries).toEqual([['wrong-code', '1 hash'], ...Array.from({ length: DEVICE_CODE_TRIES }, () => ['wrong-code', '1 hash']), ['code-expired', '1 hash']]);
    await store.close();
  });
});
