// boardgame.io's server for bench:server, as its documentation sets it up (Server from boardgame.io/server, its
// default in-memory storage, socket.io transport), in a child process of its own like ours. Prints its ports.
// The lobby API runs on a port of its own (its `lobbyConfig.apiPort`): with the koa-compose its dependencies
// resolve to today (4.2), a lobby API on the game server's port answers 404, because that server's handler is
// built before the lobby's routes are added.

import { createServer, type AddressInfo } from 'node:net';
import { Server } from 'boardgame.io/server';
import { benchGame } from './game.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const apiPort = await freePort();
const server = Server({ games: [benchGame], origins: [/.*/] });
const { appServer } = await server.run({ port: 0, lobbyConfig: { apiPort } });
process.stdout.write(`boardgame.io listening on ${(appServer.address() as AddressInfo).port}, lobby API on ${apiPort}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));
