// Every table of this server: creates them, finds them (loading finished ones from the store on demand),
// restores the live ones after a restart, and keeps the public lobby.

import type { LobbyEntry, TableId, TableSettings } from '@razzia/protocol';
import { newTableId, type TokenHash } from '../ids.ts';
import { fail, ok, type Result } from '../result.ts';
import type { Store } from '../store/store.ts';
import { TableAuthority, type TableDeps, type TableListener } from './authority.ts';
import type { Clock } from './clock.ts';

export interface RegistryOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly botDelayMs: number;
  readonly log?: TableDeps['log'];
  /** Tells the gateway the lobby changed (it throttles and sends). */
  readonly lobbyChanged: () => void;
}

export class TableRegistry {
  private readonly tables = new Map<TableId, TableAuthority>();
  private listener: TableListener | null = null;

  constructor(private readonly options: RegistryOptions) {}

  /** Must be set (by the gateway) before any table is created or loaded. */
  listen(listener: TableListener): void {
    this.listener = listener;
  }

  private deps(): TableDeps {
    if (!this.listener) throw new Error('TableRegistry: no listener set');
    const { store, clock, botDelayMs, log, lobbyChanged } = this.options;
    return { store, clock, botDelayMs, listener: this.listener, lobbyChanged, ...(log ? { log } : {}) };
  }

  /** Loads every waiting or playing table, re-arming bots and clocks. */
  restoreActive(): number {
    for (const id of this.options.store.activeTableIds()) this.get(id);
    return this.tables.size;
  }

  create(settings: TableSettings, host: TokenHash): TableAuthority {
    const table = TableAuthority.create(newTableId(), settings, host, this.deps());
    this.tables.set(table.id, table);
    this.options.lobbyChanged();
    return table;
  }

  get(id: TableId): TableAuthority | null {
    const live = this.tables.get(id);
    if (live) return live;
    const loaded = this.options.store.load(id);
    if (!loaded) return null;
    const table = TableAuthority.restore(loaded, this.deps());
    this.tables.set(id, table);
    return table;
  }

  /** After the end, anyone seated may ask for a rematch: a new table with the same seats and host. */
  rematch(table: TableAuthority, owner: TokenHash | null): Result<{ table: TableId }> {
    if (table.status !== 'over') return fail('not-over', 'a rematch can be asked for once the game is over');
    if (table.seatOf(owner) === null) return fail('not-seated', 'only players of this game can ask for a rematch');
    if (table.rematch) return ok({ table: table.rematch });
    const next = TableAuthority.create(newTableId(), table.settings(), table.host(), this.deps());
    this.tables.set(next.id, next);
    next.seatAll(table.seatRecords());
    table.setRematch(next.id);
    this.options.lobbyChanged();
    return ok({ table: next.id });
  }

  /**
   * Unloads tables nobody needs in memory: finished ones nobody watches, and waiting ones nobody has watched
   * for `waitingMs`. They stay in the store; `get` loads them again on demand. Playing tables stay: their
   * bots and clocks run.
   */
  sweep(now: number, waitingMs: number): number {
    let unloaded = 0;
    for (const [id, table] of this.tables) {
      if (!table.idle || table.status === 'playing') continue;
      if (table.status === 'waiting' && now - table.lastActive() < waitingMs) continue;
      table.dispose();
      this.tables.delete(id);
      unloaded++;
    }
    if (unloaded > 0) this.options.lobbyChanged();
    return unloaded;
  }

  lobby(): LobbyEntry[] {
    const entries: LobbyEntry[] = [];
    for (const table of this.tables.values())
      if (table.isPublic && table.status !== 'over') entries.push(table.lobbyEntry());
    return entries.sort((a, b) => Number(a.status === 'playing') - Number(b.status === 'playing'));
  }

  all(): IterableIterator<TableAuthority> {
    return this.tables.values();
  }

  get size(): number {
    return this.tables.size;
  }

  dispose(): void {
    for (const table of this.tables.values()) table.dispose();
  }
}
