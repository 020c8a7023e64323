// PostgreSQL through node-postgres (pg) and Kysely: the store of a cluster, where every process reads and writes
// the same tables, seats, token hashes, moves, log and clocks, and table leases decide who may write. Each
// append is one statement (one round trip, atomic by itself) that writes only when the table is still at the
// expected log position and, in a cluster, still under the writer's epoch.

import { CORRESPONDENCE_CLOCK, type TableId } from '@razzia/protocol';
import { Kysely, PostgresDialect, sql, type ColumnType, type Generated } from 'kysely';
import pg from 'pg';
import type { TokenHash } from '../ids.ts';
import type { StoredEntry, StoredMove, TableRecord } from '../tables/table.ts';
import type { Acquired, Leases, NodeId, Owner } from './leases.ts';
import { StartRefused } from '../refusal.ts';
import { migratePostgres } from './postgres-migrations.ts';
import type { SchemaState } from './schema.ts';
import { DEVICE_CODES_KEPT_MS, StoreConflict, unrevealed, type LoadedTable, type PushSubscriptionRecord, type Store, type StoredDeviceCode, type TableChange, type Wake } from './store.ts';

interface Database {
  tables: {
    id: string;
    status: string;
    record: ColumnType<TableRecord, string, string>;
    setup: ColumnType<unknown, string | null, string | null>;
    seq: number;
    version: number;
    created_at: string | number;
    epoch: Generated<string>;
    owner_node: string | null;
    lease_until: Generated<string>;
    fair_seed: string | null;
    wake_at: string | number | null;
  };
  server_keys: { name: string; value: string };
  push_subscriptions: { endpoint: string; owner: string; p256dh: string; auth: string; created_at: string | number; visible_until: Generated<string> };
  push_sent: { table_id: string; moment: string; seat: number; sent_at: string | number };
  moves: { table_id: string; idx: number; move: ColumnType<StoredMove, string, string> };
  log: { table_id: string; seq: number; entry: ColumnType<StoredEntry, string, string> };
  tokens: { hash: string; issued_at: string | number };
  device_codes: {
    id: string;
    hash: string;
    table_id: string;
    seat: number;
    issuer: string;
    expires_at: ColumnType<string, number, number>;
    used_at: ColumnType<string | null, number | null, number | null>;
    tries: Generated<number>;
  };
}

/** Connection errors (Node's and PostgreSQL's: invalid password, no such database, no access). */
const UNREACHABLE = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '28P01', '28000', '3D000'];

/** A database URL without its password, to name it in a message. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return `${u.host}${u.pathname}`;
  } catch {
    return '(DATABASE_URL)';
  }
}

/** Milliseconds by the database's clock: one clock for every process of the cluster. */
const NOW_MS = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export interface PostgresOptions {
  /** Connections this process may hold (each append takes one for one statement). */
  readonly poolSize?: number;
}

export class PostgresStore implements Store, Leases {
  readonly db: Kysely<Database>;
  private readonly pool: pg.Pool;
  /** One connection of its own for renewing leases: a renewal never waits in the queue behind the tables' reads and
   * writes (a burst of them, e.g. every socket catching up after Redis came back, once held a renewal past its
   * lease, and the process lost every table it owned). */
  private readonly renewals: Kysely<Database>;

  private constructor(url: string, options: PostgresOptions) {
    this.pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // A dropped idle connection is the pool's to replace, not a crash of the server.
    this.pool.on('error', () => undefined);
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: this.pool }) });
    const renewals = new pg.Pool({ connectionString: url, max: 1 });
    renewals.on('error', () => undefined);
    this.renewals = new Kysely<Database>({ dialect: new PostgresDialect({ pool: renewals }) });
  }

  /** The database's schema level and this release's (store/schema.ts). */
  schema: SchemaState = { level: 0, known: 0, compatibleFrom: 0 };

  /** Connects and brings the schema up to date (or runs on a newer one that allows it, or refuses: StartRefused). */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    const store = new PostgresStore(url, options);
    try {
      store.schema = await migratePostgres(store.db as unknown as Kysely<unknown>, `the PostgreSQL database ${redacted(url)}`);
    } catch (e) {
      await store.close();
      // Not reachable, no such database, a wrong password: the operator's to fix, said in one line.
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && UNREACHABLE.includes(code))
        throw new StartRefused(`cannot use the PostgreSQL database ${redacted(url)} (DATABASE_URL): ${(e as Error).message}`);
      throw e;
    }
    return store;
  }

  async createTable(record: TableRecord, entries: readonly StoredEntry[], fairSeed: string | null = null): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('tables')
        .values({ id: record.id, status: record.status, record: json(record), setup: null, seq: record.seq, version: record.version, created_at: record.createdAt, fair_seed: fairSeed })
        .execute();
      if (entries.length > 0) await tx.insertInto('log').values(entries.map((e) => ({ table_id: record.id, seq: e.seq, entry: json(e) }))).execute();
    });
  }

  async append(change: TableChange): Promise<void> {
    const { record } = change;
    const firstMove = record.version - change.moves.length;
    // One statement: the table row moves on only at the expected position (and epoch), and the moves and log
    // entries are written only if it did.
    const fence = change.fence === undefined ? sql`TRUE` : sql`epoch = ${change.fence}`;
    // A table the change opens (a rematch) is inserted by the same statement, only if the row moved on.
    const created = change.creates;
    const creates = created
      ? sql`, new_table AS (
        INSERT INTO tables (id, status, record, setup, seq, version, created_at, fair_seed)
        SELECT ${created.record.id}, ${created.record.status}, ${json(created.record)}::jsonb, NULL, ${created.record.seq}, ${created.record.version}, ${created.record.createdAt}, ${created.fairSeed}::text
        FROM moved
      ), new_table_entries AS (
        INSERT INTO log (table_id, seq, entry)
        SELECT ${created.record.id}, (e.entry->>'seq')::int, e.entry FROM moved, jsonb_array_elements(${json(created.entries)}::jsonb) AS e(entry)
      )`
      : sql``;
    const wake = change.wakeAt === undefined ? sql`wake_at` : sql`${change.wakeAt}::bigint`;
    const result = await sql<{ n: string }>`
      WITH moved AS (
        UPDATE tables SET status = ${record.status}, record = ${json(record)}::jsonb, seq = ${record.seq}, version = ${record.version},
          setup = COALESCE(setup, ${change.setup === undefined ? null : json(change.setup)}::jsonb), wake_at = ${wake}
        WHERE id = ${record.id} AND seq = ${change.expectedSeq} AND ${fence}
        RETURNING id
      ), new_moves AS (
        INSERT INTO moves (table_id, idx, move)
        SELECT moved.id, ${firstMove}::int + m.n::int - 1, m.move FROM moved, jsonb_array_elements(${json(change.moves)}::jsonb) WITH ORDINALITY AS m(move, n)
      ), new_entries AS (
        INSERT INTO log (table_id, seq, entry)
        SELECT moved.id, (e.entry->>'seq')::int, e.entry FROM moved, jsonb_array_elements(${json(change.entries)}::jsonb) AS e(entry)
      )${creates}
      SELECT count(*) AS n FROM moved`.execute(this.db);
    if (Number(result.rows[0]?.n) !== 1)
      throw new StoreConflict(record.id, `table ${record.id} is no longer at log entry ${change.expectedSeq}${change.fence === undefined ? '' : ` under epoch ${change.fence}`}`);
  }

  async load(id: TableId): Promise<LoadedTable | null> {
    const row = await this.db.selectFrom('tables').select(['record', 'setup', 'fair_seed']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const moves = await this.db.selectFrom('moves').select('move').where('table_id', '=', id).orderBy('idx').execute();
    // A finished game's seed, revealed where its record lacks it (store.ts `unrevealed`); only the seed changes.
    const revealed = unrevealed(row.record, row.fair_seed);
    if (revealed)
      await sql`
        UPDATE tables SET record = jsonb_set(record, '{fair,seed}', to_jsonb(fair_seed))
        WHERE id = ${id} AND status = 'over' AND fair_seed IS NOT NULL AND record->'fair'->'seed' = 'null'::jsonb`.execute(this.db);
    return { record: revealed ?? row.record, setup: row.setup ?? null, moves: moves.map((m) => m.move), fairSeed: row.fair_seed };
  }

  async readLog(id: TableId, afterSeq: number, limit = 1_000_000): Promise<StoredEntry[]> {
    const rows = await this.db.selectFrom('log').select('entry').where('table_id', '=', id).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
    return rows.map((r) => r.entry);
  }

  async liveTableIds(): Promise<TableId[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM tables WHERE status = 'waiting'
        OR (status = 'playing' AND coalesce((record->'settings'->>'clock')::int, 0) < ${CORRESPONDENCE_CLOCK})
      ORDER BY created_at`.execute(this.db);
    return rows.map((r) => r.id as TableId);
  }

  async issueToken(hash: TokenHash, now: number): Promise<void> {
    await this.db.insertInto('tokens').values({ hash, issued_at: now }).onConflict((c) => c.column('hash').doNothing()).execute();
  }

  async isIssuedToken(hash: TokenHash): Promise<boolean> {
    return (await this.db.selectFrom('tokens').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
  }

  // Play over days -------------------------------------------------------------------------------------

  async dueTables(until: number, limit: number): Promise<Wake[]> {
    const rows = await this.db
      .selectFrom('tables')
      .select(['id', 'wake_at'])
      .where('status', '=', 'playing')
      .where('wake_at', 'is not', null)
      .where('wake_at', '<=', until)
      .orderBy('wake_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id as TableId, wakeAt: Number(r.wake_at) }));
  }

  async nextWake(after: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('tables')
      .select((eb) => eb.fn.min('wake_at').as('at'))
      .where('status', '=', 'playing')
      .where('wake_at', 'is not', null)
      .where('wake_at', '>', after)
      .executeTakeFirst();
    return row?.at == null ? null : Number(row.at);
  }

  async serverKey(name: string, make: () => string): Promise<string> {
    // The first process to store a key wins; every other one reads it: the cluster signs with one key.
    await this.db.insertInto('server_keys').values({ name, value: make() }).onConflict((c) => c.column('name').doNothing()).execute();
    const row = await this.db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }

  async savePushSubscription(sub: Omit<PushSubscriptionRecord, 'visibleUntil'>, now: number): Promise<boolean> {
    const r = await this.db
      .insertInto('push_subscriptions')
      .values({ endpoint: sub.endpoint, owner: sub.owner, p256dh: sub.p256dh, auth: sub.auth, created_at: now })
      .onConflict((c) => c.column('endpoint').doUpdateSet({ p256dh: sub.p256dh, auth: sub.auth }).where('push_subscriptions.owner', '=', sub.owner))
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async dropPushSubscription(endpoint: string, owner?: TokenHash): Promise<void> {
    let q = this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
    if (owner !== undefined) q = q.where('owner', '=', owner);
    await q.execute();
  }

  async pushSubscriptions(owner: TokenHash): Promise<PushSubscriptionRecord[]> {
    const rows = await this.db.selectFrom('push_subscriptions').selectAll().where('owner', '=', owner).orderBy('created_at').execute();
    return rows.map((r) => ({ endpoint: r.endpoint, owner: r.owner as TokenHash, p256dh: r.p256dh, auth: r.auth, visibleUntil: Number(r.visible_until) }));
  }

  async setPushVisible(endpoint: string, owner: TokenHash, until: number): Promise<boolean> {
    const r = await this.db.updateTable('push_subscriptions').set({ visible_until: until as never }).where('endpoint', '=', endpoint).where('owner', '=', owner).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async claimPush(table: TableId, moment: string, seat: number, now: number, fence?: number): Promise<boolean> {
    // Inserted only while the claimer still holds the table (its epoch), and only once per key: a takeover's new
    // owner that decides the same moment again finds the row, and a stale owner's claim inserts nothing.
    const held = fence === undefined ? sql`TRUE` : sql`EXISTS (SELECT 1 FROM tables WHERE id = ${table} AND epoch = ${fence})`;
    const { rows } = await sql<{ table_id: string }>`
      INSERT INTO push_sent (table_id, moment, seat, sent_at) SELECT ${table}, ${moment}, ${seat}, ${now} WHERE ${held}
      ON CONFLICT DO NOTHING RETURNING table_id`.execute(this.db);
    return rows.length === 1;
  }

  // Device codes ---------------------------------------------------------------------------------------

  async saveDeviceCode(code: StoredDeviceCode, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('device_codes')
        .set({ expires_at: now })
        .where('table_id', '=', code.table)
        .where('seat', '=', code.seat)
        .where('used_at', 'is', null)
        .where('expires_at', '>', String(now))
        .execute();
      await tx.deleteFrom('device_codes').where('expires_at', '<=', String(now - DEVICE_CODES_KEPT_MS)).execute();
      await tx.deleteFrom('device_codes').where('id', '=', code.id).where('expires_at', '<=', String(now)).execute();
      const inserted = await tx
        .insertInto('device_codes')
        .values({ id: code.id, hash: code.hash, table_id: code.table, seat: code.seat, issuer: code.issuer, expires_at: code.expiresAt, used_at: null })
        .onConflict((c) => c.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    });
  }

  async tryDeviceCode(id: string, maxTries: number): Promise<(StoredDeviceCode & { readonly tries: number }) | null> {
    // One statement: concurrent tries each get their own count.
    const row = await this.db
      .updateTable('device_codes')
      .set({ tries: sql<number>`LEAST(tries + 1, ${maxTries + 1})` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      hash: row.hash,
      table: row.table_id as TableId,
      seat: row.seat,
      issuer: row.issuer as TokenHash,
      expiresAt: Number(row.expires_at),
      usedAt: row.used_at === null ? null : Number(row.used_at),
      tries: row.tries,
    };
  }

  async useDeviceCode(id: string, hash: string, now: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('device_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', String(now))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  // Leases ---------------------------------------------------------------------------------------------

  async acquire(id: TableId, node: NodeId, ttlMs: number): Promise<Acquired | null> {
    const { rows } = await sql<{ epoch: string; previous: string | null }>`
      UPDATE tables t SET epoch = t.epoch + 1, owner_node = ${node}, lease_until = ${NOW_MS} + ${ttlMs}
      FROM (SELECT id, owner_node AS previous FROM tables WHERE id = ${id} FOR UPDATE) p
      WHERE t.id = p.id AND (t.owner_node IS NULL OR t.lease_until < ${NOW_MS})
      RETURNING t.epoch, p.previous`.execute(this.db);
    const row = rows[0];
    return row ? { epoch: Number(row.epoch), previous: row.previous as NodeId | null } : null;
  }

  async renew(node: NodeId, ttlMs: number): Promise<Map<TableId, number>> {
    const { rows } = await sql<{ id: string; epoch: string }>`
      UPDATE tables SET lease_until = ${NOW_MS} + ${ttlMs} WHERE owner_node = ${node} AND lease_until >= ${NOW_MS}
      RETURNING id, epoch`.execute(this.renewals);
    return new Map(rows.map((r) => [r.id as TableId, Number(r.epoch)]));
  }

  async release(id: TableId, node: NodeId, epoch: number, handOver: boolean): Promise<void> {
    // Handed over, the owner stays named with a lapsed lease, so other processes see an orphan to take at once.
    await sql`
      UPDATE tables SET lease_until = 0, owner_node = ${handOver ? sql`owner_node` : null}
      WHERE id = ${id} AND owner_node = ${node} AND epoch = ${epoch}`.execute(this.db);
  }

  async owner(id: TableId): Promise<Owner | null> {
    const { rows } = await sql<{ owner_node: string | null; epoch: string; live: boolean }>`
      SELECT owner_node, epoch, lease_until >= ${NOW_MS} AS live FROM tables WHERE id = ${id}`.execute(this.db);
    const row = rows[0];
    return row ? { node: row.owner_node as NodeId | null, epoch: Number(row.epoch), live: row.owner_node !== null && row.live } : null;
  }

  async orphans(limit: number): Promise<TableId[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM tables WHERE status IN ('waiting', 'playing') AND owner_node IS NOT NULL AND lease_until < ${NOW_MS}
      ORDER BY random() LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => r.id as TableId);
  }

  async close(): Promise<void> {
    await Promise.all([this.db.destroy().catch(() => undefined), this.renewals.destroy().catch(() => undefined)]);
  }
}

/** node-postgres sends a JS array as a PostgreSQL array, not JSON: JSON goes as text. */
function json(value: unknown): string {
  return JSON.stringify(value);
}
