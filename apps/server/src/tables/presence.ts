// Who is connected to one table, by token (a person may have several tabs, on several processes of a cluster)
// and anonymous spectators. Each process reports its own connections; the table's owner adds them up.

import type { TokenHash } from '../ids.ts';
import { holders, type TableRecord } from './table.ts';

/** One process's connections to one table. */
export interface PresenceCounts {
  readonly owners: readonly (readonly [TokenHash, number])[];
  readonly anonymous: number;
}

/** The process key of a server that is not in a cluster (and of the owner's own connections in tests). */
export const THIS_PROCESS = 'local';

export class Presence {
  private readonly byNode = new Map<string, PresenceCounts>();
  /** The sum over processes, kept as reports come (a report changes only its own process's part: a burst of
   * joins must not cost a pass over every connection each). */
  private readonly byOwner = new Map<TokenHash, number>();
  private total = 0;

  /** Replaces what one process reports. */
  set(node: string, counts: PresenceCounts): void {
    this.add(this.byNode.get(node), -1);
    if (counts.owners.length === 0 && counts.anonymous === 0) this.byNode.delete(node);
    else this.byNode.set(node, counts);
    this.add(counts, +1);
  }

  /** A process went away: its connections with it. */
  drop(node: string): boolean {
    const counts = this.byNode.get(node);
    if (!counts) return false;
    this.byNode.delete(node);
    this.add(counts, -1);
    return true;
  }

  /** One connection more on this process (tests and the single-process path build on these two). */
  connect(owner: TokenHash | null, node = THIS_PROCESS): void {
    this.set(node, adjust(this.byNode.get(node), owner, +1));
  }

  disconnect(owner: TokenHash | null, node = THIS_PROCESS): void {
    this.set(node, adjust(this.byNode.get(node), owner, -1));
  }

  private add(counts: PresenceCounts | undefined, sign: 1 | -1): void {
    if (!counts) return;
    this.total += sign * counts.anonymous;
    for (const [owner, n] of counts.owners) {
      const left = (this.byOwner.get(owner) ?? 0) + sign * n;
      if (left > 0) this.byOwner.set(owner, left);
      else this.byOwner.delete(owner);
      this.total += sign * n;
    }
  }

  connected(owner: TokenHash): boolean {
    return this.byOwner.has(owner);
  }

  /** Connections that hold no seat: anonymous ones and tokens seated elsewhere. */
  spectators(record: TableRecord): number {
    // Every token that holds a seat (its owner's and its other devices'), each once: a person in two seats (tests
    // do it) counts once.
    const seated = new Set(record.seats.flatMap(holders));
    let n = 0;
    for (const owner of seated) n += this.byOwner.get(owner) ?? 0;
    return this.total - n;
  }

  /** Nobody is connected. */
  get idle(): boolean {
    return this.total === 0;
  }

  /** How many connections each process reports here (for an operator: why a table is still watched). */
  byProcess(): Record<string, number> {
    const counted: Record<string, number> = {};
    for (const [node, counts] of this.byNode) counted[node] = counts.anonymous + counts.owners.reduce((a, [, n]) => a + n, 0);
    return counted;
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
