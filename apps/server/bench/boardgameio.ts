// boardgame.io's benchmark game in bench:server: its server in a child process (in-memory storage), four players
// joined through its lobby API, each a boardgame.io client over its socket.io transport. Moves are sequential like
// ours in (b): a player moves when its client sees its turn; a move's latency runs until all four clients hold
// the state it made. Same machine, same run, same client process as ours.

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { benchGame } from './boardgameio/game.ts';
import { cpuSeconds, percentile, stopServer } from './load.ts';

const repo = new URL('../../../', import.meta.url).pathname;

export async function startBoardgameio(): Promise<{ child: ChildProcess; url: string; api: string }> {
  // NODE_ENV=production: the configuration its documentation recommends for a server (no per-move checks of
  // whether the state serialises, no debug logging).
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/boardgameio/server.ts'], {
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port, api] = await new Promise<[string, string]>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const found = /boardgame\.io listening on (\d+), lobby API on (\d+)/.exec(line);
      if (found) resolve([found[1] as string, found[2] as string]);
    });
    child.once('exit', (code) => reject(new Error(`boardgame.io server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, api: `http://127.0.0.1:${api}` };
}

async function post<T>(url: string, body: object): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

export interface Match {
  moves: number;
  ms: number;
  serverCpu: number;
  clientCpu: number;
  latencies: number[];
}

/** One match of `count` sequential moves by four players. */
async function playMatch(url: string, api: string, count: number, serverPid: number): Promise<Match> {
  const { matchID } = await post<{ matchID: string }>(`${api}/games/${benchGame.name}/create`, { numPlayers: 4 });
  const clients = await Promise.all(
    [0, 1, 2, 3].map(async (seat) => {
      const playerID = String(seat);
      const { playerCredentials } = await post<{ playerCredentials: string }>(`${api}/games/${benchGame.name}/${matchID}/join`, {
        playerID,
        playerName: `P${seat}`,
      });
      return Client({ game: benchGame, numPlayers: 4, matchID, playerID, credentials: playerCredentials, multiplayer: SocketIO({ server: url }), debug: false });
    }),
  );
  const sent = new Map<number, { at: number; seen: number }>();
  const latencies: number[] = [];
  let made = 0;
  let lastMover = -1;
  let t0 = 0;
  const done = new Promise<number>((resolve) => {
    for (const [seat, client] of clients.entries()) {
      let handled = -1;
      client.subscribe((state) => {
        if (!state || !state.isConnected) return;
        const moves = (state.G as { moves: number }).moves;
        // A state is the move's once the server's copy holds it: the mover's own client applied it at once.
        const p = sent.get(moves);
        if (p && moves > handled) {
          if (++p.seen === 4) {
            latencies.push(performance.now() - p.at);
            sent.delete(moves);
            if (moves === count) resolve(performance.now() - t0);
          }
        }
        if (moves <= handled) return;
        handled = moves;
        // The mover's own client applies its move at once (boardgame.io's optimistic update) and may show its
        // turn still open: the next move waits for the server's state, in the next player's client.
        if (t0 > 0 && state.ctx.currentPlayer === String(seat) && made < count && moves === made && lastMover !== seat) {
          lastMover = seat;
          made++;
          sent.set(made, { at: performance.now(), seen: 0 });
          client.moves.A?.();
        }
      });
    }
  });
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          const off = c.subscribe((s) => {
            if (s?.isConnected) {
              off();
              resolve();
            }
          });
          c.start();
        }),
    ),
  );
  t0 = performance.now();
  const cpu0 = [cpuSeconds(serverPid), cpuSeconds()];
  // The first player starts once all four are connected.
  const first = clients[0] as (typeof clients)[number];
  made = 1;
  lastMover = 0;
  sent.set(1, { at: performance.now(), seen: 0 });
  first.moves.A?.();
  const ms = await done;
  const serverCpu = cpuSeconds(serverPid) - (cpu0[0] as number);
  const clientCpu = cpuSeconds() - (cpu0[1] as number);
  for (const c of clients) c.stop();
  return { moves: count, ms, latencies, serverCpu, clientCpu };
}

/** boardgame.io's server, kept up while bench:server alternates its matches with our games. */
export class Boardgameio {
  private constructor(private readonly server: Awaited<ReturnType<typeof startBoardgameio>>) {}

  static async start(): Promise<Boardgameio> {
    const bench = new Boardgameio(await startBoardgameio());
    await bench.match(1000); // warm-up
    return bench;
  }

  /** One match of `moves` sequential moves by four players. */
  match(moves: number): Promise<Match> {
    return playMatch(this.server.url, this.server.api, moves, this.server.child.pid as number);
  }

  stop(): Promise<void> {
    return stopServer(this.server.child);
  }
}
