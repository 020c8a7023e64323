// Fair draws at the edges of a table's life: a table stored before them (an older SQLite file, migrated by step 3)
// still plays and records as it did; the record of a running game is never handed out (it would hold the seed).

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { newToken, hashToken } from '../src/ids.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { newTable } from '../src/tables/decide.ts';
import { describe, expect, it } from 'vitest';
import { TestClient, autoPlay, contribution, seatedTable, tempDir, testServer } from './harness.ts';
import type { TableId } from '@razzia/protocol';

describe('fair draws', () => {
  it('a table stored before fair draws (schema 2) migrates, plays with the server’s randomness and records no fair header', async () => {
    const dataDir = tempDir();
    const token = newToken();
    const id = 'OldTableBeforeFairDraw' as TableId;
    // An older file: a waiting table without a commitment, and no fair_seed column.
    const store = new SqliteStore(dataDir);
    await store.issueToken(hashToken(token), Date.now());
    await store.createTable(newTable(id, { game: 'razzia', name: 'Old', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, hashToken(token), Date.now(), 'bots'), []);
    await store.close();
    const db = new Database(join(dataDir, 'razzia.sqlite'));
    db.exec('ALTER TABLE tables DROP COLUMN fair_seed');
    db.pragma('user_version = 2');
    db.close();

    const server = await testServer({ dataDir });
    const host = await TestClient.connect(server.url, token);
    const { snapshot } = await host.watch(id);
    expect(snapshot.table.fair).toBeNull();
    await host.must({ type: 'sit', table: id, name: 'Host' });
    expect(await host.send({ type: 'contribute', table: id, value: contribution() })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    await host.must({ type: 'add-bot', table: id, bot: 'greedy' });
    const done = autoPlay(host, id);
    await host.must({ type: 'start', table: id });
    await done;
    const record = (await (await fetch(`${server.url}/api/tables/${id}/record`)).json()) as Record<string, unknown>;
    expect(record.format).toBe('razzia-record/1');
    expect('fair' in record).toBe(false);
    host.close();
    await server.close();
  });

  it('a running game’s record is refused (it would hold the deal and the seed); a new table’s info has the commitment', async () => {
    const server = await testServer();
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Host'], bots: ['greedy'], contribute: true });
    const host = clients[0] as TestClient;
    const fair = host.held.get(id)?.info.fair;
    expect(fair).toEqual({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/), contributions: [expect.stringMatching(/^[0-9a-f]{64}$/), null], seed: null });
    await host.must({ type: 'start', table: id });
    const res = await fetch(`${server.url}/api/tables/${id}/record`);
    expect(res.status).toBe(409);
    expect(await res.text()).not.toMatch(/"seed"/);
    const info = (await (await fetch(`${server.url}/api/tables/${id}`)).json()) as { table: { fair: unknown } };
    expect(info.table.fair).toEqual({ ...fair, seed: null });
    host.close();
    await server.close();
  });
});
