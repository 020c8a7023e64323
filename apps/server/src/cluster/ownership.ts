// The leases this process holds, and how long each is known to run by this process's own monotonic clock. A lease is
// known to run until the moment its last renewal (or its acquisition) was *sent*, plus LEASE_MS: the store's clock
// can only have started it later. A host serves a table (a snapshot, a forwarded command) only while its lease is
// known to run; past that moment — the process stalled, or its renewals were slow — it renews first, and a lease the
// renewal no longer returns was lost: the table goes, before anything stale is served from it.
//
// Also here: noticing a stall of this process (the event loop did not run for a good part of a lease: SIGSTOP, a
// long pause of the machine) so that the process renews at once and lets go of what it lost before it answers.

import type { TableId } from '@razzia/protocol';
import type { Acquired, Leases, NodeId } from '../store/leases.ts';

interface Lease {
  readonly epoch: number;
  /** performance.now() until which it is known to run. */
  until: number;
  /** When it was acquired (resolved): a renewal sent before then may not include it yet. */
  readonly acquired: number;
}

export interface OwnershipOptions {
  readonly node: NodeId;
  readonly store: Leases;
  readonly leaseMs: number;
  /** A lease this process held was found lost (it lapsed and another process took it, or it lapsed). */
  readonly lost: (id: TableId, epoch: number) => void;
  /** The event loop did not run for `ms` (a stall of this process). */
  readonly stalled: (ms: number) => void;
  readonly warn: (fields: Record<string, unknown>, message: string) => void;
}

export class Ownership {
  private readonly leases = new Map<TableId, Lease>();
  private renewing: { promise: Promise<void>; sent: number } | null = null;
  private timers: NodeJS.Timeout[] = [];
  private lastTick = 0;

  constructor(private readonly options: OwnershipOptions) {}

  /** Renews every LEASE_MS / 3 and watches the event loop for stalls. */
  start(): void {
    const { leaseMs } = this.options;
    const renew = setInterval(() => void this.renew().catch((e: unknown) => this.options.warn({ err: String(e) }, 'lease renewal failed')), Math.max(100, Math.round(leaseMs / 3)));
    // A timer that fires late by a good part of a lease: the event loop did not run meanwhile. After SIGCONT, I/O
    // that waited is handled before any timer, which is why serving checks the lease itself (`verified`); this
    // renews at once so what was lost is let go of, and its sockets resynchronised, without waiting for a request.
    const tickMs = Math.max(20, Math.min(100, Math.round(leaseMs / 15)));
    const stallMs = Math.max(250, Math.round(leaseMs / 3));
    this.lastTick = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      const gap = now - this.lastTick - tickMs;
      this.lastTick = now;
      if (gap < stallMs) return;
      this.options.stalled(Math.round(gap));
      void this.renew().catch(() => undefined);
    }, tickMs);
    for (const timer of [renew, tick]) timer.unref();
    this.timers.push(renew, tick);
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** Takes a table nobody holds a running lease on (see Leases.acquire). */
  async acquire(id: TableId): Promise<Acquired | null> {
    const sent = performance.now();
    const acquired = await this.options.store.acquire(id, this.options.node, this.options.leaseMs);
    if (acquired) this.leases.set(id, { epoch: acquired.epoch, until: sent + this.options.leaseMs, acquired: performance.now() });
    return acquired;
  }

  /** Ends a lease now (see Leases.release); it is no longer this process's, whatever the store says. */
  async release(id: TableId, epoch: number, handOver: boolean): Promise<void> {
    if (this.leases.get(id)?.epoch === epoch) this.leases.delete(id);
    await this.options.store.release(id, this.options.node, epoch, handOver);
  }

  /** This process no longer hosts the table (lost, fenced, dropped): its lease is not renewed on its behalf. */
  forget(id: TableId, epoch: number): void {
    if (this.leases.get(id)?.epoch === epoch) this.leases.delete(id);
  }

  /** Whether this process's lease of the table under `epoch` is known to run now. */
  holds(id: TableId, epoch: number): boolean {
    const lease = this.leases.get(id);
    return lease !== undefined && lease.epoch === epoch && lease.until > performance.now();
  }

  /** Whether the lease runs: known now, or after a renewal sent from now on (which drops it if it was lost). */
  async verified(id: TableId, epoch: number): Promise<boolean> {
    if (this.holds(id, epoch)) return true;
    // A renewal under way was sent before now: it may not reach far enough. Wait for it, then for one sent after it
    // (joined if another caller started it meanwhile).
    if (this.renewing) await this.renewing.promise.catch(() => undefined);
    if (this.holds(id, epoch)) return true;
    if (this.leases.get(id)?.epoch !== epoch) return false;
    // Any renewal now under way started after the one awaited above ended: after this call began.
    await this.renew().catch(() => undefined);
    return this.holds(id, epoch);
  }

  /** Tables whose lease is known to run now: what this process truly owns (for /healthz). */
  owned(): TableId[] {
    const now = performance.now();
    return [...this.leases].filter(([, l]) => l.until > now).map(([id]) => id);
  }

  /**
   * Extends every lease this process holds, in one statement on a connection of its own (never queued behind the
   * tables' traffic). One at a time: a caller while one is under way waits for that one. A lease the store no longer
   * returns was lost; one acquired after the renewal was sent is left for the next.
   */
  renew(): Promise<void> {
    if (this.renewing) return this.renewing.promise;
    const sent = performance.now();
    const promise = (async () => {
      try {
        const held = await this.options.store.renew(this.options.node, this.options.leaseMs);
        for (const [id, lease] of [...this.leases]) {
          if (held.get(id) === lease.epoch) lease.until = Math.max(lease.until, sent + this.options.leaseMs);
          else if (lease.acquired < sent) {
            this.leases.delete(id);
            this.options.lost(id, lease.epoch);
          }
        }
      } finally {
        this.renewing = null;
      }
    })();
    this.renewing = { promise, sent };
    return promise;
  }
}
