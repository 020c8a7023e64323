// The PostgreSQL schema, as Kysely migrations (run at start by whichever process comes first; Kysely's migrator
// takes a lock, so replicas starting together do not race). Same shape as SQLite's schema 2, plus table leases.

import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_platform': {
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
    async up(db: Kysely<unknown>) {
      // Fair draws: each table's secret seed, written once when the table opens, apart from the record every move
      // rewrites. Tables stored before keep NULL (their chance is the CSPRNG's, as it was).
      await sql`ALTER TABLE tables ADD COLUMN fair_seed text`.execute(db);
    },
  },
  '0004_days': {
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

export const postgresMigrations: MigrationProvider = {
  getMigrations: async () => migrations,
};
