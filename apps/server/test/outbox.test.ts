// The outbox: a big send goes out a slice of sockets per turn of the event loop, so other work goes in between;
// a small send to sockets with nothing waiting is written at once; every socket gets its messages in order; a send
// to every socket still waiting for the newest one is folded into it for them (conflate.ts), never for anyone else.

import type { ServerMessage } from '@razzia/protocol';
import { describe, expect, it } from 'vitest';
import type { Member } from '../src/socket/audience.ts';
import { OUTBOX_SLICE_JOINING, Outbox } from '../src/socket/outbox.ts';

const turn = () => new Promise((r) => setImmediate(r));
const member = (i: number) => ({ socket: { id: `s${i}` }, conn: { queued: 0 }, inJob: null }) as unknown as Member;
const message = (n: number) => ({ type: 'closing', reason: `m${n}` }) as ServerMessage;
/** Two `closing` messages said as one (a stand-in for conflate.ts: the outbox only decides when to ask). */
const both = (older: ServerMessage, newer: ServerMessage) =>
  ({ type: 'closing', reason: `${(older as { reason: string }).reason}+${(newer as { reason: string }).reason}` }) as ServerMessage;

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

  it('writes small slices while connections arrive, and its whole slice again once they stop', async () => {
    const written: string[] = [];
    let arriving = true;
    const outbox = new Outbox((m) => written.push(m.socket.id), 256, undefined, () => arriving);
    const crowd = Array.from({ length: 300 }, (_, i) => member(i));
    const all = outbox.send(crowd, message(1));
    await turn();
    expect(written).toHaveLength(OUTBOX_SLICE_JOINING);
    await turn();
    expect(written).toHaveLength(2 * OUTBOX_SLICE_JOINING);
    arriving = false;
    await turn();
    expect(written).toHaveLength(2 * OUTBOX_SLICE_JOINING + 256);
    await all;
    // Every socket once, in order.
    expect(written).toEqual(crowd.map((m) => m.socket.id));
  });

  it('folds a send into the newest job for the sockets still waiting for it; those already written get it after', async () => {
    const written: [string, string][] = [];
    const outbox = new Outbox((m, msg) => written.push([m.socket.id, (msg as { reason: string }).reason]), 4, both);
    const crowd = Array.from({ length: 10 }, (_, i) => member(i));
    const first = outbox.send(crowd, message(1));
    await turn(); // s0..s3 have m1
    const second = outbox.send(crowd, message(2));
    const third = outbox.send(crowd, message(3));
    await Promise.all([first, second, third]);
    const got = (id: string) => written.filter(([s]) => s === id).map(([, m]) => m);
    // Written before the fold: the first message alone, then the later two as one.
    expect(got('s0')).toEqual(['m1', 'm2+m3']);
    // Still waiting when the later ones came: one message that says all three.
    expect(got('s9')).toEqual(['m1+m2+m3']);
    expect(written).toHaveLength(10 + 4);
    // Each send resolved once written to all it went to: the last two with the last job.
    expect(written.at(-1)?.[1]).toBe('m2+m3');
    // Nothing waits any more: small sends go at once, unfolded.
    expect(outbox.send([crowd[0] as Member], message(4))).toBeUndefined();
    expect(written.at(-1)).toEqual(['s0', 'm4']);
  });

  it('folds nothing when a socket waiting for the newest job is not among the new send’s: each gets its own', async () => {
    const written: [string, string][] = [];
    const outbox = new Outbox((m, msg) => written.push([m.socket.id, (msg as { reason: string }).reason]), 4, both);
    const crowd = Array.from({ length: 10 }, (_, i) => member(i));
    const first = outbox.send(crowd, message(1));
    // s9 (still waiting for m1) is not sent m2: folding m2 into m1 would give it what was not sent to it.
    const second = outbox.send(crowd.slice(0, 9), message(2));
    await Promise.all([first, second]);
    expect(written.filter(([s]) => s === 's9').map(([, m]) => m)).toEqual(['m1']);
    expect(written.filter(([s]) => s === 's3').map(([, m]) => m)).toEqual(['m1', 'm2']);
    expect(written).toHaveLength(19);
  });
});
