// A table's update as it crosses Redis between the processes of a cluster: it carries only the viewer classes other
// processes follow, and a process reading it learns which ones it does not carry (its sockets of those catch up).

import type { Viewer } from '@razzia/contract';
import type { ServerMessage, TableId } from '@razzia/protocol';
import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from '../src/cluster/wire.ts';
import type { NodeId } from '../src/store/leases.ts';
import type { TableBroadcast } from '../src/tables/host.ts';

const table = 'T0000000000000000000000' as TableId;
const built: Viewer[] = [];
const update: TableBroadcast = {
  type: 'update',
  table,
  first: 7,
  seq: 8,
  seats: 4,
  message: (viewer) => {
    built.push(viewer);
    return { type: 'update', table, seq: 8, entries: [], clocks: [], viewer } as unknown as ServerMessage;
  },
};
const node = 'n1' as NodeId;

describe('an update between processes', () => {
  it('carries every class when no filter is given', () => {
    const back = fromWire(table, toWire(update, node));
    if (back.type !== 'update') throw new Error('not an update');
    expect([0, 1, 2, 3, null].map((v) => (back.message(v) as { viewer?: Viewer } | undefined)?.viewer)).toEqual([0, 1, 2, 3, null]);
  });

  it('builds and carries only the classes followed elsewhere; the others read as not carried', () => {
    built.length = 0;
    const wire = toWire(update, node, new Set<Viewer>([2, null]));
    expect(built.sort()).toEqual([2, null].sort());
    const back = fromWire(table, JSON.parse(JSON.stringify(wire)) as typeof wire);
    if (back.type !== 'update') throw new Error('not an update');
    expect([back.first, back.seq, back.seats]).toEqual([7, 8, 4]);
    expect([0, 1, 2, 3, null].map((v) => (back.message(v) as { viewer?: Viewer } | undefined)?.viewer)).toEqual([undefined, undefined, 2, undefined, null]);
  });
});
