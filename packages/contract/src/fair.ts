// Fair draws (docs/records.md, "Fair draws"): every chance outcome of a game follows from a secret seed the server
// committed to before play and the contributions of the seated people, by a generator anyone can rerun once the
// seed is revealed. Pure and synchronous (SHA-256 and HMAC from @noble/hashes), so the server, the command line and
// the browser's replay viewer compute exactly the same draws.
//
//   commitment  = SHA-256(seed ‖ table)
//   key         = HMAC-SHA256(seed, "razzia-fair/1" ‖ 0x00 ‖ table ‖ 0x00 ‖ per seat: 0x01 ‖ contribution, or 0x00)
//   stream L    = HMAC-SHA256(key, u32be(L) ‖ u32be(0)) ‖ HMAC-SHA256(key, u32be(L) ‖ u32be(1)) ‖ …
//   L           = 0 for the deal, m + 1 for the chance move at index m of the record's moves
//   int(n)      = the stream's next 4 bytes as a big-endian u32 x, redrawn while x ≥ 2³² − (2³² mod n); x mod n

import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import type { Random } from './random.ts';

/** The scheme's name: records carry it, and it is the first bytes of every key's message. */
export const FAIR_SCHEME = 'razzia-fair/1';

/** A seed, a commitment or a contribution: 32 bytes as 64 lower-case hex digits. */
export const FAIR_HEX = /^[0-9a-f]{64}$/;

/** The stream label of the deal; a chance move at index m of the moves has label m + 1. */
export const DEAL_LABEL = 0;

export function chanceLabel(moveIndex: number): number {
  return moveIndex + 1;
}

const TWO_32 = 4294967296;

function bytes32(hex: string, what: string): Uint8Array {
  if (!FAIR_HEX.test(hex)) throw new RangeError(`${what} is 64 lower-case hex digits`);
  return hexToBytes(hex);
}

/** What the server publishes before play: SHA-256 of the seed's 32 bytes followed by the table id's UTF-8. */
export function commitTo(seed: string, table: string): string {
  return bytesToHex(sha256(concatBytes(bytes32(seed, 'a seed'), utf8ToBytes(table))));
}

/** The key every stream is drawn with: the seed keys an HMAC over the scheme, the table and the contributions in
 * seat order (a seat without one counts as a single 0x00 byte, so no two lists give the same message). */
export function fairKey(seed: string, table: string, contributions: readonly (string | null)[]): Uint8Array {
  if (table.includes('\u0000')) throw new RangeError('a table id holds no NUL character');
  const parts: Uint8Array[] = [utf8ToBytes(FAIR_SCHEME), new Uint8Array([0]), utf8ToBytes(table), new Uint8Array([0])];
  contributions.forEach((c, seat) => parts.push(c === null ? new Uint8Array([0]) : concatBytes(new Uint8Array([1]), bytes32(c, `contribution ${seat}`))));
  return hmac(sha256, bytes32(seed, 'a seed'), concatBytes(...parts));
}

/** One stream of draws (one chance action): uniform integers without bias, by rejection. */
export class FairDraws implements Random {
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private counter = 0;

  constructor(
    private readonly key: Uint8Array,
    readonly label: number,
  ) {
    if (!Number.isInteger(label) || label < 0 || label >= TWO_32) throw new RangeError(`a stream label is a u32, not ${label}`);
  }

  /** The stream's next 4 bytes as a big-endian unsigned integer. */
  nextU32(): number {
    if (this.offset === this.block.length) {
      if (this.counter >= TWO_32) throw new RangeError('a stream holds at most 2^32 blocks');
      const message = new Uint8Array(8);
      const view = new DataView(message.buffer);
      view.setUint32(0, this.label);
      view.setUint32(4, this.counter++);
      this.block = hmac(sha256, this.key, message);
      this.offset = 0;
    }
    const b = this.block;
    const o = this.offset;
    this.offset += 4;
    return ((b[o] as number) * 0x1000000 + (((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number))) >>> 0;
  }

  /** A uniform integer in [0, n): draws at or above the largest multiple of n below 2³² are drawn again. */
  int(n: number): number {
    if (!(Number.isInteger(n) && n > 0 && n <= TWO_32)) throw new RangeError(`FairDraws.int: bad bound ${n}`);
    const limit = TWO_32 - (TWO_32 % n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return x % n;
  }
}

/** The streams of one game: `draws(label)` is a fresh stream, the same every time it is asked for. */
export function fairSource(seed: string, table: string, contributions: readonly (string | null)[]): (label: number) => FairDraws {
  const key = fairKey(seed, table, contributions);
  return (label) => new FairDraws(key, label);
}

/** 32 bytes drawn from `random` as hex: the server's seed for a table (from its CSPRNG, or a seeded source in tests). */
export function seedFrom(random: Random): string {
  const seed = new Uint8Array(32);
  for (let i = 0; i < seed.length; i++) seed[i] = random.int(256);
  return bytesToHex(seed);
}
