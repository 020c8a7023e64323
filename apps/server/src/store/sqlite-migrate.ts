// The SQLite schema and its migrations (PRAGMA user_version). Schema 1 was the single-game server's: Razzia!
// only, actions with their seats, log entries without audiences, no token list. Schema 2 is the platform's.
// Steps are append-only and follow expand/contract (store/schema.ts): each says which older code still runs on it.

import type Database from 'better-sqlite3';
import { stepAll } from '@razzia/contract';
import { razzia } from '@razzia/game-razzia';
import { NOTICE_TYPES } from '@razzia/protocol';
import { RELEASE } from '../release.ts';
import type { Decision, StoredEntry, StoredMove, TableRecord } from '../tables/table.ts';
import { judge, parseStamp, STAMP_KEY, stampOf, type SchemaState, type StepFacts } from './schema.ts';

const SCHEMA_2 = `
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  record TEXT NOT NULL,
  -- the deal: written once at the start, kept out of 'record' so each move rewrites only a small row
  setup TEXT,
  -- the append position: log entries and moves stored
  seq INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status);
CREATE TABLE IF NOT EXISTS moves (
  table_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (table_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log (
  table_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  entry TEXT NOT NULL,
  PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
-- hashes of the tokens this server issued: only those are identities
CREATE TABLE IF NOT EXISTS tokens (
  hash TEXT PRIMARY KEY,
  issued_at INTEGER NOT NULL
) WITHOUT ROWID;
`;

/** One step of the schema: run once, in order, inside one transaction, when the file's `user_version` is below
 * `level`. Later steps append here with the next number; each step touches only what it adds (a step that takes
 * something away says so with `compatibleFrom`, and comes a release after the last code that read it). */
export interface SqliteStep extends StepFacts {
  up(db: Database.Database): void;
}

export const SQLITE_STEPS: readonly SqliteStep[] = [
  {
    level: 2,
    since: '0.1.0',
    // the single-game server (schema 1) read the `actions` table this step replaces
    compatibleFrom: 2,
    up(db) {
      const hasV1 = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'actions'").get() !== undefined;
      if (hasV1) {
        db.exec('ALTER TABLE tables ADD COLUMN seq INTEGER NOT NULL DEFAULT 0');
        db.exec('ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0');
      }
      db.exec(SCHEMA_2);
      if (hasV1) fromSchema1(db);
    },
  },
  {
    // Fair draws: each table's secret seed, in a column of its own — written once when the table opens, never with
    // the record that every move rewrites, and never part of anything sent. Tables stored before keep NULL (their
    // chance is the CSPRNG's, as it was).
    level: 3,
    since: '0.1.0',
    up(db) {
      db.exec('ALTER TABLE tables ADD COLUMN fair_seed TEXT');
    },
  },
  {
    // Play over days: each playing table's next wake (so an idle table can leave memory and one scheduler wakes it),
    // the server's own keys (VAPID), push subscriptions, and the pushes sent (one per decision and seat).
    level: 4,
    since: '0.1.0',
    up(db) {
      // Each part only if missing: the step holds whatever other steps a file went through.
      const columns = db.prepare<[], { name: string }>('PRAGMA table_info(tables)').all();
      if (!columns.some((c) => c.name === 'wake_at')) db.exec('ALTER TABLE tables ADD COLUMN wake_at INTEGER');
      db.exec(`
        CREATE INDEX IF NOT EXISTS tables_wake ON tables(wake_at) WHERE status = 'playing' AND wake_at IS NOT NULL;
        CREATE TABLE IF NOT EXISTS server_keys (
          name TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS push_subscriptions (
          endpoint TEXT PRIMARY KEY,
          owner TEXT NOT NULL,
          p256dh TEXT NOT NULL,
          auth TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          -- a tab of this device is open and visible until then (the client says so while it is)
          visible_until INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS push_subscriptions_owner ON push_subscriptions(owner);
        CREATE TABLE IF NOT EXISTS push_sent (
          table_id TEXT NOT NULL,
          moment TEXT NOT NULL,
          seat INTEGER NOT NULL,
          sent_at INTEGER NOT NULL,
          PRIMARY KEY (table_id, moment, seat)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    // "Continue on another device": codes a seated player's device makes for another device of theirs. Stored so
    // every process of a cluster finds them; only a salted scrypt hash of each, under its first characters (its id).
    level: 5,
    since: '0.1.0',
    up(db) {
      db.exec(DEVICE_CODES);
    },
  },
];

const DEVICE_CODES = `
CREATE TABLE IF NOT EXISTS device_codes (
  -- the code's first characters: which code a try is for (not a secret by itself)
  id TEXT PRIMARY KEY,
  -- scrypt of the whole code, with its salt
  hash TEXT NOT NULL,
  table_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  -- the token hash of the device that made it
  issuer TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  -- tries counted, right or wrong (at most the limit plus one)
  tries INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS device_codes_seat ON device_codes(table_id, seat);
CREATE INDEX IF NOT EXISTS device_codes_expiry ON device_codes(expires_at);
`;

/**
 * Brings the file to this release's schema, or runs on a newer one that says this release can (store/schema.ts), or
 * refuses with StartRefused. `steps` and `release`: this release's (tests pass another release's to play it).
 */
export function migrateSqlite(db: Database.Database, where: string, steps: readonly SqliteStep[] = SQLITE_STEPS, release = RELEASE.version): SchemaState {
  const found = db.pragma('user_version', { simple: true }) as number;
  const known = steps[steps.length - 1]?.level ?? 0;
  const hasKeys = () => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'server_keys'").get() !== undefined;
  const readStamp = () => (hasKeys() ? parseStamp(db.prepare<[string], string>('SELECT value FROM server_keys WHERE name = ?').pluck().get(STAMP_KEY)) : null);
  const judged = judge(where, found, known, readStamp(), release);
  if (judged.kind === 'newer') return { level: found, known, compatibleFrom: judged.stamp.compatibleFrom };
  for (const step of steps) {
    if (step.level <= found) continue;
    db.transaction(() => {
      step.up(db);
      db.pragma(`user_version = ${step.level}`);
    })();
  }
  // With the last step's transaction done, or on a file no release stamped yet (0.1.0's): what this schema is.
  const stamp = stampOf(steps, release);
  const stored = readStamp();
  if (hasKeys() && (!stored || stored.level < stamp.level || found < known))
    db.prepare('INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value').run(STAMP_KEY, JSON.stringify(stamp));
  return { level: known, known, compatibleFrom: stamp.compatibleFrom };
}

interface V1Record {
  id: string;
  settings: { name: string; players: number; visibility: 'public' | 'private'; clock: number | null };
  host: string;
  createdAt: number;
  status: 'waiting' | 'playing' | 'over';
  seats: ({ name: string; owner: string | null; bot: string | null; standIn?: string | null } | null)[];
  botSeed: string;
  deadline: number | null;
  rematch: string | null;
}

/** Every Razzia! table of schema 1, as the platform stores it: nothing is lost, running games go on. */
function fromSchema1(db: Database.Database): void {
  const now = Date.now();
  const rows = db.prepare('SELECT id, record, setup FROM tables').all() as { id: string; record: string; setup: string | null }[];
  const actions = db.prepare('SELECT action, timed_out FROM actions WHERE table_id = ? ORDER BY idx');
  const logRows = db.prepare('SELECT seq, entry FROM log WHERE table_id = ? ORDER BY seq');
  const setLog = db.prepare('UPDATE log SET entry = ? WHERE table_id = ? AND seq = ?');
  const insertMove = db.prepare('INSERT INTO moves (table_id, idx, move) VALUES (?, ?, ?)');
  const setTable = db.prepare('UPDATE tables SET record = ?, seq = ?, version = ? WHERE id = ?');
  const token = db.prepare('INSERT OR IGNORE INTO tokens (hash, issued_at) VALUES (?, ?)');
  for (const row of rows) {
    const old = JSON.parse(row.record) as V1Record;
    const moves: StoredMove[] = (actions.all(row.id) as { action: string; timed_out: number }[]).map((a) => {
      const { seat, ...action } = JSON.parse(a.action) as { seat: number };
      return a.timed_out ? { seat, action, timedOut: true } : { seat, action };
    });
    moves.forEach((m, i) => insertMove.run(row.id, i, JSON.stringify(m)));
    const log = logRows.all(row.id) as { seq: number; entry: string }[];
    for (const { seq, entry } of log) {
      const { at, event } = JSON.parse(entry) as { at: number; event: { type: string } };
      const stored: StoredEntry = NOTICE_TYPES.has(event.type)
        ? { seq, at, kind: 'table', notice: event as never }
        : { seq, at, kind: 'game', told: { to: 'all', event } };
      setLog.run(JSON.stringify(stored), row.id, seq);
    }
    let decisions: Decision[] = [];
    if (old.status === 'playing' && row.setup) {
      const started = razzia.start(JSON.parse(row.setup));
      if (started.ok) {
        const state = stepAll(razzia, started.state, moves);
        const pending = razzia.pending(state);
        if (pending.kind === 'decide')
          decisions = pending.seats.map((seat) => {
            const occupant = old.seats[seat];
            const clocked = occupant && !occupant.bot && !occupant.standIn ? old.deadline : null;
            return { seat, since: moves.length, openedAt: now, deadline: clocked };
          });
      }
    }
    const record: TableRecord = {
      id: old.id as TableRecord['id'],
      settings: { ...old.settings, game: 'razzia', options: {} } as TableRecord['settings'],
      host: old.host as TableRecord['host'],
      createdAt: old.createdAt,
      status: old.status,
      seats: old.seats as TableRecord['seats'],
      botSeed: old.botSeed,
      rematch: old.rematch as TableRecord['rematch'],
      version: moves.length,
      seq: log.length,
      decisions,
    };
    setTable.run(JSON.stringify(record), record.seq, record.version, row.id);
    // Schema 1 kept no list of issued tokens: the hosts' and seats' are the ones it issued.
    for (const hash of [old.host, ...old.seats.map((s) => s?.owner)]) if (hash) token.run(hash, now);
  }
  db.exec('DROP TABLE actions');
}
