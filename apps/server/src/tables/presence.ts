// Who is connected to one table, by token (a person may have several tabs, on several processes of a cluster)
// and anonymous spectators. Each process reports its own connections; the table's owner adds them up.

import type { TokenHash } from '../ids.ts';
import { holds, type TableRecord } from './table.ts';

/** One process's connections to one table. */
export interface PresenceCounts {
  readonly owners: readonly (readonly [TokenHash, number])[];
  readonly anonymous: number;
}

/** The process key of a server that is not in a cluster (and of the owner's own connections in tests). */
export const THIS_PROCESS = 'local';

export class Presence {
  private readonly byNode = new Map<string, PresenceCounts>();
  /** The sum over processes. */
  private byOwner = new Map<TokenHash, number>();
  private anonymous = 0;

  /** Replaces what one process reports. */
  set(node: string, counts: PresenceCounts): void {
    if (counts.owners.length === 0 && counts.anonymous === 0) this.byNode.delete(node);
    else this.byNode.set(node, counts);
    this.sum();
  }

  /** A process went away: its connections with it. */
  drop(node: string): boolean {
    const had = this.byNode.delete(node);
    if (had) this.sum();
    return had;
  }

  /** One connection more on this process (tests and the single-process path build on these two). */
  connect(owner: TokenHash | null, node = THIS_PROCESS): void {
    this.set(node, adjust(this.byNode.get(node), owner, +1));
  }

  disconnect(owner: TokenHash | null, node = THIS_PROCESS): void {
    this.set(node, adjust(this.byNode.get(node), owner, -1));
  }

  private sum(): void {
    const byOwner = new Map<TokenHash, number>();
    let anonymous = 0;
    for (const counts of this.byNode.values()) {
      anonymous += counts.anonymous;
      for (const [owner, n] of counts.owners) byOwner.set(owner, (byOwner.get(owner) ?? 0) + n);
    }
    this.byOwner = byOwner;
    this.anonymous = anonymous;
  }

  connected(owner: TokenHash): boolean {
    return this.byOwner.has(owner);
  }

  /** Connections that hold no seat: anonymous ones and tokens seated elsewhere. */
  spectators(record: TableRecord): number {
    let n = this.anonymous;
    for (const [owner, count] of this.byOwner) if (!record.seats.some((s) => holds(s, owner))) n += count;
    return n;
  }

  /** Nobody is connected. */
  get idle(): boolean {
    return this.anonymous === 0 && this.byOwner.size === 0;
  }

  /** The processes that report connections here. */
  nodes(): IterableIterator<string> {
    return this.byNode.keys();
  }

  /** What one process reports. */
  of(node: string): PresenceCounts | undefined {
    return this.byNode.get(node);
  }
}

function adjust(counts: PresenceCounts | undefined, owner: TokenHash | null, by: number): PresenceCounts {
  const owners = new Map(counts?.owners ?? []);
  let anonymous = counts?.anonymous ?? 0;
  if (owner === null) anonymous = Math.max(0, anonymous + by);
  else {
    const n = (owners.get(owner) ?? 0) + by;
    if (n > 0) owners.set(owner, n);
    else owners.delete(owner);
  }
  return { owners: [...owners], anonymous };
}
