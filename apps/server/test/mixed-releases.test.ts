// Releases side by side. The handshake names the client's protocol version and the server's welcome its own, its
// release and the web client it serves; a page of a protocol it does not speak is told to reload.
// A tab opened before a deploy still finds its bundle's files for a grace period.
// Tables that outlive a release. What a player was promised does not depend on which release finished the game: a
// finished game whose record does not reveal its fair seed (finished by a release that did not, owning a table a
// newer one opened during a rolling upgrade) is repaired when it is loaded — its info, its record and the stored
// row — and its record verifies (on a real SQLite file and a real PostgreSQL). A table is played by the ruleset it
// started under, while new tables take the newest.

import Database from 'better-sqlite3';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { verifyRecord } from '@razzia/contract/verify';
import { razzia } from '@razzia/game-razzia';
import { afterEach, describe, expect, it } from 'vitest';
import { GameCatalog } from '../src/games.ts';
import { GRACE_MS, KeptAssets } from '../src/http/kept-assets.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { newTable } from '../src/tables/decide.ts';
import type { Store } from '../src/store/store.ts';
import { autoPlay, createTable, databaseFor, seatedTable, tempDir, testServer, TestClient } from './harness.ts';
import { hashToken, newToken } from '../src/ids.ts';
import { MESSAGE_EVENT, PROTOCOL, type ServerMessage, type TableId } from '@razzia/protocol';
import { io } from 'socket.io-client';
import { RELEASE } from '../src/release.ts';

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

describe('the protocol version in the handshake', () => {
  const connect = (url: string, query?: Record<string, string>) =>
    new Promise<{ welcome: ServerMessage } | { refused: { message: string; code: string | undefined } }>((resolve) => {
      const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, ...(query ? { query } : {}) });
      socket.once(MESSAGE_EVENT, (m: ServerMessage) => (socket.disconnect(), resolve({ welcome: m })));
      socket.once('connect_error', (e: Error & { data?: { code?: string } }) => resolve({ refused: { message: e.message, code: e.data?.code } }));
    });

  it('a client naming this protocol, or none (clients before the version existed speak 1), is welcomed with the server’s', async () => {
    const server = await testServer({ webBuildDir: null });
    const welcome = { welcome: { type: 'welcome', protocol: PROTOCOL, release: RELEASE.version, web: RELEASE.name } };
    expect(await connect(server.url, { protocol: String(PROTOCOL) })).toEqual(welcome);
    expect(await connect(server.url)).toEqual(welcome);
    await server.close();
  });

  it('a client naming another protocol is refused with wrong-protocol: reload the page', async () => {
    const server = await testServer();
    expect(await connect(server.url, { protocol: String(PROTOCOL + 1) })).toEqual({
      refused: { code: 'wrong-protocol', message: `this page speaks protocol ${PROTOCOL + 1}; this server speaks ${PROTOCOL}: reload the page` },
    });
    expect(await connect(server.url, { protocol: 'one' })).toMatchObject({ refused: { code: 'wrong-protocol' } });
    await server.close();
  });
});

describe('the web client of earlier releases', () => {
  /** A web build (SvelteKit's adapter-node layout) with these immutable files, each also precompressed. */
  function build(names: string[]): string {
    const dir = tempDir('razzia-web-');
    for (const name of names) {
      const file = join(dir, 'client', '_app', 'immutable', name);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, `/* ${name} of ${dir} */`);
      writeFileSync(`${file}.br`, 'compressed');
    }
    return dir;
  }
  const log = () => undefined;

  it('keeps each release’s files in the data directory and serves the earlier ones for a grace period, then drops them', () => {
    const data = tempDir();
    const older = build(['chunks/Results.aaaa.js', 'assets/0.bbbb.css', 'entry/app.cccc.js']);
    expect(KeptAssets.open(older, data, '0.2.0+1111111', 1_000, log).size).toBe(0);
    expect(existsSync(join(data, 'web-releases', '0.2.0+1111111', '_app', 'immutable', 'chunks', 'Results.aaaa.js'))).toBe(true);
    expect(existsSync(join(data, 'web-releases', '0.2.0+1111111', '_app', 'immutable', 'chunks', 'Results.aaaa.js.br'))).toBe(false);

    // The next release has its own files, one of them the same (content-named: the same name is the same file).
    const newer = build(['chunks/Results.dddd.js', 'assets/0.bbbb.css', 'entry/app.eeee.js']);
    const kept = KeptAssets.open(newer, data, '0.3.0+2222222', 2_000, log);
    expect(kept.size).toBe(2);
    expect(kept.lookup('/_app/immutable/chunks/Results.aaaa.js?v=1')).toEqual({
      file: join(data, 'web-releases', '0.2.0+1111111', '_app', 'immutable', 'chunks', 'Results.aaaa.js'),
      type: 'text/javascript; charset=utf-8',
    });
    expect(kept.lookup('/_app/immutable/assets/0.bbbb.css')).toBeNull();
    expect(kept.lookup('/_app/immutable/chunks/Results.dddd.js')).toBeNull();
    expect(kept.lookup('/_app/immutable/chunks/../../../../etc/passwd')).toBeNull();

    // Restarted within the grace period: still kept; after it, gone from the data directory too.
    expect(KeptAssets.open(newer, data, '0.3.0+2222222', 2_000 + GRACE_MS - 1, log).size).toBe(2);
    expect(KeptAssets.open(newer, data, '0.3.0+2222222', 2_000 + GRACE_MS, log).size).toBe(0);
    expect(existsSync(join(data, 'web-releases', '0.2.0+1111111'))).toBe(false);
  });

  it('a rollback serves the newer release’s files in turn, and the one rolled back to is current again', () => {
    const data = tempDir();
    const a = build(['chunks/a.js']);
    const b = build(['chunks/b.js']);
    KeptAssets.open(a, data, '0.2.0+1111111', 1_000, log);
    KeptAssets.open(b, data, '0.3.0+2222222', 2_000, log);
    const back = KeptAssets.open(a, data, '0.2.0+1111111', 3_000, log);
    expect(back.lookup('/_app/immutable/chunks/b.js')).not.toBeNull();
    expect(back.lookup('/_app/immutable/chunks/a.js')).toBeNull();
    expect(existsSync(join(data, 'web-releases', '0.2.0+1111111', '.retired'))).toBe(false);
  });

  it('a data directory it cannot write in keeps nothing, and says so', () => {
    const said: string[] = [];
    // A data directory that is a file (as root, the one kind of directory nothing may write in).
    const file = join(tempDir(), 'data');
    writeFileSync(file, '');
    const kept = KeptAssets.open(build(['chunks/a.js']), file, '0.2.0+1111111', 1, (_f, m) => said.push(m));
    expect(kept.size).toBe(0);
    expect(said).toEqual(['the web client of earlier releases is not kept (DATA_DIR is not writable)']);
  });
});
