// "Continue on another device": a seated person's device asks for a short code; another device of theirs redeems it
// (once, within ten minutes) and holds the same seat too. Codes live in the store, so any process of a cluster
// finds them, and a try is counted there, so no number of addresses gets more than DEVICE_CODE_TRIES at one code.
// The seat itself changes in its table (decide's `add-device`), wherever the table is hosted.

import type { Seat } from '@razzia/contract';
import { DEVICE_CODE_TRIES, DEVICE_CODE_TTL_MS, type TableId } from '@razzia/protocol';
import type { TokenHash } from '../ids.ts';
import { fail, ok, type Result } from '../result.ts';
import { TokenBucket, type RateLimit } from '../socket/rate-limit.ts';
import type { TableAccess } from '../tables/access.ts';
import { deviceCodeId, deviceCodeMatches, hashDeviceCode, newDeviceCode } from './codes.ts';

/** Redeeming, per client address: 10 tries at once, then one every 30 s. */
export const DEFAULT_REDEEM_LIMIT: RateLimit = { perSecond: 1 / 30, burst: 10 };
/** Making codes, per client address: 10 at once, then one every 10 s (each costs a slow hash). */
export const DEFAULT_DEVICE_CODE_LIMIT: RateLimit = { perSecond: 1 / 10, burst: 10 };

/** Draws of a code's id before giving up: one collides with an open code only when very many are open. */
const ID_DRAWS = 8;

export interface DeviceCodesOptions {
  readonly tables: TableAccess;
  readonly now: () => number;
  readonly redeemLimit?: RateLimit;
  readonly issueLimit?: RateLimit;
  /** How a try is checked against a stored hash (default deviceCodeMatches; tests count the checks). */
  readonly matches?: (code: string, stored: string) => Promise<boolean>;
}

/** A hash no code is tried against but to spend the same time: made once, of a code nobody holds. */
let dummy: Promise<string> | null = null;

export class DeviceCodes {
  private readonly redeemers = new Map<string, TokenBucket>();
  private readonly issuers = new Map<string, TokenBucket>();

  constructor(private readonly options: DeviceCodesOptions) {}

  /** A code for the seat `owner` holds at `table`, for another device of theirs. */
  async issue(address: string, table: TableId, owner: TokenHash | null): Promise<Result<{ code: string; expiresAt: number }>> {
    const { tables } = this.options;
    if (owner === null) {
      const info = await tables.info(table);
      return info.ok ? fail('not-seated', 'only a seated player can continue on another device') : info;
    }
    const seated = await tables.run(table, { type: 'device-code', owner });
    if (!seated.ok) return seated;
    const { seat } = seated.value as { seat: Seat };
    if (!bucket(this.issuers, address, this.options.issueLimit ?? DEFAULT_DEVICE_CODE_LIMIT).take())
      return fail('rate-limited', 'too many device codes asked for from here: wait a little');
    for (let draw = 0; draw < ID_DRAWS; draw++) {
      const code = newDeviceCode();
      const now = this.options.now();
      const expiresAt = now + DEVICE_CODE_TTL_MS;
      const saved = await tables.store.saveDeviceCode({ id: deviceCodeId(code), hash: await hashDeviceCode(code), table, seat, issuer: owner, expiresAt, usedAt: null }, now);
      if (saved) return ok({ code, expiresAt });
    }
    return fail('internal', 'no device code could be made right now: try again');
  }

  /**
   * Redeems a code: the seat it was made for is held by `device()` too (the redeeming connection's token, issued now
   * if it has none). Checks in order: this address's rate, the code (which, its tries, right, used, expired), then
   * the seat (still its maker's, not another of this device's).
   */
  async redeem(address: string, code: string, device: () => Promise<TokenHash>): Promise<Result<{ table: TableId; seat: Seat }>> {
    const { tables } = this.options;
    const matches = this.options.matches ?? deviceCodeMatches;
    if (!bucket(this.redeemers, address, this.options.redeemLimit ?? DEFAULT_REDEEM_LIMIT).take())
      return fail('rate-limited', 'too many codes tried from here: wait a little before the next');
    const tried = await tables.store.tryDeviceCode(deviceCodeId(code), DEVICE_CODE_TRIES);
    // One slow hash for every try, whatever its id: how long the answer takes tells nobody which ids are live.
    if (!tried || tried.tries > DEVICE_CODE_TRIES) await matches(code, await (dummy ??= hashDeviceCode(newDeviceCode())));
    if (!tried) return fail('wrong-code', WRONG);
    // Spent: every try counts, right or wrong, so no number of addresses gets more than DEVICE_CODE_TRIES at one code.
    if (tried.tries > DEVICE_CODE_TRIES) return fail('code-expired', 'this code was tried too many times and no longer works: ask for a new one');
    if (!(await matches(code, tried.hash))) return fail('wrong-code', WRONG);
    if (tried.usedAt !== null) return fail('code-used', 'this code was used already: each code works once (ask for a new one)');
    const now = this.options.now();
    if (tried.expiresAt <= now) return fail('code-expired', 'this code has expired (after ten minutes, or when a newer one was made): ask for a new one');
    // Exactly one of several redemptions at once gets it.
    if (!(await tables.store.useDeviceCode(tried.id, tried.hash, now))) return fail('code-used', 'this code was used already: each code works once (ask for a new one)');
    const joined = await tables.run(tried.table, { type: 'add-device', issuer: tried.issuer, seat: tried.seat, device: await device() });
    return joined.ok ? ok({ table: tried.table, seat: tried.seat }) : joined;
  }
}

const WRONG = 'that is not a code this server made: check the characters, or ask for a new code';

function bucket(buckets: Map<string, TokenBucket>, address: string, limit: RateLimit): TokenBucket {
  if (buckets.size > 10_000) buckets.clear(); // a crude bound: forgetting grants a fresh burst, nothing worse
  let b = buckets.get(address);
  if (!b) buckets.set(address, (b = new TokenBucket(limit.perSecond, limit.burst)));
  return b;
}
