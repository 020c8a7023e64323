// Table leases in PostgreSQL, the cluster's fencing: one owner at a time, and an owner whose lease lapsed and
// was taken over can never append again, whatever it believes.

import type { TableId } from '@razzia/protocol';
import { describe, expect, it } from 'vitest';
import type { TokenHash } from '../src/ids.ts';
import type { NodeId } from '../src/store/leases.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { StoreConflict } from '../src/store/store.ts';
import { newTable } from '../src/tables/decide.ts';
import { databaseFor, tempDir } from './harness.ts';

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
});
