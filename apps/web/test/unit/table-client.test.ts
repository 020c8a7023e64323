// The page's table store (lib/client/table.svelte.ts) applying what the server sends, apart from a socket: an update
// that says several changes — what the server's outbox sends a socket still waiting for the first of them when the
// next come (apps/server/src/socket/conflate.ts, docs/protocol.md) — leaves the page exactly where the changes one by
// one do: every log entry in order (each one this seat must notice, wherever it sits in the message), the game, the
// clocks and the table.

import { diff, ServerMessageSchema, type GamePayload, type ServerMessage, type TableId, type TableInfo, type UpdateMessage } from '@razzia/protocol';
import { describe, expect, it } from 'vitest';
import { conflate } from '../../../server/src/socket/conflate.ts';
import { TableClient } from '../../src/lib/client/table.svelte.ts';

const table = 'FoldedUpdatesTable0001' as TableId;

const info: TableInfo = {
  id: table,
  game: 'razzia',
  name: 'Folded',
  players: 3,
  visibility: 'public',
  clock: 60,
  hints: false,
  replaceAfterMisses: false,
  status: 'playing',
  awaiting: [0],
  seats: [0, 1, 2].map((seat) => ({ seat, occupant: { name: `P${seat}`, bot: null, connected: true, host: seat === 0, standIn: false, replaced: false } })),
  clocks: [{ seat: 0, remainingMs: 60_000 }],
  rematch: null,
  spectators: 4,
  createdAt: 1_800_000_000_000,
  muted: { seats: [], spectators: false },
  slowMode: 0,
  pause: null,
  fair: null,
} as unknown as TableInfo;

const game = (version: number, row: number[], awaiting: number[]): GamePayload =>
  ({ version, awaiting, opened: null, view: { row, police: version % 3 }, legal: [], outcome: null }) as unknown as GamePayload;

const entry = (seq: number, event: Record<string, unknown>, kind: 'game' | 'table' = 'game') => ({ seq, at: 1_800_000_000_000 + seq, kind, event });

/** Seat 1's page after a snapshot at log 4, game version 2. */
function page(): { client: TableClient; receive: (m: ServerMessage) => void } {
  const client = new TableClient(table);
  const receive = (m: ServerMessage) => (client as unknown as { received(m: ServerMessage): void }).received(ServerMessageSchema.parse(m));
  receive({
    type: 'snapshot',
    snapshot: {
      table: info,
      you: { seat: 1, host: false },
      game: game(2, [1], [0]),
      log: [1, 2, 3, 4].map((seq) => entry(seq, { type: 'drew', seat: 0 })),
      from: 0,
      seq: 4,
    },
  } as unknown as ServerMessage);
  return { client, receive };
}

/** Three updates in a row as the table's host builds them: a patch from the version before each, one without a game
 * change but with new table info, notices for seat 1 in the first and the last. */
const v2 = game(2, [1], [0]);
const v3 = game(3, [1, 5], [1]);
const v4 = game(4, [1, 5, 7], [2]);
const updates: UpdateMessage[] = [
  {
    type: 'update',
    table,
    seq: 6,
    entries: [entry(5, { type: 'drew', seat: 0 }), entry(6, { type: 'timed-out', seat: 1 }, 'table')],
    clocks: [{ seat: 1, remainingMs: 60_000 }],
    game: { from: 2, patch: diff(v2, v3) },
  },
  {
    type: 'update',
    table,
    seq: 7,
    entries: [entry(7, { type: 'slow-mode', seconds: 5 }, 'table')],
    clocks: [{ seat: 1, remainingMs: 58_000 }],
    info: { ...info, slowMode: 5, awaiting: [1] } as TableInfo,
  },
  {
    type: 'update',
    table,
    seq: 9,
    entries: [entry(8, { type: 'drew', seat: 1 }), entry(9, { type: 'stand-in-ended', seat: 1 }, 'table')],
    clocks: [{ seat: 2, remainingMs: 60_000 }],
    game: { from: 3, patch: diff(v3, v4) },
  },
] as unknown as UpdateMessage[];

const state = (c: TableClient) => ({ log: c.log, payload: c.payload, table: c.table, timedOut: c.timedOut, stoodIn: c.stoodIn });

describe('the table store', () => {
  it('applies an update that says several changes as it applies them one by one', () => {
    const oneByOne = page();
    for (const u of updates) oneByOne.receive(u);
    expect(oneByOne.client.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(oneByOne.client.payload).toEqual(v4);

    // Folded as the server folds them, at every cut: the first ones alone, the rest as one.
    for (let cut = 0; cut < updates.length - 1; cut++) {
      const folded = page();
      for (const u of updates.slice(0, cut)) folded.receive(u);
      const rest = updates.slice(cut).reduce((a, b) => conflate(a, b) as UpdateMessage);
      const after = cut === 0 ? 4 : (updates[cut - 1] as UpdateMessage).seq;
      expect(rest.entries.map((e) => e.seq)).toEqual(Array.from({ length: 9 - after }, (_, i) => after + 1 + i));
      folded.receive(rest);
      expect(state(folded.client)).toEqual(state(oneByOne.client));
    }
    // Both notices for this seat were noticed, the first of them in the middle of a message.
    expect(oneByOne.client.timedOut).toBe(true);
    expect(oneByOne.client.stoodIn).toBe(true);
    expect(oneByOne.client.table).toMatchObject({ slowMode: 5, clocks: [{ seat: 2, remainingMs: 60_000 }] });
  });

  it('asks again, and changes nothing, when a message does not continue what it holds', () => {
    const { client, receive } = page();
    const before = state(client);
    // The last two folded, without the first: a gap at entry 5.
    receive(conflate(updates[1]!, updates[2]!) as UpdateMessage);
    expect(state(client)).toEqual(before);
  });
});
