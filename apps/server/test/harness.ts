// Integration-test harness: real servers on 127.0.0.1 with a real SQLite file in a temp dir, and socket.io
// clients that check every message they receive against the strict protocol schemas.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MESSAGE_EVENT,
  ServerMessageSchema,
  type ClientMessage,
  type Reply,
  type ServerMessage,
  type TableId,
  type Token,
} from '@razzia/protocol';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { startServer, type RunningServer, type ServerOptions } from '../src/index.ts';

export function tempDir(prefix = 'razzia-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function testServer(options: Partial<ServerOptions> = {}): Promise<RunningServer & { dataDir: string }> {
  const dataDir = options.dataDir ?? tempDir();
  const server = await startServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    webBuildDir: null,
    botDelayMs: 0,
    logger: pino({ level: 'silent' }),
    rateLimit: { perSecond: 10_000, burst: 10_000 },
    ...options,
  });
  return { ...server, dataDir };
}

type Waiter = { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void; reject: (e: Error) => void };

/** A client as a browser or a bot would be: one socket, every received message validated and kept. */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  /** Raw JSON of every message, for leak checks. */
  readonly raw: string[] = [];
  private waiters: Waiter[] = [];
  token: Token | undefined;

  private constructor(readonly socket: Socket) {
    socket.on(MESSAGE_EVENT, (payload: unknown) => {
      this.raw.push(JSON.stringify(payload));
      // Strict schemas: a field the server did not mean to publish fails here.
      const message = ServerMessageSchema.parse(payload);
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  static async connect(url: string, token?: Token): Promise<TestClient> {
    const socket = io(url, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
    const client = new TestClient(socket);
    client.token = token;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return client;
  }

  async send<T extends ClientMessage['type']>(message: Extract<ClientMessage, { type: T }> | Record<string, unknown>): Promise<Reply<T>> {
    const reply = (await this.socket.timeout(20_000).emitWithAck(MESSAGE_EVENT, message)) as Reply<T>;
    // A watch reply is this client's snapshot or catch-up: keep it in order with the pushed messages.
    if (message.type === 'watch' && reply.ok) {
      const r = reply as unknown as Extract<Reply<'watch'>, { ok: true }>;
      this.raw.push(JSON.stringify(r));
      this.messages.push(
        r.mode === 'snapshot'
          ? { type: 'snapshot', snapshot: r.snapshot }
          : { type: 'update', table: r.table, game: r.game, entries: r.entries, seq: r.seq },
      );
    }
    return reply;
  }

  /** Sends and insists on success. */
  async must<T extends ClientMessage['type']>(message: Extract<ClientMessage, { type: T }>): Promise<Extract<Reply<T>, { ok: true }>> {
    const reply = await this.send<T>(message);
    if (!reply.ok) throw new Error(`${message.type} refused: ${reply.error.code}: ${reply.error.message}`);
    if (message.type === 'sit') this.token = (reply as unknown as { token: Token }).token;
    return reply as Extract<Reply<T>, { ok: true }>;
  }

  /** The first message (already received or still to come) that matches. */
  waitFor(pred: (m: ServerMessage) => boolean, from = 0): Promise<ServerMessage> {
    const seen = this.messages.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      this.waiters.push({ pred, resolve, reject });
      this.socket.once('disconnect', (reason) => reject(new Error(`disconnected while waiting: ${reason}`)));
    });
  }

  /** The newest update or snapshot's game view (of `table`, if given), if any. */
  lastGame(table?: TableId) {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i] as ServerMessage;
      if (m.type === 'update' && (table === undefined || m.table.id === table)) return m.game;
      if (m.type === 'snapshot' && (table === undefined || m.snapshot.table.id === table)) return m.snapshot.game;
    }
    return null;
  }

  close(): void {
    this.socket.disconnect();
  }
}

export async function createTable(
  server: { url: string },
  settings: { name?: string; players: number; visibility?: 'public' | 'private'; clock?: number | null },
  token?: Token,
): Promise<{ id: TableId; token: Token }> {
  const res = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ name: settings.name ?? 'Test table', players: settings.players, visibility: settings.visibility ?? 'public', clock: settings.clock ?? null }),
  });
  if (res.status !== 201) throw new Error(`create table: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { table: { id: TableId }; token: Token };
  return { id: body.table.id, token: body.token };
}

/** A clock the test moves by hand: timers fire only inside `advance`. */
export class ManualClock {
  private t = 1_800_000_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 0;
  now = (): number => this.t;
  after = (ms: number, fn: () => void): (() => void) => {
    const id = this.nextId++;
    this.timers.push({ at: this.t + Math.max(0, ms), fn, id });
    return () => {
      this.timers = this.timers.filter((x) => x.id !== id);
    };
  };
  /** Moves time on, firing due timers in order (timers they set fire too if due). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const due = this.timers[0];
      if (!due || due.at > end) break;
      this.timers.shift();
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.t = end;
  }
  get pending(): number {
    return this.timers.length;
  }
}

/** An engine action as a client sends it: the seat comes from the token. */
export function intentOf(action: import('@razzia/game-razzia').Action): import('@razzia/protocol').Intent {
  const { seat: _seat, ...intent } = action;
  return intent as import('@razzia/protocol').Intent;
}

/**
 * Makes a client play its seat: whenever a received view says it is this seat's decision, it sends `pick`'s
 * choice among the legal actions. Resolves with the final view when the game is over.
 */
export function autoPlay(
  client: TestClient,
  table: TableId,
  pick: (legal: readonly import('@razzia/game-razzia').Action[], version: number) => import('@razzia/game-razzia').Action = (legal) => legal[0] as import('@razzia/game-razzia').Action,
  options: { beforeAct?: (view: NonNullable<ReturnType<TestClient['lastGame']>>) => boolean | Promise<boolean> } = {},
): Promise<NonNullable<ReturnType<TestClient['lastGame']>>> {
  return new Promise((resolve, reject) => {
    let actedOn = -1;
    const consider = async () => {
      const game = client.lastGame(table);
      if (!game) return;
      if (game.phase.kind === 'over') {
        client.socket.off(MESSAGE_EVENT, onMessage);
        resolve(game);
        return;
      }
      const { legalActions } = await import('@razzia/game-razzia');
      const legal = legalActions(game as never).filter((a) => a.seat === game.viewer);
      if (legal.length === 0 || actedOn === game.version) return;
      if (options.beforeAct && !(await options.beforeAct(game))) return;
      actedOn = game.version;
      const reply = await client.send({ type: 'act', table, version: game.version, intent: intentOf(pick(legal, game.version)) });
      if (!reply.ok && reply.error.code !== 'stale-version') reject(new Error(`act refused: ${JSON.stringify(reply.error)}`));
    };
    const onMessage = () => void consider().catch(reject);
    client.socket.on(MESSAGE_EVENT, onMessage);
    void consider().catch(reject);
  });
}

/** Every key that would mean the server sent something of the hidden state. */
export const SECRET_KEYS = /"(secret|deck|pileTops|rng|seed|setup|piles|botSeed|owner|token)"\s*:/;

/**
 * A table with people seated in order (the first is the host, created with its token) and then bots, every
 * person's client watching it. Not started.
 */
export async function seatedTable(
  server: { url: string },
  options: { players: number; people: readonly string[]; bots?: readonly ('greedy' | 'random')[]; clock?: number | null; visibility?: 'public' | 'private' },
): Promise<{ id: TableId; clients: TestClient[]; tokens: Token[] }> {
  const { id, token } = await createTable(server, { players: options.players, clock: options.clock ?? null, visibility: options.visibility ?? 'public' });
  const clients: TestClient[] = [];
  const tokens: Token[] = [];
  for (const [i, name] of options.people.entries()) {
    const client = await TestClient.connect(server.url, i === 0 ? token : undefined);
    await client.must({ type: 'watch', table: id });
    const sat = await client.must({ type: 'sit', table: id, name });
    clients.push(client);
    tokens.push(sat.token);
  }
  for (const bot of options.bots ?? []) await (clients[0] as TestClient).must({ type: 'add-bot', table: id, bot });
  return { id, clients, tokens };
}
