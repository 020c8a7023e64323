// SQLite through better-sqlite3: one file under DATA_DIR, WAL journal, every change one transaction.

import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LogEntry, TableId } from '@razzia/protocol';
import type { LoadedTable, StoredAction, Store, TableRecord } from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  record TEXT NOT NULL,
  -- the deal: written once at the start, kept out of 'record' so each action rewrites only a small row
  setup TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status);
CREATE TABLE IF NOT EXISTS actions (
  table_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  action TEXT NOT NULL,
  timed_out INTEGER NOT NULL,
  PRIMARY KEY (table_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log (
  table_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  entry TEXT NOT NULL,
  PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
`;

export interface SqliteOptions {
  /** 'NORMAL' (default) survives a crash of the process, which is what kill -9 tests; 'FULL' also survives
   * a crash of the machine, at the cost of an fsync per action. */
  readonly synchronous?: 'NORMAL' | 'FULL';
}

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly stmts;

  constructor(dataDir: string, options: SqliteOptions = {}) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, 'razzia.sqlite'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
    this.stmts = {
      upsertTable: this.db.prepare(
        'INSERT INTO tables (id, status, record, created_at) VALUES (@id, @status, @record, @createdAt) ON CONFLICT(id) DO UPDATE SET status = excluded.status, record = excluded.record',
      ),
      insertAction: this.db.prepare('INSERT INTO actions (table_id, idx, action, timed_out) VALUES (?, ?, ?, ?)'),
      insertLog: this.db.prepare('INSERT INTO log (table_id, seq, entry) VALUES (?, ?, ?)'),
      setSetup: this.db.prepare('UPDATE tables SET setup = ? WHERE id = ? AND setup IS NULL'),
      table: this.db.prepare<[string], { record: string; setup: string | null }>('SELECT record, setup FROM tables WHERE id = ?'),
      actions: this.db.prepare<[string], { action: string; timed_out: number }>(
        'SELECT action, timed_out FROM actions WHERE table_id = ? ORDER BY idx',
      ),
      log: this.db.prepare<[string], { entry: string }>('SELECT entry FROM log WHERE table_id = ? ORDER BY seq'),
      active: this.db.prepare<[], { id: string }>("SELECT id FROM tables WHERE status IN ('waiting', 'playing') ORDER BY created_at"),
    };
  }

  private readonly setupStored = new Set<string>();

  private writeTable(table: TableRecord): void {
    const { setup, ...rest } = table;
    this.stmts.upsertTable.run({ id: table.id, status: table.status, record: JSON.stringify(rest), createdAt: table.createdAt });
    if (setup && !this.setupStored.has(table.id)) {
      this.stmts.setSetup.run(JSON.stringify(setup), table.id);
      this.setupStored.add(table.id);
    }
  }

  private writeLog(id: TableId, log: readonly LogEntry[]): void {
    for (const entry of log) this.stmts.insertLog.run(id, entry.seq, JSON.stringify(entry));
  }

  createTable(table: TableRecord, log: readonly LogEntry[]): void {
    this.saveTable(table, log);
  }

  saveTable = this.transaction((table: TableRecord, log: readonly LogEntry[]) => {
    this.writeTable(table);
    this.writeLog(table.id, log);
  });

  appendAction = this.transaction((table: TableRecord, index: number, stored: StoredAction, log: readonly LogEntry[]) => {
    this.stmts.insertAction.run(table.id, index, JSON.stringify(stored.action), stored.timedOut ? 1 : 0);
    this.writeTable(table);
    this.writeLog(table.id, log);
  });

  load(id: TableId): LoadedTable | null {
    const row = this.stmts.table.get(id);
    if (!row) return null;
    if (row.setup) this.setupStored.add(id);
    return {
      table: { ...(JSON.parse(row.record) as Omit<TableRecord, 'setup'>), setup: row.setup ? JSON.parse(row.setup) : null },
      actions: this.stmts.actions.all(id).map((a) => ({ action: JSON.parse(a.action), timedOut: a.timed_out === 1 })),
      log: this.stmts.log.all(id).map((l) => JSON.parse(l.entry) as LogEntry),
    };
  }

  activeTableIds(): TableId[] {
    return this.stmts.active.all().map((r) => r.id as TableId);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private transaction<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
    // `this.db` is not yet assigned when class fields initialise, so bind lazily on first use.
    let tx: ((...args: A) => void) | null = null;
    return (...args: A) => {
      tx ??= this.db.transaction(fn);
      tx(...args);
    };
  }
}
