// Web Push for play over days: when one of a person's decisions opens (or their game ends, or a bot takes their
// seat for good), each of their subscribed devices whose tab is not open and visible gets a notification. A push
// is claimed in the store before it is sent — one row per (table, moment, seat), under the table's fencing epoch
// in a cluster — so it goes out once, whichever process hosts the table and however often it is loaded. Several
// moments for one person within `batchMs` become one digest. A device the push service calls gone (404, 410) is
// forgotten. Pushes are encrypted (RFC 8291, aes128gcm) and signed (VAPID) by the web-push library, and sent only to
// public https hosts, never following a redirect (endpoint.ts). A subscription belongs to the token that first
// subscribed it: no other token takes it over.

import { ECDH } from 'node:crypto';
import type { AnyGame } from '@razzia/contract';
import { PushSubscriptionSchema, VISIBLE_FOR_MS, type PushPayload, type TableId } from '@razzia/protocol';
import webpush from 'web-push';
import type { TokenHash } from '../ids.ts';
import { fail, ok, type Result } from '../result.ts';
import type { PushSubscriptionRecord, Store } from '../store/store.ts';
import { TokenBucket, type RateLimit } from '../socket/rate-limit.ts';
import type { Clock } from '../tables/clock.ts';
import type { Published, TableHost } from '../tables/host.ts';
import { holders, type Decision, type SeatRecord, type Table } from '../tables/table.ts';
import { checkEndpoint, postTo, type EndpointPolicy } from './endpoint.ts';
import type { VapidKeys } from './keys.ts';
import { awaitedWords, timeLeftWords } from './words.ts';

export interface PusherOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly keys: VapidKeys;
  /** VAPID's contact for push services: a mailto: or https: URL. */
  readonly subject: string;
  /** Moments for one person within this many ms go out as one push (a digest when there are several). */
  readonly batchMs: number;
  /** Which endpoints a push may go to (default: public https hosts on port 443, resolved by the system). */
  readonly endpoints?: EndpointPolicy;
  /** New subscriptions per client address (default SUBSCRIBE_LIMIT). */
  readonly subscribeLimit?: RateLimit;
  readonly log?: (fields: Record<string, unknown>, message: string) => void;
}

/** What happened to one person at one table that is worth a push. */
interface Moment {
  readonly kind: 'turn' | 'over' | 'replaced';
  readonly owner: TokenHash;
  /** Every token that holds the seat: its owner's and those of the other devices its person continued on. */
  readonly holders: readonly TokenHash[];
  readonly table: TableId;
  readonly name: string;
  readonly game: AnyGame;
  readonly seat: number;
  /** The store's key of this push (with the table and seat): one push per key. */
  readonly key: string;
  readonly deadline: number | null;
  /** The decision types awaited (a turn): worked out only for a moment that is pushed, not for every decision. */
  readonly awaited: () => readonly string[];
}

/** A person's subscriptions at most: a new one beyond is refused. */
export const MAX_SUBSCRIPTIONS = 20;

/** New subscriptions per client address: 20 at once (a household, a class behind one address), then one a minute.
 * Tokens cost nothing, so the cap per token alone bounds nobody. */
export const SUBSCRIBE_LIMIT: RateLimit = { perSecond: 1 / 60, burst: 20 };

export class Pusher {
  private readonly batches = new Map<TokenHash, { moments: Moment[]; cancel: () => void }>();
  private readonly sending = new Set<Promise<unknown>>();
  /** New subscriptions, per client address. */
  private readonly subscribers = new Map<string, TokenBucket>();
  private stopped = false;

  constructor(private readonly options: PusherOptions) {}

  get publicKey(): string {
    return this.options.keys.publicKey;
  }

  // What a client says -------------------------------------------------------------------------------------

  /** `address`: the client's (the per-address cap on new subscriptions). */
  async subscribe(owner: TokenHash | null, address: string, input: unknown): Promise<Result<object>> {
    if (owner === null) return fail('not-seated', 'pushes are for your seats: take a seat (or open a table) first');
    const parsed = PushSubscriptionSchema.safeParse(input);
    if (!parsed.success) return fail('bad-message', `subscription: ${parsed.error.issues[0]?.message ?? 'not a push subscription'}`);
    const { endpoint, keys } = parsed.data;
    if (!isP256Point(keys.p256dh)) return fail('bad-message', 'subscription.keys.p256dh: not a point of the P-256 curve (an uncompressed public key)');
    const checked = await checkEndpoint(endpoint, this.options.endpoints ?? {});
    if (!checked.ok) return fail('bad-message', `subscription.endpoint: ${checked.reason}`);
    const held = await this.options.store.pushSubscriptions(owner);
    if (!held.some((s) => s.endpoint === endpoint)) {
      if (held.length >= MAX_SUBSCRIPTIONS) return fail('rate-limited', `at most ${MAX_SUBSCRIPTIONS} devices get pushes for one browser's seats: turn one off first`);
      if (this.subscribers.size > 10_000) this.subscribers.clear(); // a crude bound: forgetting grants a fresh burst, nothing worse
      let bucket = this.subscribers.get(address);
      const limit = this.options.subscribeLimit ?? SUBSCRIBE_LIMIT;
      if (!bucket) this.subscribers.set(address, (bucket = new TokenBucket(limit.perSecond, limit.burst)));
      if (!bucket.take()) return fail('rate-limited', 'too many devices subscribed from here: wait a little');
    }
    // The first token to subscribe an endpoint keeps it: another cannot take it over (and silence its owner).
    if (!(await this.options.store.savePushSubscription({ endpoint, owner, p256dh: keys.p256dh, auth: keys.auth }, this.options.clock.now())))
      return fail('not-yours', 'subscription.endpoint: another browser subscribed this device');
    return ok({});
  }

  async unsubscribe(owner: TokenHash | null, endpoint: string): Promise<Result<object>> {
    if (owner !== null) await this.options.store.dropPushSubscription(endpoint, owner);
    return ok({});
  }

  /** A tab of this device is visible (or not any more): no push to it while it is. Unknown endpoints change nothing. */
  async visibility(owner: TokenHash | null, endpoint: string | undefined, visible: boolean): Promise<Result<object>> {
    if (owner !== null && endpoint !== undefined)
      await this.options.store.setPushVisible(endpoint, owner, visible ? this.options.clock.now() + VISIBLE_FOR_MS : 0);
    return ok({});
  }

  // What tables say ------------------------------------------------------------------------------------------

  /** After a stored change: decisions that opened for people, the end of the game, seats handed to a bot. */
  changed(host: TableHost, published: Published): void {
    const { before, after } = published;
    const moments: Moment[] = [];
    const opened = (d: Decision) => !before.record.decisions.some((b) => b.seat === d.seat && b.since === d.since);
    moments.push(...this.turns(host, after, opened));
    if (before.record.status === 'playing' && after.record.status === 'over')
      after.record.seats.forEach((s, seat) => {
        if (s?.owner && !s.bot && this.reachable(s)) moments.push(this.moment(host, after, 'over', seat, 'over', null));
      });
    for (const e of published.entries)
      if (e.kind === 'table' && e.notice.type === 'replaced') {
        const seat = e.notice.seat;
        if (after.record.seats[seat]?.owner && this.reachable(after.record.seats[seat])) moments.push(this.moment(host, after, 'replaced', seat, 'replaced', null));
      }
    this.handle(moments, host.fence);
  }

  /** A table loaded here (a restart, a takeover, the scheduler): its open decisions' pushes, if nobody sent them (the
   * process that stored them may have died first). */
  loaded(host: TableHost): void {
    const table = { record: host.record, setup: null, state: host.state };
    this.handle(this.turns(host, table, () => true), host.fence);
  }

  private turns(host: TableHost, table: Table, which: (d: Decision) => boolean): Moment[] {
    if (table.record.status !== 'playing' || table.state === null) return [];
    return table.record.decisions.flatMap((d) => {
      const s = table.record.seats[d.seat];
      if (!s?.owner || s.bot || s.standIn || !which(d) || !this.reachable(s)) return [];
      const state = table.state;
      const awaited = () => [...new Set((host.game.legal(state, d.seat) as readonly { type?: unknown }[]).map((a) => String(a.type)))];
      return [this.moment(host, table, 'turn', d.seat, `decision/${d.since}`, d.deadline, awaited)];
    });
  }

  /** Might a device of this seat's person be told? No only when the store knows none of its tokens subscribed,
   * without a read: then a decision opening for them costs no work here at all. */
  private reachable(seat: SeatRecord | null | undefined): boolean {
    const may = this.options.store.mayHavePushSubscriptions?.bind(this.options.store);
    return may === undefined || holders(seat).some(may);
  }

  private moment(host: TableHost, table: Table, kind: Moment['kind'], seat: number, key: string, deadline: number | null, awaited: () => readonly string[] = () => []): Moment {
    const record = table.record;
    const s = record.seats[seat];
    return { kind, owner: s?.owner as TokenHash, holders: holders(s), table: record.id, name: record.settings.name, game: host.game, seat, key, deadline, awaited };
  }

  private handle(moments: readonly Moment[], fence: number | undefined): void {
    if (moments.length === 0 || this.stopped) return;
    this.track(
      (async () => {
        for (const m of moments) {
          // Nobody to tell: no claim either (a device subscribed later still hears of a decision still open).
          if ((await this.subscriptions(m.holders)).length === 0) continue;
          if (!(await this.options.store.claimPush(m.table, m.key, m.seat, this.options.clock.now(), fence))) continue;
          this.enqueue(m);
        }
      })(),
    );
  }

  private enqueue(moment: Moment): void {
    if (this.stopped) return;
    const batch = this.batches.get(moment.owner);
    if (batch) return void batch.moments.push(moment);
    const cancel = this.options.clock.after(this.options.batchMs, () => {
      const due = this.batches.get(moment.owner);
      this.batches.delete(moment.owner);
      if (due) this.track(this.send(due.moments));
    });
    this.batches.set(moment.owner, { moments: [moment], cancel });
  }

  private track(work: Promise<unknown>): void {
    const p = work.catch((e: unknown) => this.options.log?.({ err: e instanceof Error ? e.message : String(e) }, 'push failed'));
    this.sending.add(p);
    void p.finally(() => this.sending.delete(p));
  }

  // Sending ----------------------------------------------------------------------------------------------------

  /** The subscriptions of these tokens: a person's devices, each once. */
  private async subscriptions(tokens: readonly TokenHash[]): Promise<PushSubscriptionRecord[]> {
    const all = (await Promise.all([...new Set(tokens)].map((t) => this.options.store.pushSubscriptions(t)))).flat();
    return [...new Map(all.map((s) => [s.endpoint, s])).values()];
  }

  /** One person's moments (a batch), to every device of the seats they are about. */
  private async send(moments: readonly Moment[]): Promise<void> {
    const now = this.options.clock.now();
    const devices = (await this.subscriptions(moments.flatMap((m) => m.holders))).filter((s) => s.visibleUntil <= now);
    if (devices.length === 0) return;
    const turns = moments.filter((m) => m.kind === 'turn');
    const payloads: PushPayload[] = [
      ...(turns.length > 1 ? [this.digest(turns, now)] : turns.map((m) => this.single(m, now, turns.length))),
      ...moments.filter((m) => m.kind !== 'turn').map((m) => this.single(m, now, turns.length)),
    ];
    for (const payload of payloads) await Promise.all(devices.map((device) => this.deliver(device, payload)));
  }

  private single(m: Moment, now: number, count: number): PushPayload {
    const common = { url: `/t/${m.table}`, tag: `razzia-${m.table}`, count, table: m.table, name: m.name, game: m.game.id, seat: m.seat, deadline: m.deadline };
    switch (m.kind) {
      case 'turn': {
        const left = m.deadline === null ? null : timeLeftWords(m.deadline - now);
        const awaited = m.awaited();
        return { type: 'turn', title: `Your turn: ${m.name}`, body: [m.game.name, awaitedWords(awaited), left].filter(Boolean).join(' · '), awaited: [...awaited], ...common };
      }
      case 'over':
        return { type: 'over', title: `Game over: ${m.name}`, body: `${m.game.name}: see how it ended`, ...common };
      case 'replaced':
        return { type: 'replaced', title: `A bot plays for you: ${m.name}`, body: `${m.game.name}: you missed three deadlines in a row`, ...common };
    }
  }

  private digest(turns: readonly Moment[], now: number): PushPayload {
    const soonest = Math.min(...turns.map((m) => m.deadline ?? Infinity));
    const names = turns.map((m) => m.name);
    return {
      type: 'digest',
      title: `${turns.length} tables await your move`,
      body: [names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : ''), Number.isFinite(soonest) ? `the first: ${timeLeftWords(soonest - now)}` : null].filter(Boolean).join(' · '),
      url: '/#my-tables',
      tag: 'razzia-digest',
      count: turns.length,
      tables: turns.slice(0, 50).map((m) => ({ table: m.table, name: m.name, game: m.game.id, seat: m.seat, deadline: m.deadline })),
    };
  }

  private async deliver(device: PushSubscriptionRecord, payload: PushPayload): Promise<void> {
    const { keys, subject } = this.options;
    // Kept by the push service until it can deliver: until the decision's deadline, else a day.
    const ttl = 'deadline' in payload && payload.deadline !== null ? Math.round((payload.deadline - this.options.clock.now()) / 1000) : 86_400;
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: Math.min(28 * 86_400, Math.max(60, ttl)),
      urgency: payload.type === 'turn' || payload.type === 'digest' ? 'high' : 'normal',
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    // Checked again at each send: a name that resolved to a public address then may not now.
    const policy = this.options.endpoints ?? {};
    const checked = await checkEndpoint(device.endpoint, policy);
    if (!checked.ok) return this.options.log?.({ reason: checked.reason }, 'push not sent: the endpoint is not a push service’s');
    let status: number;
    try {
      status = await postTo(checked.endpoint, headers, request.body, 10_000, policy.ca);
    } catch (e) {
      return this.options.log?.({ err: e instanceof Error ? e.message : String(e) }, 'push not delivered: the push service did not answer');
    }
    // Gone: the browser unsubscribed, or the push service expired it.
    if (status === 404 || status === 410) await this.options.store.dropPushSubscription(device.endpoint);
    else if (status >= 400) this.options.log?.({ status }, 'push refused by the push service');
    else if (status >= 300) this.options.log?.({ status }, 'push not delivered: the push service answered with a redirect, which is never followed');
  }

  /** Resolves when every push under way has gone (tests; a stop). */
  async settled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  stop(): void {
    this.stopped = true;
    for (const { cancel } of this.batches.values()) cancel();
    this.batches.clear();
  }
}

/** An uncompressed point of the P-256 curve (65 bytes, 0x04 first), as browsers give `keys.p256dh`. */
function isP256Point(base64url: string): boolean {
  const key = Buffer.from(base64url, 'base64url');
  if (key.length !== 65 || key[0] !== 0x04) return false;
  try {
    ECDH.convertKey(key, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
