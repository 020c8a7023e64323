// SQLite through better-sqlite3: one file under DATA_DIR, WAL journal, every change one transaction. The embedded
// default: one process, no set-up. Synchronous underneath, behind the asynchronous Store interface.

import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CORRESPONDENCE_CLOCK, type TableId } from '@razzia/protocol';
import type { TokenHash } from '../ids.ts';
import type { StoredEntry, StoredMove, TableRecord } from '../tables/table.ts';
import { StartRefused } from '../refusal.ts';
import type { SchemaState } from './schema.ts';
import { migrateSqlite } from './sqlite-migrate.ts';
import { DEVICE_CODES_KEPT_MS, StoreConflict, unrevealed, type LoadedTable, type PushSubscriptionRecord, type Store, type StoredDeviceCode, type TableChange, type Wake } from './store.ts';

interface DeviceCodeRow {
  id: string;
  hash: string;
  table_id: string;
  seat: number;
  issuer: string;
  expires_at: number;
  used_at: number | null;
  tries: number;
}

export interface SqliteOptions {
  /** 'NORMAL' (default) survives a crash of the process, which is what kill -9 tests; 'FULL' also survives
   * a crash of the machine, at the cost of an fsync per action. */
  readonly synchronous?: 'NORMAL' | 'FULL';
}

/** Creates the data directory if need be, or says plainly why the database cannot live there (in a container: a
 * bind mount owned by another user than the server's, or a database file root left behind), rather than SQLite's
 * SQLITE_CANTOPEN or "attempt to write a readonly database". */
function writableDir(dataDir: string, file: string): void {
  const who = process.getuid ? ` by this process (uid ${process.getuid()})` : '';
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (e) {
    throw new StartRefused(`the data directory ${dataDir} (DATA_DIR) is not writable${who}: ${e instanceof Error ? e.message : String(e)}`);
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync(path)) continue;
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch {
      throw new StartRefused(`the database file ${path} is not writable${who}: give it to the user the server runs as`);
    }
  }
}

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly stmts;
  private readonly appendTx: (change: TableChange) => void;
  private readonly createTx: (record: TableRecord, entries: readonly StoredEntry[], fairSeed: string | null) => void;
  private readonly saveCodeTx: (code: StoredDeviceCode, now: number) => boolean;
  /** Who holds a push subscription, or did (a superset): one process owns this file, so someone not in it holds
   * none, and a decision opening for them costs no read. Most people never subscribe. */
  private readonly subscribed: Set<string>;

  /** The file's schema level and this release's (store/schema.ts). */
  readonly schema: SchemaState;

  constructor(dataDir: string, options: SqliteOptions = {}) {
    const file = join(dataDir, 'razzia.sqlite');
    writableDir(dataDir, file);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
    this.db.pragma('foreign_keys = ON');
    try {
      this.schema = migrateSqlite(this.db, `the SQLite database ${file}`);
    } catch (e) {
      this.db.close();
      throw e;
    }
    this.subscribed = new Set(this.db.prepare<[], string>('SELECT DISTINCT owner FROM push_subscriptions').pluck().all());
    this.stmts = {
      insertTable: this.db.prepare(
        'INSERT INTO tables (id, status, record, seq, version, created_at, fair_seed) VALUES (@id, @status, @record, @seq, @version, @createdAt, @fairSeed)',
      ),
      // The status apart, written only when it changes: an UPDATE that sets an indexed column rewrites its index
      // entry even when the value stays the same, one more page in the write-ahead log per move.
      updateTable: this.db.prepare(
        'UPDATE tables SET record = @record, seq = @seq, version = @version WHERE id = @id AND seq = @expectedSeq',
      ),
      // A finished game's seed, revealed where its record lacks it (store.ts `unrevealed`); only the seed changes.
      reveal: this.db.prepare(
        "UPDATE tables SET record = json_set(record, '$.fair.seed', fair_seed) WHERE id = ? AND status = 'over' AND fair_seed IS NOT NULL AND json_type(record, '$.fair.seed') = 'null'",
      ),
      setStatus: this.db.prepare('UPDATE tables SET status = @status WHERE id = @id AND status != @status'),
      // Apart too, and only when it changes, for the same reason (an indexed column).
      setWake: this.db.prepare('UPDATE tables SET wake_at = @wakeAt WHERE id = @id AND wake_at IS NOT @wakeAt'),
      due: this.db.prepare<[number, number], { id: string; wake_at: number }>(
        "SELECT id, wake_at FROM tables WHERE status = 'playing' AND wake_at IS NOT NULL AND wake_at <= ? ORDER BY wake_at LIMIT ?",
      ),
      nextWake: this.db.prepare<[number], { at: number | null }>(
        "SELECT min(wake_at) AS at FROM tables WHERE status = 'playing' AND wake_at IS NOT NULL AND wake_at > ?",
      ),
      getKey: this.db.prepare<[string], { value: string }>('SELECT value FROM server_keys WHERE name = ?'),
      putKey: this.db.prepare('INSERT OR IGNORE INTO server_keys (name, value) VALUES (?, ?)'),
      saveSub: this.db.prepare(
        `INSERT INTO push_subscriptions (endpoint, owner, p256dh, auth, created_at) VALUES (@endpoint, @owner, @p256dh, @auth, @now)
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth WHERE push_subscriptions.owner = excluded.owner`,
      ),
      dropSub: this.db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?'),
      dropOwnSub: this.db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ? AND owner = ?'),
      subs: this.db.prepare<[string], { endpoint: string; owner: string; p256dh: string; auth: string; visible_until: number }>(
        'SELECT endpoint, owner, p256dh, auth, visible_until FROM push_subscriptions WHERE owner = ? ORDER BY created_at',
      ),
      setVisible: this.db.prepare('UPDATE push_subscriptions SET visible_until = ? WHERE endpoint = ? AND owner = ?'),
      claimPush: this.db.prepare('INSERT OR IGNORE INTO push_sent (table_id, moment, seat, sent_at) VALUES (?, ?, ?, ?)'),
      insertMove: this.db.prepare('INSERT INTO moves (table_id, idx, move) VALUES (?, ?, ?)'),
      insertLog: this.db.prepare('INSERT INTO log (table_id, seq, entry) VALUES (?, ?, ?)'),
      setSetup: this.db.prepare('UPDATE tables SET setup = ? WHERE id = ? AND setup IS NULL'),
      table: this.db.prepare<[string], { record: string; setup: string | null; fair_seed: string | null }>('SELECT record, setup, fair_seed FROM tables WHERE id = ?'),
      moves: this.db.prepare<[string], { move: string }>('SELECT move FROM moves WHERE table_id = ? ORDER BY idx'),
      log: this.db.prepare<[string, number, number], { entry: string }>(
        'SELECT entry FROM log WHERE table_id = ? AND seq > ? ORDER BY seq LIMIT ?',
      ),
      live: this.db.prepare<[number], { id: string }>(
        "SELECT id FROM tables WHERE status = 'waiting' OR (status = 'playing' AND coalesce(json_extract(record, '$.settings.clock'), 0) < ?) ORDER BY created_at",
      ),
      issueToken: this.db.prepare('INSERT OR IGNORE INTO tokens (hash, issued_at) VALUES (?, ?)'),
      hasToken: this.db.prepare<[string], { one: number }>('SELECT 1 AS one FROM tokens WHERE hash = ?'),
      expireSeatCodes: this.db.prepare(
        'UPDATE device_codes SET expires_at = @now WHERE table_id = @table AND seat = @seat AND used_at IS NULL AND expires_at > @now',
      ),
      forgetCodes: this.db.prepare('DELETE FROM device_codes WHERE expires_at <= ?'),
      freeCodeId: this.db.prepare('DELETE FROM device_codes WHERE id = ? AND expires_at <= ?'),
      insertCode: this.db.prepare(
        `INSERT INTO device_codes (id, hash, table_id, seat, issuer, expires_at, used_at) VALUES (@id, @hash, @table, @seat, @issuer, @expiresAt, NULL)
         ON CONFLICT (id) DO NOTHING`,
      ),
      tryCode: this.db.prepare<[number, string], DeviceCodeRow>('UPDATE device_codes SET tries = MIN(tries + 1, ?) WHERE id = ? RETURNING *'),
      useCode: this.db.prepare('UPDATE device_codes SET used_at = @now WHERE id = @id AND hash = @hash AND used_at IS NULL AND expires_at > @now'),
    };
    this.saveCodeTx = this.db.transaction((code: StoredDeviceCode, now: number): boolean => {
      this.stmts.expireSeatCodes.run({ now, table: code.table, seat: code.seat });
      this.stmts.forgetCodes.run(now - DEVICE_CODES_KEPT_MS);
      this.stmts.freeCodeId.run(code.id, now);
      const { id, hash, table, seat, issuer, expiresAt } = code;
      return this.stmts.insertCode.run({ id, hash, table, seat, issuer, expiresAt }).changes === 1;
    });
    this.createTx = this.db.transaction((record: TableRecord, entries: readonly StoredEntry[], fairSeed: string | null) => {
      this.stmts.insertTable.run({ id: record.id, status: record.status, record: JSON.stringify(record), seq: record.seq, version: record.version, createdAt: record.createdAt, fairSeed });
      for (const entry of entries) this.stmts.insertLog.run(record.id, entry.seq, JSON.stringify(entry));
    });
    this.appendTx = this.db.transaction((change: TableChange) => {
      const { record } = change;
      // Appending at an expected position: if anyone else wrote this table since, nothing changes.
      const updated = this.stmts.updateTable.run({
        id: record.id,
        record: JSON.stringify(record),
        seq: record.seq,
        version: record.version,
        expectedSeq: change.expectedSeq,
      });
      if (updated.changes !== 1) throw new StoreConflict(record.id, `table ${record.id} is no longer at log entry ${change.expectedSeq}`);
      this.stmts.setStatus.run({ id: record.id, status: record.status });
      if (change.wakeAt !== undefined) this.stmts.setWake.run({ id: record.id, wakeAt: change.wakeAt });
      if (change.setup !== undefined) this.stmts.setSetup.run(JSON.stringify(change.setup), record.id);
      const firstMove = record.version - change.moves.length;
      change.moves.forEach((move, i) => this.stmts.insertMove.run(record.id, firstMove + i, JSON.stringify(move)));
      for (const entry of change.entries) this.stmts.insertLog.run(record.id, entry.seq, JSON.stringify(entry));
      if (change.creates) this.createTx(change.creates.record, change.creates.entries, change.creates.fairSeed);
    });
  }

  async createTable(record: TableRecord, entries: readonly StoredEntry[], fairSeed: string | null = null): Promise<void> {
    this.createTx(record, entries, fairSeed);
  }

  async append(change: TableChange): Promise<void> {
    this.appendTx(change);
  }

  async load(id: TableId): Promise<LoadedTable | null> {
    const row = this.stmts.table.get(id);
    if (!row) return null;
    let record = JSON.parse(row.record) as TableRecord;
    const revealed = unrevealed(record, row.fair_seed);
    if (revealed) {
      this.stmts.reveal.run(id);
      record = revealed;
    }
    return {
      record,
      setup: row.setup === null ? null : JSON.parse(row.setup),
      moves: this.stmts.moves.all(id).map((m) => JSON.parse(m.move) as StoredMove),
      fairSeed: row.fair_seed,
    };
  }

  async readLog(id: TableId, afterSeq: number, limit = 1_000_000): Promise<StoredEntry[]> {
    return this.stmts.log.all(id, afterSeq, limit).map((l) => JSON.parse(l.entry) as StoredEntry);
  }

  async liveTableIds(): Promise<TableId[]> {
    return this.stmts.live.all(CORRESPONDENCE_CLOCK).map((r) => r.id as TableId);
  }

  async issueToken(hash: TokenHash, now: number): Promise<void> {
    this.stmts.issueToken.run(hash, now);
  }

  async isIssuedToken(hash: TokenHash): Promise<boolean> {
    return this.stmts.hasToken.get(hash) !== undefined;
  }

  async dueTables(until: number, limit: number): Promise<Wake[]> {
    return this.stmts.due.all(until, limit).map((r) => ({ id: r.id as TableId, wakeAt: r.wake_at }));
  }

  async nextWake(after: number): Promise<number | null> {
    return this.stmts.nextWake.get(after)?.at ?? null;
  }

  async serverKey(name: string, make: () => string): Promise<string> {
    const stored = this.stmts.getKey.get(name);
    if (stored) return stored.value;
    this.stmts.putKey.run(name, make());
    return (this.stmts.getKey.get(name) as { value: string }).value;
  }

  async savePushSubscription(sub: Omit<PushSubscriptionRecord, 'visibleUntil'>, now: number): Promise<boolean> {
    if (this.stmts.saveSub.run({ endpoint: sub.endpoint, owner: sub.owner, p256dh: sub.p256dh, auth: sub.auth, now }).changes !== 1) return false;
    this.subscribed.add(sub.owner);
    return true;
  }

  async dropPushSubscription(endpoint: string, owner?: TokenHash): Promise<void> {
    if (owner === undefined) this.stmts.dropSub.run(endpoint);
    else this.stmts.dropOwnSub.run(endpoint, owner);
  }

  mayHavePushSubscriptions(owner: TokenHash): boolean {
    return this.subscribed.has(owner);
  }

  async pushSubscriptions(owner: TokenHash): Promise<PushSubscriptionRecord[]> {
    if (!this.subscribed.has(owner)) return [];
    const rows = this.stmts.subs.all(owner);
    if (rows.length === 0) this.subscribed.delete(owner);
    return rows.map((r) => ({ endpoint: r.endpoint, owner: r.owner as TokenHash, p256dh: r.p256dh, auth: r.auth, visibleUntil: r.visible_until }));
  }

  async setPushVisible(endpoint: string, owner: TokenHash, until: number): Promise<boolean> {
    return this.stmts.setVisible.run(until, endpoint, owner).changes === 1;
  }

  async claimPush(table: TableId, moment: string, seat: number, now: number): Promise<boolean> {
    // One process: its host is the table's only writer, so no fence to check.
    return this.stmts.claimPush.run(table, moment, seat, now).changes === 1;
  }

  // Device codes ---------------------------------------------------------------------------------------

  async saveDeviceCode(code: StoredDeviceCode, now: number): Promise<boolean> {
    return this.saveCodeTx(code, now);
  }

  async tryDeviceCode(id: string, maxTries: number): Promise<(StoredDeviceCode & { readonly tries: number }) | null> {
    const row = this.stmts.tryCode.get(maxTries + 1, id);
    return row ? deviceCodeOf(row) : null;
  }

  async useDeviceCode(id: string, hash: string, now: number): Promise<boolean> {
    return this.stmts.useCode.run({ id, hash, now }).changes === 1;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function deviceCodeOf(row: DeviceCodeRow): StoredDeviceCode & { readonly tries: number } {
  return {
    id: row.id,
    hash: row.hash,
    table: row.table_id as TableId,
    seat: row.seat,
    issuer: row.issuer as TokenHash,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    tries: row.tries,
  };
}
