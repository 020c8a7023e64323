// The table authority alone, without sockets or SQL: an in-memory store and a recording listener.

import { describe, expect, it } from 'vitest';
import type { LogEntry, TableId } from '@razzia/protocol';
import type { TokenHash } from '../src/ids.ts';
import type { LoadedTable, StoredAction, Store, TableRecord } from '../src/store/store.ts';
import { TableAuthority, type TableListener } from '../src/tables/authority.ts';
import { ManualClock } from './harness.ts';

class MemoryStore implements Store {
  tables = new Map<TableId, LoadedTable>();
  failNext = false;
  createTable(table: TableRecord, log: readonly LogEntry[]) {
    this.tables.set(table.id, { table, actions: [], log: [...log] });
  }
  saveTable(table: TableRecord, log: readonly LogEntry[]) {
    const t = this.tables.get(table.id);
    this.tables.set(table.id, { table, actions: t?.actions ?? [], log: [...(t?.log ?? []), ...log] });
  }
  appendAction(table: TableRecord, index: number, action: StoredAction, log: readonly LogEntry[]) {
    if (this.failNext) throw new Error('disk full');
    const t = this.tables.get(table.id) as LoadedTable;
    expect(t.actions.length).toBe(index);
    this.tables.set(table.id, { table, actions: [...t.actions, action], log: [...t.log, ...log] });
  }
  load(id: TableId) {
    return this.tables.get(id) ?? null;
  }
  activeTableIds() {
    return [...this.tables.keys()];
  }
  close() {}
}

const HOST = 'host-hash' as TokenHash;
const GUEST = 'guest-hash' as TokenHash;

function setup() {
  const store = new MemoryStore();
  const heard: string[] = [];
  const listener: TableListener = {
    changed: (_t, entries) => heard.push(`changed ${entries.map((e) => e.event.type).join(',')}`),
    presence: () => heard.push('presence'),
    seatChanged: (_t, owner) => heard.push(`seat ${owner}`),
  };
  const clock = new ManualClock();
  const deps = { store, clock, listener, botDelayMs: 0, lobbyChanged: () => undefined };
  const table = TableAuthority.create('T'.repeat(22) as TableId, { name: 't', players: 2, visibility: 'private', clock: null }, HOST, deps);
  table.sit(HOST, 'Host');
  table.sit(GUEST, 'Guest');
  table.start(HOST);
  return { store, heard, table, deps };
}

describe('TableAuthority', () => {
  it('stores an action before it applies or broadcasts it: a failed write changes nothing and tells nobody', () => {
    const { store, heard, table } = setup();
    const game = table.gameView(null);
    if (game?.phase.kind !== 'turn') throw new Error('expected a turn');
    const owner = game.phase.seat === 0 ? HOST : GUEST;
    store.failNext = true;
    heard.length = 0;
    expect(() => table.act(owner, 0, { type: 'draw', pile: 0 })).toThrow('disk full');
    expect(heard).toEqual([]);
    expect(table.version).toBe(0);
    store.failNext = false;
    expect(table.act(owner, 0, { type: 'draw', pile: 0 })).toMatchObject({ ok: true, value: { version: 1 } });
    expect(heard[0]).toMatch(/^changed card-drawn/);
  });

  it('rebuilds the same table from what it stored', () => {
    const { store, table, deps } = setup();
    const game = table.gameView(null);
    if (game?.phase.kind !== 'turn') throw new Error('expected a turn');
    const owner = game.phase.seat === 0 ? HOST : GUEST;
    table.act(owner, 0, { type: 'call' });
    const restored = TableAuthority.restore(store.load(table.id) as LoadedTable, deps);
    expect(restored.gameView(1)).toEqual(table.gameView(1));
    expect(restored.snapshot(GUEST)).toEqual(table.snapshot(GUEST));
  });

  it('every log entry is numbered on from the last, with no gaps', () => {
    const { store, table } = setup();
    const seqs = store.load(table.id)?.log.map((e) => e.seq);
    expect(seqs).toEqual(seqs?.map((_, i) => i + 1));
  });
});
