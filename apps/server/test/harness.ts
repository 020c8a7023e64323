// Integration-test harness: real servers on 127.0.0.1 with a real SQLite file in a temp dir, and socket.io
// clients that check every message they receive against the strict protocol schemas and the table's game's own
// schemas, and rebuild each table as a client must (snapshots, gapless log, patched game).

import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fairKey } from '@razzia/contract/fair';
import type { GameView } from '@razzia/game-razzia';
import {
  MESSAGE_EVENT,
  ServerMessageSchema,
  TableNoticeSchema,
  ChatLineSchema,
  applyPatch,
  type ClientMessage,
  type GamePayload,
  type LogEntry,
  type Reply,
  type ServerMessage,
  type Snapshot,
  type TableId,
  type TableInfo,
  type Token,
} from '@razzia/protocol';
import pino from 'pino';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { inject } from 'vitest';
import { GameCatalog, GAMES } from '../src/games.ts';
import { enrol, lastLines } from './support/diagnostics.ts';
import { NodeProcess } from './support/processes.ts';
import { guess } from './support/guess-game.ts';
import { TEST_OPERATOR_TOKEN } from './support/operator.ts';
import { startServer, type RunningServer, type ServerOptions } from '../src/index.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import type { Store } from '../src/store/store.ts';

export function tempDir(prefix = 'razzia-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * How a test starts a real server process: `spawn(process.execPath, serverArgs(), …)` runs this run's build of the
 * server (test/support/global-services.ts), plain JavaScript as production runs it — the same code as src/, built
 * once per run, and a start that costs a third of the CPU of loading the TypeScript through tsx.
 */
export function serverArgs(): string[] {
  return [inject('serverMain')];
}

/**
 * The real server as a child process on a data directory (this run's build, as production runs it): what the restart
 * tests kill with SIGKILL and start again on the same directory. Its log lines are kept, for a failure's output.
 */
export async function serverProcess(dataDir: string): Promise<NodeProcess> {
  return NodeProcess.start(await storeEnv(dataDir), serverArgs()[0]);
}

/** Which store test servers use: SQLite, or PostgreSQL for the files under test/postgres/. */
export function testStore(): 'sqlite' | 'postgres' {
  return (globalThis as { razziaTestStore?: 'postgres' }).razziaTestStore ?? 'sqlite';
}

/** The PostgreSQL database that stands for a data directory (created empty the first time). */
export async function databaseFor(dataDir: string): Promise<string> {
  const admin = inject('postgres');
  const name = `razzia_${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return admin.replace(/\/postgres$/, `/${name}`);
}

/** The store of a data directory, as the test servers use it. */
export async function storeFor(dataDir: string): Promise<Store> {
  return testStore() === 'postgres' ? PostgresStore.open(await databaseFor(dataDir)) : new SqliteStore(dataDir);
}

/** The environment a server child process needs to use the same store as `storeFor(dataDir)`. */
export async function storeEnv(dataDir: string): Promise<Record<string, string>> {
  return testStore() === 'postgres' ? { DATA_DIR: dataDir, DATABASE_URL: await databaseFor(dataDir) } : { DATA_DIR: dataDir };
}

export async function testServer(options: Partial<ServerOptions> = {}): Promise<RunningServer & { dataDir: string }> {
  const dataDir = options.dataDir ?? tempDir();
  const store = options.store ?? (testStore() === 'postgres' ? await storeFor(dataDir) : undefined);
  // Its warnings and errors, kept for a failed test's output (support/diagnostics.ts): a server in this process
  // has no output of its own.
  const warned: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void (warned.push(line.trimEnd()) > 100 && warned.splice(0, 50)) });
  const server = await startServer({
    ...(store ? { store } : {}),
    dataDir,
    port: 0,
    host: '127.0.0.1',
    webBuildDir: null,
    botDelayMs: 0,
    logger,
    rateLimit: { perSecond: 10_000, burst: 10_000 },
    games: TEST_GAMES.games,
    operatorToken: TEST_OPERATOR_TOKEN,
    ...options,
  });
  const name = `server in the test's process ${server.url}${options.nodeId ? ` (${options.nodeId})` : ''}`;
  enrol({ describe: () => (warned.length === 0 ? [] : [`${name}: its last warnings and errors:`, ...lastLines(warned, 20)]) });
  return { ...server, dataDir };
}

/** A table as one client holds it, rebuilt from what it received. Tests read it through frames. */
export interface Held {
  info: TableInfo;
  you: { seat: number | null; host: boolean };
  game: GamePayload | null;
  log: LogEntry[];
  seq: number;
}

/**
 * What a test sees after each received message: the message, and for table messages the table as the client now
 * holds it — `game` is the rebuilt game view (a Razzia! view at Razzia! tables), `payload` the whole game payload.
 */
export type Frame =
  | { type: 'snapshot'; table: TableId; snapshot: Omit<Snapshot, 'game'> & { game: GameView | null; payload: GamePayload | null }; held: Held }
  | {
      type: 'update';
      table: TableInfo;
      seq: number;
      entries: readonly LogEntry[];
      game: GameView | null;
      payload: GamePayload | null;
      held: Held;
      message: Extract<ServerMessage, { type: 'update' }>;
    }
  | Exclude<ServerMessage, { type: 'snapshot' | 'update' }>;

type Waiter = { pred: (m: Frame) => boolean; resolve: (m: Frame) => void; reject: (e: Error) => void };

/** Every game a test server hosts: the platform's, and a tiny test game with simultaneous secret picks and dice. */
export const TEST_GAMES = new GameCatalog([...GAMES, guess]);

/** Checks what a game sends against that game's own schemas: views, events, decisions. */
function checkGameData(info: TableInfo, game: GamePayload | null, entries: readonly LogEntry[]): void {
  const def = TEST_GAMES.get(info.game);
  if (!def) throw new Error(`unknown game ${info.game}`);
  if (game) {
    def.schemas.view.parse(game.view);
    for (const a of game.legal) def.schemas.action.parse(a);
  }
  for (const e of entries) (e.kind === 'game' ? def.schemas.event : e.kind === 'chat' ? ChatLineSchema : TableNoticeSchema).parse(e.event);
}

/** A client as a browser or a bot would be: one socket, every received message validated and kept. */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  readonly frames: Frame[] = [];
  /** Raw JSON of every message, for leak checks. */
  readonly raw: string[] = [];
  /** Raw JSON of every reply (acknowledgement), for leak checks. */
  readonly replies: string[] = [];
  readonly held = new Map<TableId, Held>();
  /** Every broken promise of the protocol this client saw (each also thrown where it was received). */
  readonly problems: string[] = [];
  private waiters: Waiter[] = [];
  token: Token | undefined;

  private constructor(readonly socket: Socket) {
    enrol(this);
    socket.on(MESSAGE_EVENT, (payload: unknown) => {
      this.raw.push(JSON.stringify(payload));
      // Strict schemas: a field the server did not mean to publish fails here.
      const message = ServerMessageSchema.parse(payload);
      this.messages.push(message);
      this.push(this.frameOf(message));
    });
  }

  /** For the output of a failed test (support/diagnostics.ts): while connected or waiting, what it holds and what
   * it waits for. */
  describe(): string[] {
    if (!this.socket.connected && this.waiters.length === 0) return [];
    const waits = this.waiters.map((w) => w.pred.toString().replace(/\s+/g, ' ').slice(0, 160));
    const lines = [`test client ${this.socket.id ?? '?'} (${this.socket.connected ? 'connected' : 'disconnected'}, ${this.frames.length} messages)${waits.length ? ` waiting for: ${waits.join(' | ')}` : ''}`];
    for (const [id, held] of this.held) {
      const game = held.game;
      const log = held.log.slice(-4).map((e) => `${e.seq} ${e.kind}:${e.event.type}`).join(', ');
      lines.push(`    table ${id} (${held.info.status}): log at ${held.seq}, game version ${game?.version ?? '-'}, awaiting [${game?.awaiting.join(', ') ?? ''}], ${game?.legal.length ?? 0} decisions for this client${held.info.pause ? `, paused for [${held.info.pause.waiting.join(', ')}]` : ''}; last: ${log}`);
    }
    return lines;
  }

  private problem(what: string): Error {
    this.problems.push(what);
    return new Error(what);
  }

  private push(frame: Frame): void {
    this.frames.push(frame);
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred(frame)) return true;
      w.resolve(frame);
      return false;
    });
  }

  /** Applies a message as the protocol says a client must, and checks it keeps every promise the protocol makes. */
  private frameOf(message: ServerMessage): Frame {
    if (message.type === 'snapshot') {
      const s = message.snapshot;
      const before = this.held.get(s.table.id);
      // Nothing older after what a client holds: a snapshot never takes it back.
      if (before && s.seq < before.seq) throw this.problem(`a snapshot at ${s.seq} (game version ${s.game?.version}) for a client at ${before.seq} (game version ${before.game?.version})`);
      let log: LogEntry[];
      if (s.from === 0) log = [...s.log];
      else {
        // A catch-up: it continues the log this client holds up to `from` (it asked with since = from).
        if (!before || before.seq < s.from) throw this.problem(`a snapshot from ${s.from} for a client at ${before?.seq}`);
        log = [...before.log.slice(0, s.from), ...s.log];
      }
      try {
        expectGapless(log, s.seq, s.from === 0 ? (s.log[0]?.seq ?? s.seq + 1) - 1 : 0);
      } catch (e) {
        throw this.problem(`a snapshot at ${s.seq} from ${s.from}: ${(e as Error).message}`);
      }
      checkGameData(s.table, s.game, s.log);
      const held: Held = { info: s.table, you: s.you, game: s.game, log, seq: s.seq };
      this.held.set(s.table.id, held);
      return { type: 'snapshot', table: s.table.id, snapshot: { ...s, game: (s.game?.view ?? null) as GameView | null, payload: s.game }, held };
    }
    if (message.type === 'update') {
      const before = this.held.get(message.table);
      if (!before) throw new Error(`an update for table ${message.table}, which this client does not hold`);
      const first = message.entries[0]?.seq;
      if (first !== before.seq + 1 || message.seq !== before.seq + message.entries.length)
        throw this.problem(`an update with entries ${first}..${message.seq} for a client at ${before.seq}`);
      let game = before.game;
      if (message.game && 'full' in message.game) game = message.game.full;
      else if (message.game) {
        if (!game || game.version !== message.game.from) throw new Error(`a patch from version ${message.game.from} for a client at ${game?.version}`);
        game = applyPatch(game, message.game.patch);
      }
      const info = message.info ?? { ...before.info, clocks: message.clocks };
      checkGameData(info, game, message.entries);
      const held: Held = { info: { ...info, clocks: message.clocks }, you: before.you, game, log: [...before.log, ...message.entries], seq: message.seq };
      this.held.set(message.table, held);
      return {
        type: 'update',
        table: held.info,
        seq: message.seq,
        entries: message.entries,
        game: (game?.view ?? null) as GameView | null,
        payload: game,
        held,
        message,
      };
    }
    if (message.type === 'presence') {
      const held = this.held.get(message.table);
      if (held)
        held.info = {
          ...held.info,
          spectators: message.spectators,
          seats: held.info.seats.map((s, i) => (s.occupant ? { ...s, occupant: { ...s.occupant, connected: message.connected[i] ?? false } } : s)),
        };
    }
    return message;
  }

  /** With `reconnection`, the client comes back by itself as socket.io clients do, after 50 ms to 0.5 s rather
   * than a browser's 1 to 5 s: tests check that it comes back and what it gets, not how long it backs off. */
  static async connect(url: string, token?: Token, options: { reconnection?: boolean } = {}): Promise<TestClient> {
    const socket = io(url, {
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 50,
      reconnectionDelayMax: 500,
      forceNew: true,
    });
    const client = new TestClient(socket);
    client.token = token;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return client;
  }

  async send<T extends ClientMessage['type']>(message: Extract<ClientMessage, { type: T }> | Record<string, unknown>): Promise<Reply<T>> {
    // (A limit against a hang only: a loaded machine's server answers late, not never.)
    const reply = (await this.socket.timeout(120_000).emitWithAck(MESSAGE_EVENT, message)) as Reply<T>;
    this.replies.push(JSON.stringify(reply));
    return reply;
  }

  /** Sends and insists on success. */
  async must<T extends ClientMessage['type']>(message: Extract<ClientMessage, { type: T }>): Promise<Extract<Reply<T>, { ok: true }>> {
    const reply = await this.send<T>(message);
    if (!reply.ok) throw new Error(`${message.type} refused: ${reply.error.code}: ${reply.error.message}`);
    if (message.type === 'sit') this.token = (reply as unknown as { token: Token }).token;
    return reply as Extract<Reply<T>, { ok: true }>;
  }

  /** Watches a table; resolves with the snapshot it pushed (which always arrives before the reply). */
  async watch(table: TableId, since?: number): Promise<Extract<Frame, { type: 'snapshot' }>> {
    const from = this.frames.length;
    await this.must({ type: 'watch', table, ...(since === undefined ? {} : { since }) });
    const frame = this.frames.slice(from).find((f) => f.type === 'snapshot' && f.table === table);
    if (!frame) throw new Error('the watch reply came before its snapshot');
    return frame as Extract<Frame, { type: 'snapshot' }>;
  }

  /** The first frame (already received or still to come) that matches. */
  waitFor(pred: (m: Frame) => boolean, from = 0): Promise<Frame> {
    const seen = this.frames.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      this.waiters.push({ pred, resolve, reject });
      this.socket.once('disconnect', (reason) => reject(new Error(`disconnected while waiting: ${reason}`)));
    });
  }

  /** The game of `table` (or of the table last heard from) as this client holds it now. */
  payload(table?: TableId): GamePayload | null {
    if (table) return this.held.get(table)?.game ?? null;
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i] as Frame;
      if (f.type === 'update' || f.type === 'snapshot') return f.held.game;
    }
    return null;
  }

  /** The newest game view (of `table`, if given), if any. */
  lastGame(table?: TableId): GameView | null {
    return (this.payload(table)?.view ?? null) as GameView | null;
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** Log numbers run from `from + 1` to `seq` without a gap or a repeat. */
function expectGapless(log: readonly LogEntry[], seq: number, from: number): void {
  log.forEach((e, i) => {
    if (e.seq !== from + 1 + i) throw new Error(`log entry ${i} is numbered ${e.seq}, not ${from + 1 + i}`);
  });
  if (from + log.length !== seq) throw new Error(`a log of ${log.length} entries from ${from} does not end at ${seq}`);
}

export async function createTable(
  server: { url: string },
  settings: { name?: string; players: number; visibility?: 'public' | 'private'; clock?: number | null; game?: string; hints?: boolean; options?: Record<string, unknown> },
  token?: Token,
): Promise<{ id: TableId; token: Token }> {
  const res = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      ...(settings.game ? { game: settings.game } : {}),
      name: settings.name ?? 'Test table',
      players: settings.players,
      visibility: settings.visibility ?? 'public',
      clock: settings.clock ?? null,
      ...(settings.hints === undefined ? {} : { hints: settings.hints }),
      ...(settings.options === undefined ? {} : { options: settings.options }),
    }),
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

/** A decision as a client sends it: one of the server's `legal` list for its seat. */
export type Intent = GamePayload['legal'][number];

/**
 * Makes a client play its seat: whenever the game it holds awaits this seat, it sends `pick`'s choice among the
 * legal decisions the server listed for it. Resolves with the final view when the game is over.
 */
export function autoPlay(
  client: TestClient,
  table: TableId,
  pick: (legal: readonly Intent[], version: number) => Intent = (legal) => legal[0] as Intent,
  options: { beforeAct?: (view: GameView, payload: GamePayload) => boolean | Promise<boolean> } = {},
): Promise<GameView> {
  return new Promise((resolve, reject) => {
    let actedOn = -1;
    let readyAt = -1;
    const consider = async () => {
      const held = client.held.get(table);
      const game = held?.game;
      if (!held || !game) return;
      if (game.outcome) {
        client.socket.off(MESSAGE_EVENT, onMessage);
        resolve(game.view as unknown as GameView);
        return;
      }
      // A moment of the game (a round's summary) waits for this seat: it has read it at once.
      const pause = held.info.pause;
      if (held.you.seat !== null && pause?.waiting.includes(held.you.seat) && readyAt !== pause.until) {
        readyAt = pause.until;
        const ready = await client.send({ type: 'ready', table });
        if (!ready.ok) reject(new Error(`ready refused: ${JSON.stringify(ready.error)}`));
      }
      if (game.legal.length === 0 || actedOn === game.version) return;
      if (options.beforeAct && !(await options.beforeAct(game.view as unknown as GameView, game))) return;
      actedOn = game.version;
      const reply = await client.send({ type: 'act', table, version: game.version, intent: pick(game.legal, game.version) });
      if (!reply.ok && reply.error.code !== 'stale-version') reject(new Error(`act refused: ${JSON.stringify(reply.error)}`));
    };
    const onMessage = () => void consider().catch(reject);
    client.socket.on(MESSAGE_EVENT, onMessage);
    void consider().catch(reject);
  });
}

/** Every key that would mean the server sent something of the hidden state. The one `seed` allowed is the table
 * info's fair-draws seed (it follows the `contributions`: null until the end, then revealed); `expectFairKept`
 * checks that one by its value. */
export const SECRET_KEYS = /(?<!"contributions":\[[^\]]*\],)"(secret|deck|pileTops|rng|seed|setup|piles|botSeed|owner|token|supply|hand[s]?Of)"\s*:/;

/** A person's contribution to the fair draws: 32 random bytes as hex, as the web client sends. */
export function contribution(): string {
  return randomBytes(32).toString('hex');
}

/** What of a table's fair draws must not leave the server before the end, as a leak could spell it. */
export interface FairSecrets {
  readonly seed: string;
  /** The draws' key and the first block of every stream the game could have drawn (and a few more), in hex: never
   * in any message, even after the end. */
  readonly hex: ReadonlySet<string>;
  /** The seed, the key and those blocks in base64 and base64url (their first 43 characters, the same in both but
   * for + / and - _): never in any message either. */
  readonly base64: ReadonlySet<string>;
}

/** A table's fair seed from its store (a test server's data directory, or a cluster's PostgreSQL), and every form
 * of it and of what is drawn from it. */
export async function fairSecrets(where: string | { databaseUrl: string }, id: TableId): Promise<FairSecrets> {
  const store = typeof where === 'string' ? await storeFor(where) : await PostgresStore.open(where.databaseUrl);
  const loaded = await store.load(id);
  await store.close();
  const seed = loaded?.fairSeed;
  const fair = loaded?.record.fair;
  if (!seed || !fair) throw new Error(`table ${id} has no fair draws`);
  const key = Buffer.from(fairKey(seed, id, fair.contributions));
  const blocks = Array.from({ length: (loaded?.moves.length ?? 0) + 4 }, (_, label) => {
    const message = Buffer.alloc(8);
    message.writeUInt32BE(label, 0);
    return createHmac('sha256', key).update(message).digest();
  });
  const secret = [key, ...blocks];
  return {
    seed,
    hex: new Set(secret.map((b) => b.toString('hex'))),
    base64: new Set([Buffer.from(seed, 'hex'), ...secret].flatMap((b) => [b.toString('base64').slice(0, 43), b.toString('base64url').slice(0, 43)])),
  };
}

/** The first form of the fair draws' secrets (other than the seed's hex) in `text`, or null. Every window of every
 * run of hex or base64 characters long enough is looked up, so a form inside a longer run is found too. */
export function fairFormIn(text: string, secrets: FairSecrets): string | null {
  for (const run of text.match(/[0-9a-fA-F]{64,}/g) ?? [])
    for (let i = 0; i + 64 <= run.length; i++) if (secrets.hex.has(run.slice(i, i + 64).toLowerCase())) return run.slice(i, i + 64);
  for (const run of text.match(/[A-Za-z0-9+/_-]{43,}/g) ?? [])
    for (let i = 0; i + 43 <= run.length; i++) if (secrets.base64.has(run.slice(i, i + 43))) return run.slice(i, i + 43);
  return null;
}

/**
 * Every message and reply a client received keeps the fair draws secret: nothing derived from the seed anywhere,
 * and the seed itself only in the table info of a game that is over (revealed), once a message. Returns how many
 * messages showed it revealed.
 */
export function expectFairKept(client: TestClient, secrets: FairSecrets): number {
  let revealed = 0;
  for (const raw of [...client.raw, ...client.replies]) {
    const form = fairFormIn(raw, secrets);
    if (form) throw new Error(`a message holds a form of the fair draws' secrets (${form.slice(0, 12)}…): ${raw.slice(0, 160)}`);
    if (!raw.includes(secrets.seed)) continue;
    const message = JSON.parse(raw) as ServerMessage;
    const info = message.type === 'snapshot' ? message.snapshot.table : message.type === 'update' ? message.info : undefined;
    if (info?.status !== 'over' || info.fair?.seed !== secrets.seed) throw new Error(`a message holds the fair seed before the end: ${raw.slice(0, 160)}`);
    if (raw.split(secrets.seed).length !== 2) throw new Error('the revealed seed is in a message twice');
    revealed++;
  }
  return revealed;
}

/**
 * A table with people seated in order (the first is the host, created with its token) and then bots, every
 * person's client watching it. Not started.
 */
export async function seatedTable(
  server: { url: string },
  options: {
    players: number;
    people: readonly string[];
    bots?: readonly string[];
    clock?: number | null;
    visibility?: 'public' | 'private';
    game?: string;
    hints?: boolean;
    /** Each person sends a contribution to the fair draws after sitting, as the web client does. */
    contribute?: boolean;
    /** The game's options (Robbery's memoryAid). */
    options?: Record<string, unknown>;
  },
): Promise<{ id: TableId; clients: TestClient[]; tokens: Token[] }> {
  const { id, token } = await createTable(server, {
    players: options.players,
    clock: options.clock ?? null,
    visibility: options.visibility ?? 'public',
    ...(options.game ? { game: options.game } : {}),
    ...(options.hints === undefined ? {} : { hints: options.hints }),
    ...(options.options === undefined ? {} : { options: options.options }),
  });
  const clients: TestClient[] = [];
  const tokens: Token[] = [];
  for (const [i, name] of options.people.entries()) {
    const client = await TestClient.connect(server.url, i === 0 ? token : undefined);
    await client.watch(id);
    const sat = await client.must({ type: 'sit', table: id, name });
    if (options.contribute) await client.must({ type: 'contribute', table: id, value: contribution() });
    clients.push(client);
    tokens.push(sat.token);
  }
  for (const bot of options.bots ?? []) await (clients[0] as TestClient).must({ type: 'add-bot', table: id, bot });
  return { id, clients, tokens };
}
