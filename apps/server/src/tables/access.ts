// How the gateway and the HTTP routes reach a table, wherever it is hosted: in this process (LocalTables, the
// single-process server), or in whichever process of a cluster owns it (cluster/cluster.ts). Every operation
// answers a value; a table that does not exist is the `no-such-table` refusal.

import type { LobbyEntry, Snapshot, TableId, TableInfo, TableSettings } from '@razzia/protocol';
import type { GameCatalog } from '../games.ts';
import type { TokenHash } from '../ids.ts';
import { fail, ok, type Result } from '../result.ts';
import type { Store } from '../store/store.ts';
import type { Command } from './decide.ts';
import type { TableHost } from './host.ts';
import { THIS_PROCESS, type PresenceCounts } from './presence.ts';
import type { TableRegistry } from './registry.ts';

export interface GameRecord {
  readonly game: string;
  readonly record: Record<string, unknown>;
}

export interface TableAccess {
  readonly games: GameCatalog;
  /** Token hashes: shared by every process. */
  readonly store: Store;
  create(settings: TableSettings, host: TokenHash): Promise<Result<TableInfo>>;
  run(id: TableId, command: Command): Promise<Result<object>>;
  /** What `owner` needs to draw the table (all of it, or what a client at `since` missed), taken between two
   * commands. */
  snapshot(id: TableId, owner: TokenHash | null, since?: number): Promise<Result<Snapshot>>;
  info(id: TableId): Promise<Result<TableInfo>>;
  record(id: TableId): Promise<Result<GameRecord>>;
  rematch(id: TableId, owner: TokenHash | null): Promise<Result<{ table: TableId }>>;
  /** This process's connections to the table changed (the gateway counts them). */
  presence(id: TableId, counts: PresenceCounts): void;
  /** The first of this process's connections starts following a table: its updates must reach this process. */
  follow(id: TableId): Promise<void>;
  unfollow(id: TableId): void;
  /** A table not in memory is due (a clock, a bot): load it where it belongs, which wakes it. */
  wakeUp(id: TableId): Promise<void>;
  lobby(): LobbyEntry[];
  /** For /healthz: who owns what. */
  health(): Record<string, unknown>;
}

const noSuchTable = (id: TableId) => fail<never>('no-such-table', `there is no table ${id}`);

/** Snapshots are taken between two commands, so no update can slip between them and what follows. */
export function snapshotOf(table: TableHost, owner: TokenHash | null, since?: number): Promise<Snapshot> {
  return table.serialized(() => table.snapshot(owner, since));
}

export async function recordOf(table: TableHost): Promise<Result<GameRecord>> {
  const record = await table.gameRecord();
  return record.ok ? ok({ game: table.game.id, record: record.value }) : record;
}

/** Every table in this process: the single-process server (SQLite or PostgreSQL). */
export class LocalTables implements TableAccess {
  /** Presence reported for tables still loading: the newest counts win. */
  private readonly waiting = new Map<TableId, PresenceCounts>();

  constructor(readonly registry: TableRegistry) {}

  get games(): GameCatalog {
    return this.registry.games;
  }

  get store(): Store {
    return this.registry.store;
  }

  async create(settings: TableSettings, host: TokenHash): Promise<Result<TableInfo>> {
    const created = await this.registry.create(settings, host);
    return created.ok ? ok(created.value.info()) : created;
  }

  private async with<T>(id: TableId, fn: (table: TableHost) => Promise<Result<T>>): Promise<Result<T>> {
    const table = await this.registry.get(id);
    return table ? fn(table) : noSuchTable(id);
  }

  run(id: TableId, command: Command): Promise<Result<object>> {
    return this.with(id, (t) => t.run(command));
  }

  snapshot(id: TableId, owner: TokenHash | null, since?: number): Promise<Result<Snapshot>> {
    return this.with(id, async (t) => ok(await snapshotOf(t, owner, since)));
  }

  async info(id: TableId): Promise<Result<TableInfo>> {
    const info = await this.registry.info(id);
    return info ? ok(info) : noSuchTable(id);
  }

  record(id: TableId): Promise<Result<GameRecord>> {
    return this.with(id, recordOf);
  }

  rematch(id: TableId, owner: TokenHash | null): Promise<Result<{ table: TableId }>> {
    return this.with(id, (t) => this.registry.rematch(t, owner));
  }

  presence(id: TableId, counts: PresenceCounts): void {
    const live = this.registry.live(id);
    if (live) {
      this.waiting.delete(id);
      return live.setPresence(THIS_PROCESS, counts);
    }
    const first = !this.waiting.has(id);
    this.waiting.set(id, counts);
    if (first)
      void this.registry.get(id).then((t) => {
        const newest = this.waiting.get(id);
        this.waiting.delete(id);
        if (t && newest) t.setPresence(THIS_PROCESS, newest);
      });
  }

  async follow(): Promise<void> {}

  unfollow(): void {}

  async wakeUp(id: TableId): Promise<void> {
    await this.registry.get(id);
  }

  lobby(): LobbyEntry[] {
    return this.registry.lobby();
  }

  health(): Record<string, unknown> {
    const { live, finished } = this.registry.counts();
    return { tables: live, finished };
  }
}
