// The outbox: a big send goes out a slice of sockets per turn of the event loop, so other work goes in between;
// a small send to sockets with nothing waiting is written at once; every socket gets its messages in order.

import type { ServerMessage } from '@razzia/protocol';
import { describe, expect, it } from 'vitest';
import type { Member } from '../src/socket/audience.ts';
import { Outbox } from '../src/socket/outbox.ts';

const turn = () => new Promise((r) => setImmediate(r));
const member = (i: number) => ({ socket: { id: `s${i}` } }) as unknown as Member;
const message = (n: number) => ({ type: 'closing', reason: `m${n}` }) as ServerMessage;

describe('the outbox', () => {
  it('writes a big send a slice per turn, small sends to others at once, and each socket’s messages in order', async () => {
    const written: [string, string][] = [];
    const outbox = new Outbox((m, msg) => written.push([m.socket.id, (msg as { reason: string }).reason]), 256);
    const crowd = Array.from({ length: 600 }, (_, i) => member(i));
    const big = outbox.send(crowd, message(1));
    expect(big).toBeInstanceOf(Promise);
    expect(written).toEqual([]);
    // Someone in the crowd gets another message: after the first. Someone else: at once.
    const after = outbox.send([crowd[5] as Member], message(2));
    expect(outbox.send([member(9999)], message(3))).toBeUndefined();
    expect(written).toEqual([['s9999', 'm3']]);
    await turn();
    expect(written).toHaveLength(1 + 256);
    await turn();
    expect(written).toHaveLength(1 + 512);
    await Promise.all([big, after]);
    expect(written).toHaveLength(1 + 600 + 1);
    expect(written.filter(([id]) => id === 's5').map(([, m]) => m)).toEqual(['m1', 'm2']);
    expect(written.at(-1)).toEqual(['s5', 'm2']);
    // Nothing waits any more: a small send is written at once again.
    expect(outbox.send([crowd[5] as Member], message(4))).toBeUndefined();
    expect(written.at(-1)).toEqual(['s5', 'm4']);
  });
});
