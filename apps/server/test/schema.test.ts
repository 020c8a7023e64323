// Schemas that two adjacent releases share (store/schema.ts): a release runs on the previous release's database and
// on a newer one whose stamp says it may, refuses in one line a newer one that says it may not, and the previous
// release's own start-up (its real migrations: a prefix of ours, which are append-only) runs on ours. On a real
// SQLite file and a real PostgreSQL.

import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { hashToken, newToken } from '../src/ids.ts';
import { StartRefused } from '../src/refusal.ts';
import { RELEASE } from '../src/release.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { migratePostgres, POSTGRES_STEPS, type PostgresStep } from '../src/store/postgres-migrations.ts';
import { parseStamp } from '../src/store/schema.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { migrateSqlite, SQLITE_STEPS, type SqliteStep } from '../src/store/sqlite-migrate.ts';
import { newTable } from '../src/tables/decide.ts';
import type { TableId } from '@razzia/protocol';
import { databaseFor, tempDir } from './harness.ts';

/** The previous release, 0.1.0 (main at 6ac6785): its schema steps, by name and level. Ours must begin with them. */
const PREVIOUS = { release: '0.1.0', sqlite: [2, 3, 4, 5], postgres: ['0001_platform', '0002_leases', '0003_fair', '0004_days', '0005_transfer'] };
const previousSqlite = SQLITE_STEPS.slice(0, PREVIOUS.sqlite.length);
const previousPostgres = POSTGRES_STEPS.slice(0, PREVIOUS.postgres.length);

/** A newer release that only adds (a column older code ignores), and one after it that takes away what 0.2.0 reads. */
const expandSqlite: SqliteStep = { level: 6, since: '0.3.0', up: (db) => db.exec('ALTER TABLE tables ADD COLUMN ruleset INTEGER') };
const contractSqlite: SqliteStep = { level: 7, since: '0.4.0', compatibleFrom: 6, up: (db) => db.exec('DROP INDEX tables_status') };
const expandPostgres: PostgresStep = { name: '0006_ruleset', level: 6, since: '0.3.0', up: async (db) => void (await sql`ALTER TABLE tables ADD COLUMN ruleset integer`.execute(db)) };
const contractPostgres: PostgresStep = { name: '0007_contract', level: 7, since: '0.4.0', compatibleFrom: 6, up: async (db) => void (await sql`DROP INDEX tables_status`.execute(db)) };

const refusal = (level: number) =>
  `(schema ${level}, migrated by Razzia Online 0.4.0) needs Razzia Online 0.3.0 or newer; this is ${RELEASE.version} (schema 5)`;

function sqliteFile(steps: readonly SqliteStep[], release: string, stamped = true): string {
  const dir = tempDir();
  const db = new Database(join(dir, 'razzia.sqlite'));
  if (stamped) migrateSqlite(db, 'test', steps, release);
  else for (const step of steps) db.transaction(() => (step.up(db), db.pragma(`user_version = ${step.level}`)))();
  db.close();
  return dir;
}

function stampIn(dir: string) {
  const db = new Database(join(dir, 'razzia.sqlite'), { readonly: true });
  try {
    return { level: db.pragma('user_version', { simple: true }), stamp: parseStamp(db.prepare<[], string>("SELECT value FROM server_keys WHERE name = 'schema'").pluck().get()) };
  } finally {
    db.close();
  }
}

describe('schema steps are append-only', () => {
  it('begin with the previous release’s, in the same order', () => {
    expect(previousSqlite.map((s) => s.level)).toEqual(PREVIOUS.sqlite);
    expect(previousPostgres.map((s) => s.name)).toEqual(PREVIOUS.postgres);
    expect(SQLITE_STEPS.at(-1)?.level).toBe(POSTGRES_STEPS.at(-1)?.level);
  });
});

describe('SQLite: user_version and the stamp', () => {
  it('runs on the previous release’s file (no stamp) and stamps it; the previous release’s steps find nothing to do on ours', async () => {
    const dir = sqliteFile(previousSqlite, PREVIOUS.release, false);
    expect(stampIn(dir).stamp).toBeNull();
    const store = new SqliteStore(dir);
    expect(store.schema).toEqual({ level: 5, known: 5, compatibleFrom: 4 });
    await store.close();
    expect(stampIn(dir)).toEqual({ level: 5, stamp: { level: 5, compatibleFrom: 4, oldestRelease: '0.1.0', writtenBy: RELEASE.version } });
    // 0.1.0 ran every step above the file's user_version: on ours, none.
    const db = new Database(join(dir, 'razzia.sqlite'));
    expect(previousSqlite.filter((s) => s.level > (db.pragma('user_version', { simple: true }) as number))).toEqual([]);
    db.close();
  });

  it('runs on a newer release’s file that only added, and leaves its schema and stamp alone', async () => {
    const dir = sqliteFile([...SQLITE_STEPS, expandSqlite], '0.3.0');
    const store = new SqliteStore(dir);
    expect(store.schema).toEqual({ level: 6, known: 5, compatibleFrom: 5 });
    // It works there: a table written and read back.
    const id = 'NewerSchemaTable000001' as TableId;
    const host = hashToken(newToken());
    await store.createTable(newTable(id, { game: 'razzia', name: 'On 6', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, host, 1, 'bots'), []);
    expect((await store.load(id))?.record.settings.name).toBe('On 6');
    await store.close();
    expect(stampIn(dir)).toEqual({ level: 6, stamp: { level: 6, compatibleFrom: 5, oldestRelease: '0.1.0', writtenBy: '0.3.0' } });
  });

  it('refuses, naming the release needed, a newer file that took away what it reads, or one that does not say', () => {
    const contracted = sqliteFile([...SQLITE_STEPS, expandSqlite, contractSqlite], '0.4.0');
    expect(() => new SqliteStore(contracted)).toThrow(StartRefused);
    expect(() => new SqliteStore(contracted)).toThrow(refusal(7));
    const unstamped = sqliteFile([...SQLITE_STEPS, expandSqlite], '0.3.0', false);
    expect(() => new SqliteStore(unstamped)).toThrow(/is at schema 6, newer than Razzia Online .* knows \(schema 5\), and does not say which releases can use it/);
    expect(stampIn(contracted).level).toBe(7);
  });
});

describe('the server process on a database it cannot use', () => {
  const run = (env: Record<string, string>, user?: string) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const main = inject('serverMain');
      const args = user ? ['-u', user, '--', process.execPath, main] : [main];
      const child = spawn(user ? 'runuser' : process.execPath, args, { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', WEB_BUILD_DIR: '/nonexistent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.once('exit', (code) => resolve({ code, out, err }));
    });

  it('a newer schema it may not run on: one line naming the release needed, exit 1, no stack trace', async () => {
    const { code, out, err } = await run({ DATA_DIR: sqliteFile([...SQLITE_STEPS, expandSqlite, contractSqlite], '0.4.0') });
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toContain(refusal(7));
    expect(err).toMatch(new RegExp(`^Razzia Online ${RELEASE.version} cannot start: the SQLite database `));
  });

  it('a data directory it may not write (root’s): one line, exit 1, no stack trace', async () => {
    const dir = join(tempDir(), 'data');
    mkdirSync(dir, { mode: 0o755 });
    // As root, the server runs as `nobody` (who may not write root's directory; it may read the build); otherwise the
    // directory is made read-only for its owner.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      for (let d = dirname(inject('serverMain')); d !== '/'; d = dirname(d)) if (d.startsWith('/tmp/')) chmodSync(d, 0o755);
      chownSync(dir, 0, 0);
    } else chmodSync(dir, 0o555);
    const { code, err } = await run({ DATA_DIR: dir }, asRoot ? 'nobody' : undefined);
    expect(code).toBe(1);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toContain(`cannot start: the data directory ${dir} (DATA_DIR) is not writable by this process`);
  });
});

describe('PostgreSQL: Kysely’s migrations and the stamp', () => {
  const opened: Kysely<unknown>[] = [];
  const connect = async () => {
    const url = await databaseFor(tempDir());
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
    opened.push(db);
    return { url, db };
  };
  afterAll(async () => {
    for (const db of opened) await db.destroy();
  });
  /** The previous release's start-up: Kysely's migrator over its migrations, exactly as its PostgresStore.open ran. */
  const previousStart = (db: Kysely<unknown>) =>
    new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(previousPostgres.map((s): [string, Migration] => [s.name, { up: s.up }])) } }).migrateToLatest();
  const stored = async (db: Kysely<unknown>) =>
    parseStamp((await sql<{ value: string }>`SELECT value FROM server_keys WHERE name = 'schema'`.execute(db)).rows[0]?.value);

  it('runs on the previous release’s database and stamps it; the previous release starts on ours', async () => {
    const { url, db } = await connect();
    expect((await previousStart(db)).error).toBeUndefined();
    const store = await PostgresStore.open(url);
    expect(store.schema).toEqual({ level: 5, known: 5, compatibleFrom: 4 });
    await store.close();
    expect(await stored(db)).toEqual({ level: 5, compatibleFrom: 4, oldestRelease: '0.1.0', writtenBy: RELEASE.version });
    // and back: 0.1.0 over the database 0.2.0 migrated from scratch
    const fresh = await connect();
    await (await PostgresStore.open(fresh.url)).close();
    const back = await previousStart(fresh.db);
    expect(back.error).toBeUndefined();
    expect(back.results).toEqual([]);
  });

  it('runs on a newer release’s database that only added, where Kysely alone says "corrupted migrations"', async () => {
    const { url, db } = await connect();
    await migratePostgres(db, 'test', [...POSTGRES_STEPS, expandPostgres], '0.3.0');
    const plain = await new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(POSTGRES_STEPS.map((s): [string, Migration] => [s.name, { up: s.up }])) } }).migrateToLatest();
    expect(String(plain.error)).toContain('corrupted migrations: previously executed migration 0006_ruleset is missing');
    const store = await PostgresStore.open(url);
    expect(store.schema).toEqual({ level: 6, known: 5, compatibleFrom: 5 });
    const id = 'NewerSchemaTable000002' as TableId;
    await store.createTable(newTable(id, { game: 'robbery', name: 'On 6', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, hashToken(newToken()), 1, 'bots'), []);
    expect((await store.load(id))?.record.settings.name).toBe('On 6');
    await store.close();
    expect(await stored(db)).toEqual({ level: 6, compatibleFrom: 5, oldestRelease: '0.1.0', writtenBy: '0.3.0' });
  });

  it('refuses in one line a newer database that took away what it reads, and one of another line of releases', async () => {
    const { url, db } = await connect();
    await migratePostgres(db, 'test', [...POSTGRES_STEPS, expandPostgres, contractPostgres], '0.4.0');
    const refused = await PostgresStore.open(url).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(StartRefused);
    expect((refused as Error).message).toContain(refusal(7));
    expect((refused as Error).message).not.toContain('razzia@');

    const other = await connect();
    await migratePostgres(other.db, 'test', [...POSTGRES_STEPS.slice(0, 3), { name: '0004_zzz', level: 4, since: '9.9.9', up: async () => undefined }], '9.9.9');
    await expect(PostgresStore.open(other.url)).rejects.toThrow(/holds migrations Razzia Online .* does not know \(0004_zzz\) beside its own and lacks 0004_days, 0005_transfer/);
  });
});
