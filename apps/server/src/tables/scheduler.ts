// One timer per process for every table that is not in memory: the store indexes each playing table's next wake
// (a clock running out, a bot's turn, a pause's end); the scheduler sleeps until the earliest, then has each due
// table that no host holds here woken (loaded: its host re-arms from the stored deadlines and fires at once).
// Tables in memory keep their own timers; this is what lets an idle table leave memory with its deadlines still
// firing on time.

import type { TableId } from '@razzia/protocol';
import type { Store } from '../store/store.ts';
import type { Clock } from './clock.ts';

export interface SchedulerDeps {
  readonly store: Store;
  readonly clock: Clock;
  /** A host holds this table here (its own timer wakes it). */
  readonly live: (id: TableId) => boolean;
  /** Loads the table where it belongs (here, or in a cluster wherever its lease goes), which wakes it. */
  readonly wake: (id: TableId) => Promise<void>;
  readonly log?: (fields: Record<string, unknown>, message: string) => void;
  /** The longest it sleeps without looking at the store (other processes of a cluster unload tables too). */
  readonly maxSleepMs?: number;
}

/** Tables woken in one round at most (the rest in the next, at once). */
const BATCH = 500;

export class Scheduler {
  private cancel: (() => void) | null = null;
  /** When the timer fires, or null. */
  private at: number | null = null;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: SchedulerDeps) {}

  /** Looks at the store now. */
  start(): void {
    void this.tick();
  }

  /** A table left memory and must be woken at `at`: sleep no longer than that. */
  poke(at: number | null): void {
    if (at === null || this.stopped) return;
    if (this.at === null || at < this.at) this.arm(at);
  }

  private arm(at: number): void {
    this.cancel?.();
    this.at = at;
    this.cancel = this.deps.clock.after(at - this.deps.clock.now(), () => {
      this.cancel = null;
      this.at = null;
      void this.tick();
    });
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        const now = this.deps.clock.now();
        const due = await this.deps.store.dueTables(now, BATCH);
        for (const { id } of due) {
          if (this.stopped) return;
          if (this.deps.live(id)) continue;
          await this.deps.wake(id).catch((e: unknown) => this.deps.log?.({ table: id, err: e instanceof Error ? e.message : String(e) }, 'could not wake a table'));
        }
        if (due.length === BATCH) this.again = true;
        else {
          const next = await this.deps.store.nextWake(now);
          const latest = now + (this.deps.maxSleepMs ?? 60_000);
          if (!this.stopped) this.arm(next === null ? latest : Math.min(next, latest));
        }
      } while (this.again && !this.stopped);
    } catch (e) {
      this.deps.log?.({ err: e instanceof Error ? e.message : String(e) }, 'scheduler: the store did not answer; trying again');
      if (!this.stopped) this.arm(this.deps.clock.now() + 1_000);
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    this.stopped = true;
    this.cancel?.();
    this.cancel = null;
  }
}
