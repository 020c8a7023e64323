// docs/protocol.md promises that a stranger can write a bot client from it alone: its example bot, taken
// from the page as it is, must play a whole game against the real server.

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, autoPlay, createTable, testServer } from './harness.ts';

const repo = new URL('../../../', import.meta.url).pathname;
let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

describe('docs/protocol.md', () => {
  it('its complete bot client, copied from the page, takes a seat by the link and plays a whole game', async () => {
    const page = readFileSync(join(repo, 'docs', 'protocol.md'), 'utf8');
    const code = /## A complete bot client[\s\S]*?```js\n([\s\S]*?)```/.exec(page)?.[1];
    expect(code).toBeDefined();
    // Beside the server's node_modules, so `import 'socket.io-client'` resolves as it would for the reader.
    const dir = join(repo, 'apps', 'server', 'test-artifacts');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'doc-bot.mjs'), code as string);

    const { id, token } = await createTable(server, { players: 2, visibility: 'private' });
    const host = await TestClient.connect(server.url, token);
    await host.watch(id);
    await host.must({ type: 'sit', table: id, name: 'Host' });
    const bot = spawn(process.execPath, [join(dir, 'doc-bot.mjs'), `${server.url}/t/${id}`, 'DocBot'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    bot.stdout.on('data', (d) => (output += d));
    bot.stderr.on('data', (d) => (output += d));
    try {
      await host.waitFor((m) => m.type === 'update' && m.table.seats[1]?.occupant?.name === 'DocBot');
      const done = autoPlay(host, id);
      await host.must({ type: 'start', table: id });
      const final = await done;
      expect(final.results).toHaveLength(3);
      await new Promise<void>((resolve) => {
        if (output.includes('game over')) return resolve();
        bot.stdout.on('data', () => output.includes('game over') && resolve());
      });
      expect(output).toContain('seated at 1');
      expect(output).not.toMatch(/error|Error/);
    } finally {
      bot.kill();
      host.close();
    }
  });
});
