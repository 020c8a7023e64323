// Table leases in PostgreSQL, the cluster's fencing: one owner at a time, and an owner whose lease lapsed and
// was taken over can never append again, whatever it believes; a process serves a table only while it knows its
// lease runs; and how the processes hear each other (heartbeats).

import type { TableId } from '@razzia/protocol';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TokenHash } from '../src/ids.ts';
import type { NodeId } from '../src/store/leases.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { StoreConflict } from '../src/store/store.ts';
import { newTable } from '../src/tables/decide.ts';
import { Members } from '../src/cluster/members.ts';
import { Ownership } from '../src/cluster/ownership.ts';
import { databaseFor, tempDir } from './harness.ts';
import { until } from './support/processes.ts';

const A = 'process-a' as NodeId;
const B = 'process-b' as NodeId;

describe('table leases (PostgreSQL)', () => {
  it('one owner at a time; a stale owner, its lease lapsed and taken over, cannot append under its old epoch', async () => {
    const store = await PostgresStore.open(await databaseFor(tempDir()));
    const record = newTable('L'.repeat(22) as TableId, { game: 'razzia', name: 't', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, 'h' as TokenHash, 1, 'seed');
    await store.createTable(record, []);
    const a = await store.acquire(record.id, A, 60_000);
    expect(a).toEqual({ epoch: 1, previous: null });
    expect(await store.acquire(record.id, B, 60_000)).toBeNull(); // A's lease runs
    expect(await store.owner(record.id)).toEqual({ node: A, epoch: 1, live: true });
    const entry = (seq: number) => ({ seq, at: 1, kind: 'table' as const, notice: { type: 'game-started' as const } });
    await store.append({ record: { ...record, seq: 1 }, expectedSeq: 0, entries: [entry(1)], moves: [], fence: 1 });

    // A stalls: its lease lapses (renewed with no time left), B takes the table at epoch 2.
    await store.renew(A, -1);
    expect((await store.owner(record.id))?.live).toBe(false);
    expect(await store.orphans(10)).toEqual([record.id]);
    expect(await store.acquire(record.id, B, 60_000)).toEqual({ epoch: 2, previous: A });
    // A wakes up and appends at the right position, but under its old epoch: refused, nothing written.
    await expect(store.append({ record: { ...record, seq: 2 }, expectedSeq: 1, entries: [entry(2)], moves: [], fence: 1 })).rejects.toBeInstanceOf(StoreConflict);
    expect((await store.renew(A, 60_000)).size).toBe(0);
    expect(await store.readLog(record.id, 0)).toHaveLength(1);
    // B appends under its own.
    await store.append({ record: { ...record, seq: 2 }, expectedSeq: 1, entries: [entry(2)], moves: [], fence: 2 });
    expect((await store.readLog(record.id, 0)).map((e) => e.seq)).toEqual([1, 2]);
    // A drain hands the table over: lapsed at once, its owner still named, so others see an orphan to take.
    await store.release(record.id, B, 2, true);
    expect(await store.orphans(10)).toEqual([record.id]);
    expect(await store.acquire(record.id, A, 60_000)).toEqual({ epoch: 3, previous: B });
    await store.close();
  });

  it('a table created by an append (a rematch) exists exactly when that append was stored: never from a stale owner', async () => {
    const store = await PostgresStore.open(await databaseFor(tempDir()));
    const settings = { game: 'razzia', name: 't', players: 2, visibility: 'private', clock: null, options: {}, hints: false } as const;
    const record = newTable('M'.repeat(22) as TableId, settings, 'h' as TokenHash, 1, 'seed');
    await store.createTable(record, []);
    const a = await store.acquire(record.id, A, 60_000);
    await store.renew(A, -1);
    const b = await store.acquire(record.id, B, 60_000);
    const opened = (id: string) => {
      const next = { ...newTable(id as TableId, settings, 'h' as TokenHash, 2, 'next'), seq: 1 };
      return { record: next, entries: [{ seq: 1, at: 2, kind: 'table' as const, notice: { type: 'game-started' as const } }], fairSeed: `seed of ${id}` };
    };
    const change = (id: string, fence: number) => ({
      record: { ...record, seq: 1, rematch: id as TableId },
      expectedSeq: 0,
      entries: [{ seq: 1, at: 2, kind: 'table' as const, notice: { type: 'rematch' as const, table: id as TableId } }],
      moves: [],
      fence,
      creates: opened(id),
    });
    // The stale owner's rematch is refused, and its table is not created.
    await expect(store.append(change('S'.repeat(22), a?.epoch as number))).rejects.toBeInstanceOf(StoreConflict);
    expect(await store.load('S'.repeat(22) as TableId)).toBeNull();
    // The owner's is stored with its table and that table's log.
    await store.append(change('R'.repeat(22), b?.epoch as number));
    expect(await store.load('R'.repeat(22) as TableId)).toMatchObject({ record: { id: 'R'.repeat(22), seq: 1, status: 'waiting' }, fairSeed: `seed of ${'R'.repeat(22)}` });
    expect(await store.readLog('R'.repeat(22) as TableId, 0)).toHaveLength(1);
    expect((await store.owner('R'.repeat(22) as TableId))?.node).toBeNull();
    await store.close();
  });

  it('a process serves a table only while its lease is known to run: past that it renews first, and a lease the renewal no longer returns is lost', async () => {
    const store = await PostgresStore.open(await databaseFor(tempDir()));
    const record = newTable('O'.repeat(22) as TableId, { game: 'razzia', name: 't', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, 'h' as TokenHash, 1, 'seed');
    await store.createTable(record, []);
    const lost: TableId[] = [];
    // A lease that nothing renews on its own (start() is not called): as if the process stalled. The lease is known to
    // run only from when its acquisition or renewal was sent, so it must outlast any round trip to PostgreSQL a loaded
    // machine makes while nothing is wrong (with 50 ms, a slow answer arrived after it had run out; 1 s is still a
    // coincidence of speed): 10 s, each lapse below a wait of that long, idle.
    const a = new Ownership({ node: A, store, leaseMs: 10_000, lost: (id) => lost.push(id), stalled: () => undefined, warn: () => undefined });
    const acquired = await a.acquire(record.id);
    const epoch = acquired?.epoch as number;
    expect(a.holds(record.id, epoch)).toBe(true);
    // The store's lease runs on (as if a renewal had reached it and its answer were late), while by the local clock
    // it may have lapsed: verified renews it first, and it runs again.
    await sql`UPDATE tables SET lease_until = lease_until + 60000 WHERE id = ${record.id}`.execute(store.db);
    await until(async () => !a.holds(record.id, epoch), 'the lease to run out by the local clock');
    expect(await a.verified(record.id, epoch)).toBe(true);
    expect(a.owned()).toEqual([record.id]);
    // It lapses in the store and B takes the table: verified renews, finds it gone, and reports it lost.
    await until(async () => !a.holds(record.id, epoch) && (await store.orphans(10)).includes(record.id), 'the lease to lapse');
    expect(await store.acquire(record.id, B, 60_000)).toMatchObject({ previous: A });
    expect(await a.verified(record.id, epoch)).toBe(false);
    expect(lost).toEqual([record.id]);
    expect(a.owned()).toEqual([]);
    await store.close();
  });
});

describe('cluster members (heartbeats)', () => {
  const C = 'process-c' as NodeId;
  it('forgets a process silent for three heartbeats only while this one was listening all that time', () => {
    const members = new Members(A, 500);
    members.heard(B, { draining: false, tables: 1, sockets: 1 }, 0);
    members.heard(C, { draining: false, tables: 1, sockets: 1 }, 0);
    members.heard(C, { draining: false, tables: 1, sockets: 1 }, 2_500);
    // Listening since the start: B, silent for 3 s, is gone; C was heard.
    expect(members.silent(3_000, 0)).toEqual([B]);
    // Redis away (null), or back only a moment ago: nobody is judged by a silence this process could not hear.
    expect(members.silent(3_000, null)).toEqual([]);
    expect(members.silent(3_000, 2_000)).toEqual([]);
    expect(members.silent(4_500, 2_000)).toEqual([B]);
  });

  it('names one first taker per table among the processes heard lately, leaving out a silent one and a draining one', () => {
    const C = 'process-c' as NodeId;
    const tables = Array.from({ length: 60 }, (_, i) => `t${i}`.padEnd(22, 'x') as TableId);
    /** How `self` hears the others: each heard at the moment given (draining if so). */
    const view = (self: NodeId, heard: [NodeId, number, boolean?][]) => {
      const m = new Members(self, 500);
      for (const [node, at, draining] of heard) m.heard(node, { draining: draining ?? false, tables: 0, sockets: 0 }, at);
      return m;
    };
    const firstTakers = (views: Members[], now: number) => tables.map((t) => views.filter((m) => m.firstFor(t, now)).length);
    // All three heard: each table has exactly one first taker, and each process is first for some.
    const all = [view(A, [[B, 1_000], [C, 1_000]]), view(B, [[A, 1_000], [C, 1_000]]), view(C, [[A, 1_000], [B, 1_000]])];
    expect(new Set(firstTakers(all, 1_000))).toEqual(new Set([1]));
    expect(all.every((m) => tables.some((t) => m.firstFor(t, 1_000)))).toBe(true);
    // A not heard for two heartbeats (most likely dead, its tables the orphans): B and C share them between them.
    const withoutA = [view(B, [[A, 0], [C, 1_900]]), view(C, [[A, 0], [B, 1_900]])];
    expect(new Set(firstTakers(withoutA, 2_000))).toEqual(new Set([1]));
    // Draining, A takes nothing either.
    const drainingA = [view(B, [[A, 1_900, true], [C, 1_900]]), view(C, [[A, 1_900, true], [B, 1_900]])];
    expect(new Set(firstTakers(drainingA, 2_000))).toEqual(new Set([1]));
  });
});
