// The moves a store holds, read from outside the server that writes them (a check of an upgrade reads them while
// the processes of two releases play): how many in all, and one table's in order. SQLite read-only beside the
// server (its write-ahead log lets readers in), or PostgreSQL.

import Database from 'better-sqlite3';
import pg from 'pg';

export interface StoredMoves {
  count(): Promise<number>;
  of(table: string): Promise<unknown[]>;
  close(): Promise<void>;
}

export function sqliteMoves(file: string): StoredMoves {
  const read = <T>(work: (db: Database.Database) => T): T => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    count: async () => read((db) => db.prepare<[], number>('SELECT count(*) FROM moves').pluck().get() ?? 0),
    of: async (table) => read((db) => db.prepare<[string], string>('SELECT move FROM moves WHERE table_id = ? ORDER BY idx').pluck().all(table).map((m) => JSON.parse(m) as unknown)),
    close: async () => undefined,
  };
}

export function postgresMoves(url: string): StoredMoves {
  const db = new pg.Pool({ connectionString: url, max: 2 });
  db.on('error', () => undefined);
  return {
    count: async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM moves')).rows[0]?.n ?? 0),
    of: async (table) => (await db.query<{ move: unknown }>('SELECT move FROM moves WHERE table_id = $1 ORDER BY idx', [table])).rows.map((r) => r.move),
    close: () => db.end(),
  };
}
