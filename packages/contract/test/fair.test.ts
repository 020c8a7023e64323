// Fair draws: the generator as docs/records.md defines it, rebuilt here independently from node:crypto, must give
// exactly what the contract's pure implementation gives; outcomes are uniform and drawn without bias.

import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resolveChance } from '../src/chance.ts';
import { chanceLabel, commitTo, DEAL_LABEL, FairDraws, fairKey, fairSource, seedFrom } from '../src/fair.ts';
import { Rng } from '../src/random.ts';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const TABLE = 'q9XcRk2mT0aWbLh1yUe3Zg';
const CONTRIBUTIONS = ['ab'.repeat(32), null, '0f'.repeat(32)];

/** docs/records.md, "Fair draws", written out with node:crypto: the bytes of stream `label`. */
function docStream(seed: string, table: string, contributions: readonly (string | null)[], label: number) {
  const message = Buffer.concat([
    Buffer.from('razzia-fair/1'),
    Buffer.from([0]),
    Buffer.from(table, 'utf8'),
    Buffer.from([0]),
    ...contributions.map((c) => (c === null ? Buffer.from([0]) : Buffer.concat([Buffer.from([1]), Buffer.from(c, 'hex')]))),
  ]);
  const key = createHmac('sha256', Buffer.from(seed, 'hex')).update(message).digest();
  let block = 0;
  let bytes = Buffer.alloc(0);
  return {
    u32(): number {
      if (bytes.length === 0) {
        const counter = Buffer.alloc(8);
        counter.writeUInt32BE(label, 0);
        counter.writeUInt32BE(block++, 4);
        bytes = createHmac('sha256', key).update(counter).digest();
      }
      const x = bytes.readUInt32BE(0);
      bytes = bytes.subarray(4);
      return x;
    },
    int(n: number): number {
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const x = this.u32();
        if (x < limit) return x % n;
      }
    },
  };
}

describe('fair draws as docs/records.md defines them', () => {
  it('the commitment is SHA-256 of the seed bytes and the table id', () => {
    const expected = createHash('sha256').update(Buffer.concat([Buffer.from(SEED, 'hex'), Buffer.from(TABLE)])).digest('hex');
    expect(commitTo(SEED, TABLE)).toBe(expected);
    expect(commitTo(SEED, `${TABLE}x`)).not.toBe(expected);
  });

  it('every stream gives the bytes an independent implementation of the docs gives, blocks after blocks', () => {
    const draws = fairSource(SEED, TABLE, CONTRIBUTIONS);
    for (const label of [DEAL_LABEL, chanceLabel(0), chanceLabel(41), 2 ** 32 - 1]) {
      const ours = draws(label);
      const theirs = docStream(SEED, TABLE, CONTRIBUTIONS, label);
      for (let i = 0; i < 40; i++) expect(ours.nextU32()).toBe(theirs.u32());
    }
  });

  it('integers by rejection agree with the docs, also where half of all draws are rejected', () => {
    const ours = new FairDraws(fairKey(SEED, TABLE, CONTRIBUTIONS), 7);
    const theirs = docStream(SEED, TABLE, CONTRIBUTIONS, 7);
    for (const n of [1, 2, 6, 55, 120, 2 ** 31 + 1, 2 ** 32, 3_000_000_019]) for (let i = 0; i < 20; i++) expect(ours.int(n)).toBe(theirs.int(n));
  });

  it('a die and a shuffle drawn from a stream are the docs’ Fisher–Yates over the same integers', () => {
    const draws = fairSource(SEED, TABLE, CONTRIBUTIONS);
    const die = resolveChance({ kind: 'die', sides: 6 }, draws(5));
    expect(die).toEqual({ kind: 'die', value: 1 + docStream(SEED, TABLE, CONTRIBUTIONS, 5).int(6) });
    const theirs = docStream(SEED, TABLE, CONTRIBUTIONS, 9);
    const order = Array.from({ length: 54 }, (_, i) => i);
    for (let k = order.length - 1; k > 0; k--) {
      const j = theirs.int(k + 1);
      [order[k], order[j]] = [order[j] as number, order[k] as number];
    }
    expect(resolveChance({ kind: 'shuffle', size: 54 }, draws(9))).toEqual({ kind: 'shuffle', order });
  });

  it('the same label gives the same stream again; another label, contribution, seat or table another one', () => {
    const first = (draws: (label: number) => FairDraws, label = 3) => Array.from({ length: 8 }, ((d) => () => d.nextU32())(draws(label)));
    const base = first(fairSource(SEED, TABLE, CONTRIBUTIONS));
    expect(first(fairSource(SEED, TABLE, CONTRIBUTIONS))).toEqual(base);
    expect(first(fairSource(SEED, TABLE, CONTRIBUTIONS), 4)).not.toEqual(base);
    expect(first(fairSource(SEED, TABLE, ['ab'.repeat(32), null, '0e'.repeat(32)]))).not.toEqual(base);
    // The same bytes from another seat, or a missing contribution moved, is another message.
    expect(first(fairSource(SEED, TABLE, [null, 'ab'.repeat(32), '0f'.repeat(32)]))).not.toEqual(base);
    expect(first(fairSource(SEED, 'another-table', CONTRIBUTIONS))).not.toEqual(base);
  });

  it('a die is uniform: 6 000 rolls fall on each face within 5 standard deviations', () => {
    const draws = fairSource(SEED, TABLE, CONTRIBUTIONS);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let label = 0; label < 1_000; label++) {
      const stream = draws(label);
      for (let r = 0; r < 6; r++) (counts[stream.int(6)] as number)++;
    }
    const sd = Math.sqrt(6_000 * (1 / 6) * (5 / 6));
    for (const c of counts) expect(Math.abs(c - 1_000)).toBeLessThan(5 * sd);
  });

  it('refuses what is not 32 bytes of lower-case hex, and bounds that are not whole numbers up to 2^32', () => {
    expect(() => commitTo(SEED.toUpperCase(), TABLE)).toThrow(RangeError);
    expect(() => fairKey(SEED, TABLE, ['ab'])).toThrow(/contribution 0/);
    expect(() => new FairDraws(fairKey(SEED, TABLE, []), 0).int(0)).toThrow(RangeError);
    expect(() => new FairDraws(fairKey(SEED, TABLE, []), 0).int(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('a seed is 32 bytes drawn from the source it is given', () => {
    expect(seedFrom(Rng.fromSeed('a'))).toMatch(/^[0-9a-f]{64}$/);
    expect(seedFrom(Rng.fromSeed('a'))).toBe(seedFrom(Rng.fromSeed('a')));
    expect(seedFrom(Rng.fromSeed('a'))).not.toBe(seedFrom(Rng.fromSeed('b')));
  });
});
