// Who is connected to one table, by token (a person may have several tabs) and anonymous spectators.

import type { TokenHash } from '../ids.ts';
import type { TableRecord } from './table.ts';

export class Presence {
  private readonly byOwner = new Map<TokenHash, number>();
  private anonymous = 0;

  connect(owner: TokenHash | null): void {
    if (owner === null) this.anonymous++;
    else this.byOwner.set(owner, (this.byOwner.get(owner) ?? 0) + 1);
  }

  disconnect(owner: TokenHash | null): void {
    if (owner === null) this.anonymous = Math.max(0, this.anonymous - 1);
    else {
      const n = (this.byOwner.get(owner) ?? 0) - 1;
      if (n > 0) this.byOwner.set(owner, n);
      else this.byOwner.delete(owner);
    }
  }

  connected(owner: TokenHash): boolean {
    return this.byOwner.has(owner);
  }

  /** Connections that hold no seat: anonymous ones and tokens seated elsewhere. */
  spectators(record: TableRecord): number {
    let n = this.anonymous;
    for (const [owner, count] of this.byOwner) if (!record.seats.some((s) => s?.owner === owner)) n += count;
    return n;
  }

  /** Nobody is connected. */
  get idle(): boolean {
    return this.anonymous === 0 && this.byOwner.size === 0;
  }
}
