// A big audience behind a backlog, end to end (socket/outbox.ts, socket/conflate.ts): spectators on real sockets whose
// outbox holds messages not yet written when the table says more. The server writes two sockets a turn of the event
// loop, so six spectators are a crowd, and the table's bots move only when the test's clock says so: several updates
// come within one turn (a round's end does), and the outbox folds them. What each spectator receives must still be
// every change in order — a gapless log (the harness fails on a gap, a repeat or a patch from a version not held),
// each game it holds the spectators' game at that point, never a hidden card — and a presence push still waiting
// is replaced by a newer one without ever changing places with the updates around it. Every message, folded ones too,
// holds to the JSON Schemas the server publishes.

import type { GamePayload, LogEntry, ServerMessage, TableId } from '@razzia/protocol';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { PRESENCE_PUSH_MS, type TableHost } from '../src/tables/host.ts';
import { ManualClock, SECRET_KEYS, TestClient, createTable, testServer, type Frame } from './harness.ts';

/** Far apart from the presence pushes' period, so the test says which comes when. */
const BOT_MS = 10 * PRESENCE_PUSH_MS;
const CROWD = 6;
const SLICE = 2;

/** One turn of the event loop: the outbox (which scheduled its slice before) writes one slice in it. */
const turn = () => new Promise((r) => setImmediate(r));

/** Resolves once `cond` holds, checking after each turn of the event loop (no sleeping). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await turn();
}

/** A Razzia! Dorra table of four bots, started, with a crowd of spectators watching, in step and told of each other. */
async function crowdedTable() {
  const clock = new ManualClock();
  const server = await testServer({ clock, botDelayMs: BOT_MS, outboxSlice: SLICE });
  const { id, token } = await createTable(server, { game: 'razzia-dorra', players: 4 });
  const host = await TestClient.connect(server.url, token);
  for (let i = 0; i < 4; i++) await host.must({ type: 'add-bot', table: id, bot: 'random' });
  await host.must({ type: 'start', table: id });
  host.close();
  const table = server.tables.live(id) as TableHost;
  const crowd = await Promise.all(Array.from({ length: CROWD }, () => TestClient.connect(server.url)));
  await Promise.all(crowd.map((c) => c.watch(id)));
  await until(() => table.presence.spectators(table.record) === CROWD);
  clock.advance(PRESENCE_PUSH_MS);
  await Promise.all(crowd.map((c) => c.waitFor((m) => m.type === 'presence' && m.spectators === CROWD)));
  return { server, clock, table, id, crowd };
}

/** The table's next update: its bots' due decisions (or a pause's end), decided, stored and sent within this turn of
 * the event loop. */
async function move(clock: ManualClock, table: TableHost, server: Awaited<ReturnType<typeof testServer>>): Promise<void> {
  const seq = table.seq;
  for (let i = 0; i < 100 && table.seq === seq; i++) {
    clock.advance(BOT_MS);
    await server.tables.settled();
  }
  if (table.seq === seq) throw new Error(`the table did not move on from log ${seq} (${table.status}, pause ${JSON.stringify(table.record.pause)})`);
}

/** Resolves once every spectator holds the table up to `seq`, or one of them received a message that breaks the
 * protocol's promises (the harness keeps it among its problems): then it fails at once, saying which. */
async function caughtUp(crowd: readonly TestClient[], id: TableId, seq: number): Promise<void> {
  await until(() => crowd.every((c) => c.problems.length > 0 || c.held.get(id)?.seq === seq));
  for (const c of crowd) expect(c.problems).toEqual([]);
}

const updates = (c: TestClient, id: TableId, from = 0) =>
  c.frames.slice(from).filter((f): f is Extract<Frame, { type: 'update' }> => f.type === 'update' && f.message.table === id);
const seqs = (entries: readonly LogEntry[]) => entries.map((e) => e.seq);
const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

describe('a crowd behind a backlog', () => {
  it('each spectator receives every change in order: folded updates carry all their entries, each game is the spectators’ at that point, no hidden card', async () => {
    const { server, clock, table, id, crowd } = await crowdedTable();
    const from = crowd.map((c) => c.frames.length);
    // What a spectator holds after each update, as the table's own filter makes it.
    const spectatorsGame = new Map<number, GamePayload | null>();
    let sent = 0;
    const over = () => table.status === 'over';
    // One to four updates within a turn, then none to two turns for the outbox to write a slice or two: sockets
    // still waiting get the next updates folded into theirs, those already written get them after.
    for (let round = 0; !over(); round++) {
      for (let i = 0; i <= round % 4 && !over(); i++) {
        await move(clock, table, server);
        spectatorsGame.set(table.seq, table.gameFor(null));
        sent++;
      }
      for (let i = 0; i < round % 3; i++) await turn();
    }
    await caughtUp(crowd, id, table.seq);
    const late = await TestClient.connect(server.url);
    const snapshot = await late.watch(id);
    // The JSON Schemas the server publishes (docs/protocol.md) hold every message, folded ones too.
    const ajv = new Ajv2020({ strict: true });
    const published = async (path: string) => (await (await fetch(`${server.url}${path}`)).json()) as { $id: string };
    const wire = await published('/api/protocol/schema');
    const dorra = await published('/api/games/razzia-dorra/schema');
    ajv.addSchema(wire).addSchema(dorra);
    const valid = (id: string, def: string, value: unknown) => {
      const validate = ajv.getSchema(`${id}#/$defs/${def}`);
      if (!validate) throw new Error(`no schema ${id}#/$defs/${def}`);
      return validate(value) ? null : `${def}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value).slice(0, 300)}`;
    };

    for (const [i, c] of crowd.entries()) {
      const received = updates(c, id, from[i]);
      for (const u of received) {
        // Each message, however many updates it says, leaves the spectator exactly where the table's filter does.
        expect(u.message.seq, 'a message ends where an update did').toBe(u.seq);
        expect(u.payload).toEqual(spectatorsGame.get(u.seq));
        expect(seqs(u.entries)).toEqual(range(u.message.seq - u.entries.length + 1, u.message.seq));
      }
      // Folded: fewer messages than updates, one of them saying several.
      expect(received.length).toBeLessThan(sent);
      const said = (u: (typeof received)[number]) => [...spectatorsGame.keys()].filter((seq) => seq >= (u.entries[0]?.seq ?? Infinity) && seq <= u.seq).length;
      expect(Math.max(...received.map(said))).toBeGreaterThan(1);
      const held = c.held.get(id);
      expect(held?.log).toEqual(snapshot.held.log);
      expect(held?.game).toEqual(snapshot.held.game);
      expect(held?.game?.outcome).not.toBeNull();
      // Never a hidden card: every deal was told without its cards, and nothing secret anywhere.
      const dealt = held?.log.filter((e) => e.kind === 'game' && e.event.type === 'dealt') ?? [];
      expect(dealt.length).toBeGreaterThan(0);
      for (const e of dealt) expect((e.event as unknown as { cards: unknown }).cards).toBeNull();
      for (const raw of c.raw) expect(raw).not.toMatch(SECRET_KEYS);
      const problems = c.raw.flatMap((raw) => {
        const message = JSON.parse(raw) as { entries?: LogEntry[]; game?: { full?: unknown } };
        return [
          valid(wire.$id, 'ServerMessage', message),
          ...(message.entries ?? []).map((e) => (e.kind === 'game' ? valid(dorra.$id, 'event', e.event) : null)),
          message.game?.full ? valid(dorra.$id, 'payload', message.game.full) : null,
        ].filter((p) => p !== null);
      });
      expect(problems.slice(0, 3)).toEqual([]);
    }
    for (const c of [late, ...crowd]) c.close();
    await server.close();
  });

  it('a presence push still waiting is replaced by a newer one, and never changes places with the updates around it', async () => {
    const { server, clock, table, id, crowd } = await crowdedTable();
    const from = crowd.map((c) => c.frames.length);
    const start = table.seq;
    await move(clock, table, server); // an update: the crowd's job, two sockets a turn
    const first = table.seq;
    await turn(); // two sockets have it, four wait for it
    // Another process of a cluster reports its spectators (as the cluster does, cluster.ts): the count is pushed at
    // once, then, a period later, again — while the crowd still waits for the first.
    table.setPresence('another-process', { owners: [], anonymous: 3 });
    table.setPresence('another-process', { owners: [], anonymous: 5 });
    clock.advance(PRESENCE_PUSH_MS);
    expect(table.spectators()).toBe(CROWD + 5);
    await move(clock, table, server); // two more updates: after the presence, folded into one
    await move(clock, table, server);
    await caughtUp(crowd, id, table.seq);

    for (const [i, c] of crowd.entries()) {
      const received = c.frames.slice(from[i]);
      expect(received.map((f) => f.type)).toEqual(['update', 'presence', 'update']);
      const [before, presence, after] = received as [Extract<Frame, { type: 'update' }>, Extract<ServerMessage, { type: 'presence' }>, Extract<Frame, { type: 'update' }>];
      expect(seqs(before.entries)).toEqual(range(start + 1, first));
      // The newer count only: the one it replaced (CROWD + 3) never arrives.
      expect(presence.spectators).toBe(CROWD + 5);
      expect(seqs(after.entries)).toEqual(range(first + 1, table.seq));
      expect(c.held.get(id)?.info.spectators).toBe(CROWD + 5);
    }
    for (const c of crowd) c.close();
    await server.close();
  });
});
