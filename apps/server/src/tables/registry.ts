// Every table this process hosts: creates them, finds them (loading them from the store on demand and rebuilding
// the game by replaying its moves), restores the live ones after a restart, and keeps the public lobby.

import { searchable } from '@razzia/bots';
import { stepAll } from '@razzia/contract';
import { seedFrom } from '@razzia/contract/fair';
import type { LobbyEntry, TableId, TableInfo, TableSettings } from '@razzia/protocol';
import { GameCatalog, rulesetOf } from '../games.ts';
import { newSecretSeed, newTableId, type TokenHash } from '../ids.ts';
import { fail, ok, type Result } from '../result.ts';
import type { Store } from '../store/store.ts';
import { newTable } from './decide.ts';
import { RECENT_KEPT, TableHost, type HostDeps, type TableListener } from './host.ts';
import { tableInfo } from './views.ts';

export type RegistryOptions = Omit<HostDeps, 'listener'> & {
  readonly games: GameCatalog;
  /** In a cluster: takes the lease of a table this process just created, returning its epoch (null: another process
   * holds it already). */
  readonly claim?: (id: TableId) => Promise<number | null>;
  /** In a cluster: gives up the lease of a table unloaded here (nobody needs to own it until asked). */
  readonly release?: (table: TableHost) => void;
  /** A playing table left memory, to be woken from the store at `wakeAt` (the scheduler's cue). */
  readonly unloaded?: (id: TableId, wakeAt: number | null) => void;
  /** A table was loaded from the store (restart, takeover, on demand, by the scheduler). */
  readonly loaded?: (table: TableHost) => void;
};

/** When idle tables leave memory (sweep): waiting ones nobody watched for `waitingMs`; playing ones nobody watched
 * for `idleMs` with nothing due within `horizonMs` (the scheduler wakes them from the store when it is due). */
export interface SweepLimits {
  readonly waitingMs: number;
  readonly idleMs: number;
  readonly horizonMs: number;
  /** Finished tables stay this long after their last watcher left (absent: 0). */
  readonly finishedMs?: number;
}

export const DEFAULT_SWEEP: SweepLimits = { waitingMs: 24 * 3600_000, idleMs: 60_000, horizonMs: 120_000 };

export class TableRegistry {
  private readonly tables = new Map<TableId, TableHost>();
  private readonly loading = new Map<TableId, Promise<TableHost | null>>();
  private listener: TableListener | null = null;

  constructor(private readonly options: RegistryOptions) {}

  /** Must be set (by the gateway) before any table is created or loaded. */
  listen(listener: TableListener): void {
    this.listener = listener;
  }

  private deps(): HostDeps {
    if (!this.listener) throw new Error('TableRegistry: no listener set');
    return { ...this.options, listener: this.listener };
  }

  get games(): GameCatalog {
    return this.options.games;
  }

  get store(): Store {
    return this.options.store;
  }

  /** Loads every waiting table (the lobby's) and every playing live one, re-arming bots and clocks (their deadlines
   * are absolute). Tables played over days stay in the store: the scheduler loads each when it is due, and anyone
   * opening it loads it at once. */
  async restoreActive(): Promise<number> {
    for (const id of await this.options.store.liveTableIds()) {
      // One table this release cannot host (a ruleset it no longer has) does not keep the others from being served.
      await this.get(id).catch((e: unknown) => this.options.log?.({ table: id, error: e instanceof Error ? e.message : String(e) }, 'table not restored'));
    }
    return this.tables.size;
  }

  /** Settings a table may be opened with: a game of this server, a player count it allows, its options. */
  check(settings: TableSettings): Result<TableSettings> {
    const game = this.options.games.get(settings.game);
    if (!game) return fail('bad-message', `game: there is no game ${JSON.stringify(settings.game)} here (GET /api/games lists them)`);
    if (settings.players < game.seats.min || settings.players > game.seats.max)
      return fail('bad-message', `players: ${game.name} is for ${game.seats.min} to ${game.seats.max} players, not ${settings.players}`);
    const options = game.schemas.options.safeParse(settings.options);
    if (!options.success) return fail('bad-message', `options: not options of ${game.name}`);
    // A hint is a searching bot's advice: only a game whose hidden part can be sampled can give one.
    if (settings.hints && !searchable(game)) return fail('bad-message', `hints: ${game.name} cannot give hints`);
    if (settings.replaceAfterMisses && settings.clock === null) return fail('bad-message', 'replaceAfterMisses: a table without a clock has no deadlines to miss');
    return ok({ ...settings, options: options.data as Record<string, unknown> });
  }

  async create(settings: TableSettings, host: TokenHash): Promise<Result<TableHost>> {
    const checked = this.check(settings);
    if (!checked.ok) return checked;
    const game = this.options.games.get(settings.game);
    if (!game) return fail('bad-message', 'no such game');
    // The fair draws' seed, from the server's randomness (its CSPRNG): only its commitment goes into the record.
    const fairSeed = seedFrom(this.options.random);
    const record = newTable(newTableId(), checked.value, host, this.options.clock.now(), newSecretSeed(), fairSeed, rulesetOf(game));
    await this.options.store.createTable(record, [], fairSeed);
    const fence = this.options.claim ? await this.options.claim(record.id) : undefined;
    if (fence === null) throw new Error(`could not take the lease of the new table ${record.id}`);
    const table = new TableHost(game, { record, setup: null, state: null, fairSeed }, [], this.deps(), fence);
    this.tables.set(table.id, table);
    this.listener?.lobbyChanged();
    return ok(table);
  }

  /** The table, from memory or the store; null if there is no such table. */
  get(id: TableId): Promise<TableHost | null> {
    const live = this.tables.get(id);
    if (live) return Promise.resolve(live);
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** A table's public info without loading it: from its host here, or else from its stored record (nobody is
   * connected to a table no host holds). "My tables" asks this of every table a browser sits at. */
  async info(id: TableId): Promise<TableInfo | null> {
    const live = this.tables.get(id);
    if (live) return live.info();
    const loaded = await this.options.store.load(id);
    if (!loaded) return null;
    return tableInfo(loaded.record, { connected: () => false, spectators: () => 0 }, this.options.clock.now());
  }

  /** Already in memory (no store read). */
  live(id: TableId): TableHost | undefined {
    return this.tables.get(id);
  }

  /** Loads a table this process has just taken the lease of (a cluster), appending under `epoch`. */
  adopt(id: TableId, epoch: number): Promise<TableHost | null> {
    this.drop(id);
    const pending = this.load(id, epoch).finally(() => this.loading.delete(id));
    this.loading.set(id, pending);
    return pending;
  }

  /** Forgets a table here (it stays in the store): its timers stop. */
  drop(id: TableId): TableHost | undefined {
    const table = this.tables.get(id);
    if (!table) return undefined;
    table.dispose();
    this.tables.delete(id);
    return table;
  }

  private async load(id: TableId, fence?: number): Promise<TableHost | null> {
    const loaded = await this.options.store.load(id);
    if (!loaded) return null;
    const { record, setup, moves, fairSeed } = loaded;
    // The rules it started under, to its end (GameDef.ruleset).
    const game = this.options.games.forTable(record);
    if (!game) throw new Error(`table ${id}: this release does not host ruleset ${record.ruleset ?? 1} of ${record.settings.game}`);
    let state: unknown = null;
    if (setup !== null) {
      const started = game.start(setup);
      if (!started.ok) throw new Error(`table ${id}: stored deal is invalid: ${started.error}`);
      // The game is rebuilt by replaying every stored move through the rules.
      state = stepAll(game, started.state, moves);
    }
    const recent = await this.options.store.readLog(id, Math.max(0, record.seq - RECENT_KEPT));
    const table = new TableHost(game, { record, setup, state, fairSeed }, recent, this.deps(), fence);
    this.tables.set(id, table);
    this.options.loaded?.(table);
    return table;
  }

  /**
   * After the end, anyone seated may ask for a rematch: a new table with the same seats and host, named after the
   * finished one with the next number ("Friday night (2)", then "(3)": `rematchName`). The finished table decides
   * it once, as one of its commands, and the new table is created by the very step that stores that decision
   * (fenced like every append in a cluster): asking again, a retried request, or a stale owner of the old table
   * never opens a second one.
   */
  async rematch(table: TableHost, owner: TokenHash | null): Promise<Result<{ table: TableId }>> {
    const proposed = newTableId();
    const newest = this.options.games.get(table.record.settings.game);
    const decided = await table.run({
      type: 'rematch',
      owner,
      table: proposed,
      botSeed: newSecretSeed(),
      fairSeed: seedFrom(this.options.random),
      ...(newest ? { ruleset: rulesetOf(newest) } : {}),
    });
    if (!decided.ok) return decided;
    const id = (decided.value as { table: TableId }).table;
    // Opened by this request: hosted here at once, like a table created here (the lobby lists it).
    if (id === proposed) {
      await this.opened(id);
      this.listener?.lobbyChanged();
    }
    return ok({ table: id });
  }

  /** Hosts a table a command here has just created in the store: in a cluster, under a lease of its own. */
  private async opened(id: TableId): Promise<void> {
    if (!this.options.claim) return void (await this.get(id));
    const fence = await this.options.claim(id);
    // Null: another process took it first (someone followed the rematch's link at once): it is hosted there.
    if (fence !== null) await this.adopt(id, fence);
  }

  /**
   * Unloads tables nobody needs in memory: finished ones nobody has watched for `finishedMs`, waiting ones nobody
   * has watched for `waitingMs`, and playing ones nobody has watched for `idleMs` whose next wake (a clock, a bot)
   * is more than `horizonMs` away. They stay in the store; `get` loads them again on demand, and the scheduler when
   * they are due. In a cluster an unloaded table's lease is released: nobody owns it until asked for it (and a
   * table just taken over is not unloaded before the processes that follow it have reported).
   */
  sweep(now: number, limits: SweepLimits = DEFAULT_SWEEP): number {
    let unloaded = 0;
    for (const [id, table] of this.tables) {
      if (!table.idle) continue;
      if (table.status === 'waiting' && now - table.lastActivity() < limits.waitingMs) continue;
      if (table.status === 'over' && now - table.lastActivity() < (limits.finishedMs ?? 0)) continue;
      if (table.status === 'playing' && !table.unloadable(now, limits.idleMs, limits.horizonMs)) continue;
      table.dispose();
      this.tables.delete(id);
      this.options.release?.(table);
      if (table.status === 'playing') this.options.unloaded?.(id, table.wakeAt());
      unloaded++;
    }
    if (unloaded > 0) this.listener?.lobbyChanged();
    return unloaded;
  }

  lobby(): LobbyEntry[] {
    const entries: LobbyEntry[] = [];
    for (const table of this.tables.values())
      if (table.record.settings.visibility === 'public' && table.status !== 'over') entries.push(table.lobbyEntry());
    return entries.sort((a, b) => Number(a.status === 'playing') - Number(b.status === 'playing'));
  }

  all(): IterableIterator<TableHost> {
    return this.tables.values();
  }

  get size(): number {
    return this.tables.size;
  }

  /** Tables in memory: live ones (waiting or playing) and finished ones still watched (chat, rematch) apart. */
  counts(): { live: number; finished: number } {
    let finished = 0;
    for (const table of this.tables.values()) if (table.status === 'over') finished++;
    return { live: this.tables.size - finished, finished };
  }

  dispose(): void {
    for (const table of this.tables.values()) table.dispose();
  }

  /** Resolves when every command under way has finished (stored and published). */
  async settled(): Promise<void> {
    await Promise.all([...this.tables.values()].map((t) => t.settled()));
  }
}

export { rematchName } from './decide.ts';
