// The seated players of `pnpm bench:audience`, in the parent process: four scripted people who each decide a
// steady `paceMs` after their decision opens (drawing and passing where they can, so the game runs long, like a
// real one) and move on from a round's summary at once. A move's latency runs from its `act` to the moment all
// four seats hold the game it made. The same four on boardgame.io's benchmark game, for its floor.

import { applyPatch, MESSAGE_EVENT, type GamePayload, type ServerMessage, type TableId, type Token } from '@razzia/protocol';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { io, type Socket } from 'socket.io-client';
import { benchGame } from '../boardgameio/game.ts';
import { send } from '../load.ts';
import { monotonicMs } from './spectators.ts';

/** A connection of the benchmark's own (the players, the recorder): patient, so a busy machine does not end the run
 * (socket.io-client gives up after 20 s by default). */
export function connect(url: string, token?: Token): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true, timeout: 120_000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export interface Move {
  /** When it was sent (monotonic ms). */
  readonly at: number;
  /** Until all four seats held it. */
  readonly ms: number;
  /** The log seq of the update it made (ours): where the server's own stamps of it are found. */
  readonly seq?: number;
}

/** Four people at one public Razzia! table on our server. */
export class RazziaPlayers {
  id!: TableId;
  private sockets: Socket[] = [];
  private readonly games: (GamePayload | null)[] = [null, null, null, null];
  private readonly pending = new Map<number, { at: number; seen: number }>();
  readonly moves: Move[] = [];
  /** The log seq of the update each move made, with when the move was sent: for move → last spectator. */
  readonly sentBySeq = new Map<number, number>();
  private stopped = false;
  over = false;
  refused = 0;

  constructor(
    private readonly url: string,
    private readonly paceMs: number,
  ) {}

  async open(): Promise<void> {
    const res = await fetch(`${this.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Final night', players: 4, visibility: 'public', clock: null }),
    });
    const body = (await res.json()) as { table: { id: TableId }; token: Token };
    this.id = body.table.id;
    this.sockets.push(await connect(this.url, body.token));
    for (let i = 1; i < 4; i++) this.sockets.push(await connect(this.url));
    for (const [seat, s] of this.sockets.entries()) {
      this.listen(s, seat);
      const sat = await send(s, { type: 'sit', table: this.id, name: `Player ${seat + 1}`, seat });
      if (!sat.ok) throw new Error(`sit refused: ${JSON.stringify(sat.error)}`);
    }
  }

  start(): Promise<unknown> {
    return send(this.sockets[0] as Socket, { type: 'start', table: this.id });
  }

  private listen(socket: Socket, seat: number): void {
    let readyFor = -1;
    socket.on(MESSAGE_EVENT, (m: ServerMessage) => {
      const at = monotonicMs();
      let pause: { until: number; waiting: readonly number[] } | null | undefined;
      if (m.type === 'snapshot') {
        this.games[seat] = m.snapshot.game;
        pause = m.snapshot.table.pause;
      } else if (m.type === 'update') {
        pause = m.info?.pause;
        if (m.game) {
          const game = 'full' in m.game ? m.game.full : applyPatch(this.games[seat] as GamePayload, m.game.patch);
          this.games[seat] = game;
          const p = this.pending.get(game.version);
          if (p) {
            if (p.seen === 0) this.sentBySeq.set(m.seq, p.at);
            if (++p.seen === 4) {
              this.moves.push({ at: p.at, ms: at - p.at, seq: m.seq });
              this.pending.delete(game.version);
            }
          }
          if (game.outcome) this.over = true;
        }
      } else return;
      // A round's summary: this person has read it at once (the table waits for connected people).
      if (pause && pause.waiting.includes(seat) && readyFor !== pause.until) {
        readyFor = pause.until;
        void send(socket, { type: 'ready', table: this.id }).catch(() => undefined);
      }
      this.consider(seat);
    });
  }

  private consider(seat: number): void {
    const game = this.games[seat];
    if (!game || this.stopped || game.outcome || game.legal.length === 0) return;
    const version = game.version;
    setTimeout(() => {
      if (this.stopped || this.games[seat]?.version !== version) return;
      const intent = game.legal.find((a) => a.type === 'draw' || a.type === 'pass') ?? game.legal[0];
      this.pending.set(version + 1, { at: monotonicMs(), seen: 0 });
      send(this.sockets[seat] as Socket, { type: 'act', table: this.id, version, intent })
        .then((r) => {
          if (!r.ok) this.refused++;
        })
        .catch(() => undefined);
    }, this.paceMs);
  }

  /** No more moves (the people stay connected). */
  stop(): void {
    this.stopped = true;
  }

  close(): void {
    this.stopped = true;
    for (const s of this.sockets) s.disconnect();
  }
}

/** Four players of boardgame.io's benchmark game (one move a turn), each a boardgame.io client. */
export class BgioPlayers {
  matchID!: string;
  private clients: ReturnType<typeof Client>[] = [];
  readonly moves: Move[] = [];
  /** By move number (the state's G.moves after it): when it was sent. */
  readonly sentByMove = new Map<number, number>();
  private readonly pending = new Map<number, { at: number; seen: number }>();
  private stopped = false;
  /** The mover's own client may still show its turn open after its move: nobody moves twice in a row. */
  private lastMover = -1;

  constructor(
    private readonly url: string,
    private readonly api: string,
    private readonly paceMs: number,
  ) {}

  async open(): Promise<void> {
    const post = async <T>(path: string, body: object): Promise<T> => {
      const res = await fetch(`${this.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.json() as Promise<T>;
    };
    this.matchID = (await post<{ matchID: string }>(`/games/${benchGame.name}/create`, { numPlayers: 4 })).matchID;
    for (let seat = 0; seat < 4; seat++) {
      const playerID = String(seat);
      const { playerCredentials } = await post<{ playerCredentials: string }>(`/games/${benchGame.name}/${this.matchID}/join`, { playerID, playerName: `P${seat}` });
      this.clients.push(Client({ game: benchGame, numPlayers: 4, matchID: this.matchID, playerID, credentials: playerCredentials, multiplayer: SocketIO({ server: this.url }), debug: false }));
    }
    await Promise.all(
      this.clients.map(
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
  }

  /** Plays on until closed: each player moves `paceMs` after its client shows its turn. */
  start(): void {
    for (const [seat, client] of this.clients.entries()) {
      let handled = -1;
      client.subscribe((state) => {
        if (!state || !state.isConnected || this.stopped) return;
        const at = monotonicMs();
        const moves = (state.G as { moves: number }).moves;
        if (moves <= handled) return;
        handled = moves;
        const p = this.pending.get(moves);
        if (p && ++p.seen === 4) {
          this.moves.push({ at: p.at, ms: at - p.at });
          this.pending.delete(moves);
        }
        // The mover's own client shows its move at once (an optimistic update): the next move waits for the
        // server's state in the next player's client.
        if (state.ctx.currentPlayer === String(seat) && this.lastMover !== seat && !this.sentByMove.has(moves + 1))
          setTimeout(() => {
            this.lastMover = seat;
            if (this.stopped) return;
            const sent = monotonicMs();
            this.pending.set(moves + 1, { at: sent, seen: 0 });
            this.sentByMove.set(moves + 1, sent);
            client.moves.A?.();
          }, this.paceMs);
      });
    }
  }

  close(): void {
    this.stopped = true;
    for (const c of this.clients) c.stop();
  }
}
