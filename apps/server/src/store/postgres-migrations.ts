// The PostgreSQL schema, as Kysely migrations (run at start by whichever process comes first; Kysely's migrator
// takes a lock, so replicas starting together do not race). Same shape as SQLite's schema 2, plus table leases.
// Append-only, expand/contract (store/schema.ts): each step says which older code still runs on it, and a process
// finding steps it does not know (a newer release migrated) runs or refuses by the database's stamp, rather than
// Kysely's "corrupted migrations".

import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { StartRefused } from '../refusal.ts';
import { RELEASE } from '../release.ts';
import { judge, parseStamp, STAMP_KEY, stampOf, type SchemaState, type StepFacts } from './schema.ts';

/** A migration and its facts; its name begins with its level (`0006_…` is level 6). */
export interface PostgresStep extends StepFacts {
  readonly name: string;
  up(db: Kysely<unknown>): Promise<void>;
}

const steps: Record<string, Omit<PostgresStep, 'name' | 'level'>> = {
  '0001_platform': {
    since: '0.1.0',
    compatibleFrom: 1,
    async up(db: Kysely<unknown>) {
      await sql`
        CREATE TABLE tables (
          id text PRIMARY KEY,
          status text NOT NULL,
          record jsonb NOT NULL,
          -- the deal: written once at the start, kept out of 'record' so each move rewrites only a small row
          setup jsonb,
          -- the append position: log entries and moves stored
          seq integer NOT NULL DEFAULT 0,
          version integer NOT NULL DEFAULT 0,
          created_at bigint NOT NULL
        )`.execute(db);
      await sql`CREATE INDEX tables_status ON tables (status)`.execute(db);
      await sql`CREATE TABLE moves (table_id text NOT NULL, idx integer NOT NULL, move jsonb NOT NULL, PRIMARY KEY (table_id, idx))`.execute(db);
      await sql`CREATE TABLE log (table_id text NOT NULL, seq integer NOT NULL, entry jsonb NOT NULL, PRIMARY KEY (table_id, seq))`.execute(db);
      // hashes of the tokens this server issued: only those are identities
      await sql`CREATE TABLE tokens (hash text PRIMARY KEY, issued_at bigint NOT NULL)`.execute(db);
    },
  },
  '0002_leases': {
    since: '0.1.0',
    async up(db: Kysely<unknown>) {
      // epoch: the fencing number, raised by every acquisition and checked by every append; lease_until: in
      // milliseconds of the database's clock (one clock for every process, whatever theirs say).
      await sql`
        ALTER TABLE tables
          ADD COLUMN epoch bigint NOT NULL DEFAULT 0,
          ADD COLUMN owner_node text,
          ADD COLUMN lease_until bigint NOT NULL DEFAULT 0`.execute(db);
      await sql`CREATE INDEX tables_orphans ON tables (lease_until) WHERE status IN ('waiting', 'playing') AND owner_node IS NOT NULL`.execute(db);
    },
  },
  '0003_fair': {
    since: '0.1.0',
    async up(db: Kysely<unknown>) {
      // Fair draws: each table's secret seed, written once when the table opens, apart from the record every move
      // rewrites. Tables stored before keep NULL (their chance is the CSPRNG's, as it was).
      await sql`ALTER TABLE tables ADD COLUMN fair_seed text`.execute(db);
    },
  },
  '0004_days': {
    since: '0.1.0',
    async up(db: Kysely<unknown>) {
      // Play over days: each playing table's next wake (an idle table leaves memory; one scheduler per process
      // wakes the earliest), the server's own keys (VAPID: every process must sign with the same), push
      // subscriptions, and the pushes sent (a unique key, so a push goes out once per decision and seat).
      await sql`ALTER TABLE tables ADD COLUMN wake_at bigint`.execute(db);
      await sql`CREATE INDEX tables_wake ON tables (wake_at) WHERE status = 'playing' AND wake_at IS NOT NULL`.execute(db);
      await sql`CREATE TABLE server_keys (name text PRIMARY KEY, value text NOT NULL)`.execute(db);
      await sql`
        CREATE TABLE push_subscriptions (
          endpoint text PRIMARY KEY,
          owner text NOT NULL,
          p256dh text NOT NULL,
          auth text NOT NULL,
          created_at bigint NOT NULL,
          visible_until bigint NOT NULL DEFAULT 0
        )`.execute(db);
      await sql`CREATE INDEX push_subscriptions_owner ON push_subscriptions (owner)`.execute(db);
      await sql`
        CREATE TABLE push_sent (
          table_id text NOT NULL,
          moment text NOT NULL,
          seat integer NOT NULL,
          sent_at bigint NOT NULL,
          PRIMARY KEY (table_id, moment, seat)
        )`.execute(db);
    },
  },
  '0005_transfer': {
    since: '0.1.0',
    async up(db: Kysely<unknown>) {
      // "Continue on another device": the codes a seated player's device makes for another device of theirs, for
      // every process of the cluster to find. Only a salted scrypt hash of each, under its first characters (its
      // id, which says which code a try is for); tries counted, right or wrong.
      await sql`
        CREATE TABLE device_codes (
          id text PRIMARY KEY,
          hash text NOT NULL,
          table_id text NOT NULL,
          seat integer NOT NULL,
          issuer text NOT NULL,
          expires_at bigint NOT NULL,
          used_at bigint,
          tries integer NOT NULL DEFAULT 0
        )`.execute(db);
      await sql`CREATE INDEX device_codes_seat ON device_codes (table_id, seat)`.execute(db);
      await sql`CREATE INDEX device_codes_expiry ON device_codes (expires_at)`.execute(db);
    },
  },
};

export const POSTGRES_STEPS: readonly PostgresStep[] = Object.entries(steps).map(([name, step]) => ({ ...step, name, level: levelOf(name) }));

function levelOf(name: string): number {
  const level = Number(/^(\d+)_/.exec(name)?.[1]);
  if (!Number.isInteger(level) || level < 1) throw new Error(`migration ${name}: its name begins with its level (0006_…)`);
  return level;
}

/** The executed migrations' names (none on an empty database) and the stamp, read in one statement: one snapshot,
 * so a newer release migrating meanwhile is seen whole or not at all. (Tables only ever appear: which exist is asked
 * first.) */
async function found(db: Kysely<unknown>): Promise<{ names: string[]; stamp: string | null }> {
  const { rows: exist } = await sql<{ m: boolean; k: boolean }>`
    SELECT to_regclass('kysely_migration') IS NOT NULL AS m, to_regclass('server_keys') IS NOT NULL AS k`.execute(db);
  if (!exist[0]?.m) return { names: [], stamp: null };
  const stamp = exist[0].k ? sql`(SELECT value FROM server_keys WHERE name = ${STAMP_KEY})` : sql`NULL::text`;
  const { rows } = await sql<{ names: string[] | null; stamp: string | null }>`
    SELECT (SELECT array_agg(name ORDER BY name) FROM kysely_migration) AS names, ${stamp} AS stamp`.execute(db);
  return { names: rows[0]?.names ?? [], stamp: rows[0]?.stamp ?? null };
}

/**
 * Brings the database to this release's schema, or runs on a newer one that says this release can (store/schema.ts),
 * or refuses with StartRefused (never Kysely's "corrupted migrations" for a newer release's steps). `steps` and
 * `release`: this release's (tests pass another release's to play it).
 */
export async function migratePostgres(
  db: Kysely<unknown>,
  where: string,
  list: readonly PostgresStep[] = POSTGRES_STEPS,
  release = RELEASE.version,
  again = true,
): Promise<SchemaState> {
  const known = list[list.length - 1]?.level ?? 0;
  const before = await found(db);
  const names = new Set(list.map((s) => s.name));
  const last = list[list.length - 1]?.name ?? '';
  const unknown = before.names.filter((n) => !names.has(n));
  // Steps of another line of releases (not after all of ours), or ours missing under a newer one: no stamp can say.
  const missing = list.filter((s) => !before.names.includes(s.name)).map((s) => s.name);
  if (unknown.some((n) => n < last) || (unknown.length > 0 && missing.length > 0))
    throw new StartRefused(`${where} holds migrations Razzia Online ${release} does not know (${unknown.slice(0, 3).join(', ')}) beside its own${missing.length ? ` and lacks ${missing.slice(0, 3).join(', ')}` : ''}: it belongs to another release line`);
  const level = Math.max(0, ...before.names.map((n) => levelOf(n)));
  const judged = judge(where, level, known, parseStamp(before.stamp), release);
  if (judged.kind === 'newer') return { level, known, compatibleFrom: judged.stamp.compatibleFrom };
  const stamp = stampOf(list, release);
  // Each step's transaction also writes the stamp (where server_keys exists by then): Kysely runs the pending steps
  // in one transaction, so whoever reads the steps sees the stamp that goes with them.
  const write = async (tx: Kysely<unknown>) => {
    const { rows } = await sql<{ k: boolean }>`SELECT to_regclass('server_keys') IS NOT NULL AS k`.execute(tx);
    if (rows[0]?.k)
      await sql`INSERT INTO server_keys (name, value) VALUES (${STAMP_KEY}, ${JSON.stringify(stamp)}) ON CONFLICT (name) DO UPDATE SET value = excluded.value`.execute(tx);
  };
  const migrations: Record<string, Migration> = Object.fromEntries(
    list.map((step) => [step.name, { up: async (tx: Kysely<unknown>) => (await step.up(tx), await write(tx)) }]),
  );
  const { error, results } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    // Another process of a newer release migrated between our read and our run: judge again from what it wrote.
    if (again && String(error).includes('corrupted migrations')) return migratePostgres(db, where, list, release, false);
    throw new Error(`PostgreSQL migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A database at this level that no release stamped yet (0.1.0's), stamped now; a newer stamp is left alone.
  if (level === known && !parseStamp(before.stamp))
    await sql`INSERT INTO server_keys (name, value) VALUES (${STAMP_KEY}, ${JSON.stringify(stamp)}) ON CONFLICT (name) DO NOTHING`.execute(db);
  return { level: known, known, compatibleFrom: stamp.compatibleFrom };
}
