import { describe, expect, it } from 'vitest';
import { TestClient, createTable, testServer } from './harness.ts';

describe('smoke', () => {
  it('plays a bot game', async () => {
    const server = await testServer();
    const t = await createTable(server, { players: 3 });
    const host = await TestClient.connect(server.url, t.token);
    await host.must({ type: 'watch', table: t.id });
    await host.must({ type: 'sit', table: t.id, name: 'Host' });
    await host.must({ type: 'add-bot', table: t.id, bot: 'greedy' });
    await host.must({ type: 'add-bot', table: t.id, bot: 'random' });
    await host.must({ type: 'start', table: t.id });
    // play: always first legal action
    const { legalActions } = await import('@razzia/engine');
    for (;;) {
      const game = host.lastGame();
      if (game?.phase.kind === 'over') break;
      const mine = game && legalActions(game as never).find((a) => a.seat === 0);
      if (mine) {
        const { seat: _s, ...intent } = mine;
        const r = await host.send({ type: 'act', table: t.id, version: game.version, intent });
        if (!r.ok && r.error.code !== 'stale-version') throw new Error(JSON.stringify(r.error));
      }
      const n = host.messages.length;
      if (!mine) await host.waitFor((m) => m.type === 'update', n);
    }
    expect(host.lastGame()?.results).toHaveLength(3);
    host.close();
    await server.close();
  });
});
