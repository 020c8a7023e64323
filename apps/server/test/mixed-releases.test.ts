// Tables that outlive a release. What a player was promised does not depend on which release finished the game: a
// finished game whose record does not reveal its fair seed (finished by a release that did not, owning a table a
// newer one opened during a rolling upgrade) is repaired when it is loaded — its info, its record and the stored
// row — and its record verifies (on a real SQLite file and a real PostgreSQL). A table is played by the ruleset it
// started under, while new tables take the newest.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { sql } from 'kysely';
import { verifyRecord } from '@razzia/contract/verify';
import { razzia } from '@razzia/game-razzia';
import { afterEach, describe, expect, it } from 'vitest';
import { GameCatalog } from '../src/games.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { newTable } from '../src/tables/decide.ts';
import type { Store } from '../src/store/store.ts';
import { autoPlay, createTable, databaseFor, seatedTable, tempDir, testServer, TestClient } from './harness.ts';
import { hashToken, newToken } from '../src/ids.ts';
import type { TableId } from '@razzia/protocol';

const stores = {
  sqlite: {
    open: async (_dir: string): Promise<Store | undefined> => undefined,
    /** What a release that did not reveal left: the record's seed null, the seed in its column. */
    hide: async (dir: string, id: string) => {
      const db = new Database(join(dir, 'razzia.sqlite'));
      db.prepare("UPDATE tables SET record = json_set(record, '$.fair.seed', json('null')) WHERE id = ?").run(id);
      db.close();
    },
    seedIn: async (dir: string, id: string) => {
      const db = new Database(join(dir, 'razzia.sqlite'), { readonly: true });
      const seed = db.prepare<[string], string | null>("SELECT json_extract(record, '$.fair.seed') FROM tables WHERE id = ?").pluck().get(id);
      db.close();
      return seed;
    },
  },
  postgres: {
    open: async (dir: string): Promise<Store | undefined> => PostgresStore.open(await databaseFor(dir)),
    hide: async (dir: string, id: string) => {
      const store = await PostgresStore.open(await databaseFor(dir));
      await sql`UPDATE tables SET record = jsonb_set(record, '{fair,seed}', 'null'::jsonb) WHERE id = ${id}`.execute(store.db);
      await store.close();
    },
    seedIn: async (dir: string, id: string) => {
      const store = await PostgresStore.open(await databaseFor(dir));
      const { rows } = await sql<{ seed: string | null }>`SELECT record->'fair'->>'seed' AS seed FROM tables WHERE id = ${id}`.execute(store.db);
      await store.close();
      return rows[0]?.seed ?? null;
    },
  },
};

describe.each(Object.entries(stores))('a finished game without its reveal (%s)', (_name, kind) => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  it('is revealed when it is loaded: table info, record and the stored row; the record verifies', async () => {
    const dataDir = tempDir();
    const first = await testServer({ dataDir, ...(await opened(kind, dataDir)) });
    const { id, clients } = await seatedTable(first, { players: 2, people: ['Ann'], bots: ['greedy'], contribute: true });
    const ann = clients[0] as TestClient;
    const done = autoPlay(ann, id);
    await ann.must({ type: 'start', table: id });
    await done;
    ann.close();
    const seed = await kind.seedIn(dataDir, id);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    await first.close();

    await kind.hide(dataDir, id);
    expect(await kind.seedIn(dataDir, id)).toBeNull();

    const second = await testServer({ dataDir, ...(await opened(kind, dataDir)) });
    closing.push(() => second.close());
    // The public info, read from the store without hosting the table, shows it revealed.
    const info = (await (await fetch(`${second.url}/api/tables/${id}`)).json()) as { table: { status: string; fair: { seed: string | null } } };
    expect(info.table).toMatchObject({ status: 'over', fair: { seed } });
    expect(await kind.seedIn(dataDir, id)).toBe(seed);
    const record: unknown = await (await fetch(`${second.url}/api/tables/${id}/record`)).json();
    expect(record).toMatchObject({ fair: { seed } });
    expect(verifyRecord(razzia, record)).toMatchObject({ ok: true });
  });

  /** The store a server of this kind runs on (SQLite: the data directory's own). */
  async function opened(k: typeof kind, dataDir: string): Promise<{ store?: Store }> {
    const store = await k.open(dataDir);
    return store ? { store } : {};
  }
});

describe('rulesets', () => {
  // A release that changed Razzia!'s rules: the new definition (ruleset 2) beside the one it replaces.
  const razzia2 = { ...razzia, ruleset: 2 };

  it('a table is played by the ruleset it started under; new tables and rematches take the newest', async () => {
    const dataDir = tempDir();
    const store = new SqliteStore(dataDir);
    // Stored before tables said their ruleset (0.1.0): no key, ruleset 1.
    const old = 'TableOfRulesetOne00001' as TableId;
    const { ruleset: _, ...before } = newTable(old, { game: 'razzia', name: 'Old', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, hashToken(newToken()), 1, 'bots');
    await store.createTable(before, []);
    await store.close();

    const server = await testServer({ dataDir, games: [razzia, razzia2] });
    expect((await server.tables.get(old))?.game).toBe(razzia);
    const { id } = await createTable(server, { players: 2 });
    const opened = await server.tables.get(id);
    expect(opened?.game).toBe(razzia2);
    expect(opened?.record.ruleset).toBe(2);
    await server.close();

    // A release that no longer hosts ruleset 1 says so for the table, rather than playing it by other rules.
    const later = await testServer({ dataDir, games: [razzia2] });
    await expect(later.tables.get(old)).rejects.toThrow(`table ${old}: this release does not host ruleset 1 of razzia`);
    expect((await later.tables.get(id))?.game).toBe(razzia2);
    await later.close();
  });

  it('the catalog offers each game’s newest ruleset only', () => {
    const catalog = new GameCatalog([razzia2, razzia]);
    expect(catalog.games).toEqual([razzia2]);
    expect(catalog.get('razzia')).toBe(razzia2);
    expect(catalog.forTable({ settings: { game: 'razzia' } })).toBe(razzia);
    expect(catalog.forTable({ settings: { game: 'razzia' }, ruleset: 2 })).toBe(razzia2);
  });
});
