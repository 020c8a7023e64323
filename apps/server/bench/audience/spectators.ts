// One worker process of `pnpm bench:audience`: a share of the spectators, each its own socket.io connection,
// joining at the moments the parent gives (a burst spread over a few seconds) and then watching. Clients live in
// several such processes so that they are not what the benchmark measures. Every spectator is an honest client: it
// checks that its stream is gapless, applies each patch to the payload it holds (refusing one from a version it
// does not hold), and that nothing hidden (a pile, the deck, a seed) ever reaches it. For each update it notes when
// its frame arrived (CLOCK_MONOTONIC, which every process of the machine shares, so the parent can compare it with
// the server's send time).
//
// Modes: 'ours' and 'bare' speak our protocol (the bare socket.io server replays our messages) over a raw socket.io
// client (wire.ts: the wire over `ws`, nothing more), and the work every spectator of a worker would repeat on the
// same broadcast bytes — parsing, the hidden-key check, applying a patch to the same payload — is done once per
// distinct frame (frames.ts): at 10,000 spectators each a full socket.io-client that parsed and patched every
// message, the clients cost more CPU than the server they measured. 'bgio' speaks boardgame.io 0.50's socket.io
// transport as a spectator (no player id) of its benchmark game, with socket.io-client.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MESSAGE_EVENT, type GamePayload } from '@razzia/protocol';
import { io } from 'socket.io-client';
import { Frames } from './frames.ts';
import { RawSocket, monotonicMs } from './wire.ts';

export type Mode = 'ours' | 'bare' | 'bgio';

/** From the parent. */
export type Order =
  | {
      readonly type: 'join';
      readonly mode: Mode;
      /** The processes to connect to: spectator g goes to urls[g % urls.length]. */
      readonly urls: readonly string[];
      /** Our table id, or boardgame.io's match id. */
      readonly table: string;
      /** The global indexes of this worker's spectators, and how many there are in all. */
      readonly first: number;
      readonly step: number;
      readonly count: number;
      readonly total: number;
      /** When the burst starts (monotonic ms, the clock every process shares) and how long it lasts: spectator g joins
       * at start + g × spread / total. */
      readonly startAt: number;
      readonly spreadMs: number;
      /** Each spectator leaves as soon as it is in (a probe's joins: the client holds nothing else, as a spectator on
       * a device of its own). */
      readonly leave?: boolean;
    }
  | { readonly type: 'report' }
  /** Disconnects every spectator and forgets them: ready for the next part of the benchmark. */
  | { readonly type: 'reset' }
  | { readonly type: 'close' };

/** What a spectator times: an update (our log seq, or boardgame.io's move count) or a presence push (keyed by the
 * spectator count it tells). */
export type Stream = 'u' | 'p';

/** Per update or presence push: how many spectators had it, the first and last arrival, and what it was (an update:
 * 'game' if it tells a move of the game, 'chat', or the table notice it tells; a push: 'presence'). */
export type Arrivals = [stream: Stream, key: number, count: number, first: number, last: number, kind: string];

/** To the parent. */
export type WorkerReport =
  | { readonly type: 'ready' }
  | {
      readonly type: 'joined';
      readonly joined: number;
      readonly failed: number;
      readonly reasons: Record<string, number>;
      /** Per spectator in: from starting to connect to its watch's reply, and the part of it until connected. */
      readonly joinMs: number[];
      readonly connectMs: number[];
      /** When each join in joinMs began (monotonic ms, the machine's clock): beside the server's writes. */
      readonly joinAt: number[];
      /** Each join of a RawSocket (ours, the bare floor), as the client saw it (ClientSteps). */
      readonly steps: ClientSteps[];
    }
  | {
      readonly type: 'report';
      readonly arrivals: Arrivals[];
      readonly cut: number;
      readonly gaps: number;
      readonly badPatches: number;
      readonly hidden: number;
      readonly messages: number;
      /** This part's CPU (since the last reset). */
      readonly cpuSeconds: number;
      /** How late this worker's event loop ran (p99, max, ms) since the last reset: its receipts are stamped that late. */
      readonly loopP99Ms: number;
      readonly loopMaxMs: number;
      /** Of the spectators still in: how many hold each newest log entry (seq → spectators). */
      readonly holding: [seq: number, spectators: number][];
    };

export { monotonicMs };

let sockets: { disconnect(): void }[] = [];
/** Each distinct frame, decoded once for all the spectators of this worker that receive it (a broadcast). */
const frames = new Frames();
const arrivals = new Map<string, { stream: Stream; key: number; count: number; first: number; last: number; kind: string }>();
/** The newest log entry each of our spectators holds (ours and the bare floor's), by socket. */
const held = new Map<object, number>();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let cpu0 = process.cpuUsage();
let cut = 0;
let gaps = 0;
let badPatches = 0;
let hidden = 0;
let messages = 0;
let closing = false;

function arrived(id: string, stream: Stream, key: number, at: number, kind: string): void {
  const a = arrivals.get(id);
  if (!a) arrivals.set(id, { stream, key, count: 1, first: at, last: at, kind });
  else {
    a.count++;
    if (at < a.first) a.first = at;
    if (at > a.last) a.last = at;
  }
}

const send = (message: WorkerReport) => process.send?.(message);

/** One spectator of our protocol: numbered stream, patched payload. `checked`: its stream is our server's, whose
 * promises it checks (the bare floor replays our bytes from one snapshot: a spectator joining it late misses what
 * was sent before, so there it only does the same work). */
function ours(url: string, table: string, checked: boolean): Joining {
  const socket = new RawSocket(url);
  sockets.push(socket);
  let seq = -1;
  let game: GamePayload | null = null;
  let snapshotAt = NaN;
  socket.onEvent = (bytes, at) => {
    messages++;
    const frame = frames.decode(bytes);
    const m = frame.message;
    if (m.type === 'snapshot') {
      if (Number.isNaN(snapshotAt)) snapshotAt = at;
      seq = m.snapshot.seq;
      held.set(socket, seq);
      game = frame.game;
      hidden += frame.hidden;
      return;
    }
    if (m.type === 'presence') return arrived(frame.ids[0] as string, 'p', m.spectators, at, 'presence');
    if (m.type !== 'update') return;
    // Every entry it carries: an update that came folded into a later one (the outbox's, under a backlog) arrived
    // with it.
    m.entries.forEach((e, i) => arrived(frame.ids[i] as string, 'u', e.seq, at, frame.kind));
    if (checked && (seq < 0 || m.entries[0]?.seq !== seq + 1)) gaps++;
    seq = m.seq;
    held.set(socket, seq);
    if (!m.game) return;
    if ('full' in m.game) {
      game = frame.game;
      hidden += frame.hidden;
    } else if (!game || m.game.from !== game.version) {
      if (checked) badPatches++;
    } else {
      hidden += frame.hidden;
      game = frame.patch(game);
    }
  };
  return joined(
    (on) => {
      socket.onConnect = on.connect;
      socket.onConnectError = on.connectError;
      socket.onDisconnect = on.disconnect;
    },
    () =>
      socket
        .emitWithAck(MESSAGE_EVENT, { type: 'watch', table }, 60_000)
        .then((r) => ((r as { ok: boolean }).ok ? null : `refused: ${(r as { error?: { code: string } }).error?.code}`)),
    socket,
  ).then((r) => ({ ...r, steps: [socket.steps.tcp, socket.steps.open, socket.steps.connect, snapshotAt, socket.steps.port, socket.steps.serverPort] as ClientStepsAfter, leave: () => socket.disconnect() }));
}

/** One spectator of boardgame.io: `sync` without a player id, then `patch`es (or whole `update`s) of the state. */
function bgio(url: string, matchID: string): Joining {
  const socket = io(`${url}/bench`, { transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  let moves = -1;
  let synced: (() => void) | null = null;
  socket.on('sync', (_match: string, info: { state: { G: { moves: number } } }) => {
    messages++;
    moves = info.state.G.moves;
    synced?.();
  });
  socket.on('patch', (_match: string, _prev: number, _next: number, patch: { op: string; path: string; value?: unknown }[]) => {
    const at = monotonicMs();
    messages++;
    const op = patch.find((o) => o.path === '/G/moves');
    if (!op || typeof op.value !== 'number') return;
    if (op.value !== moves + 1) gaps++;
    moves = op.value;
    arrived(`u${moves}`, 'u', moves, at, 'game');
  });
  socket.on('update', (_match: string, state: { G: { moves: number } }) => {
    const at = monotonicMs();
    messages++;
    if (state.G.moves !== moves + 1) gaps++;
    moves = state.G.moves;
    arrived(`u${moves}`, 'u', moves, at, 'game');
  });
  return joined(
    (on) => {
      socket.once('connect', on.connect);
      socket.once('connect_error', on.connectError);
      socket.on('disconnect', on.disconnect);
    },
    () =>
      new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => resolve('no sync within 60 s'), 60_000);
        synced = () => {
          clearTimeout(timer);
          synced = null;
          resolve(null);
        };
        socket.emit('sync', matchID, undefined, undefined, 4);
      }),
    socket,
  );
}

/** What a join came to: null when it is in, else why not; and when it was connected (monotonic ms). */
type Joining = Promise<{ why: string | null; connectedAt: number; steps?: ClientStepsAfter; leave?: () => void }>;

/** ClientSteps after `begun` (which the caller knows). */
type ClientStepsAfter = [tcp: number, open: number, connect: number, snapshot: number, port: number, serverPort: number];

/** A join as its client saw it (monotonic ms): begun, its TCP connection open, engine.io's open packet in, socket.io's
 * CONNECT in, its snapshot in; and its local port and the server's (the server's notes of the same join carry both). */
export type ClientSteps = [begun: number, tcp: number, open: number, connect: number, snapshot: number, port: number, serverPort: number];

/** What a socket (socket.io-client's or wire.ts's) tells its join. */
interface Connecting {
  readonly connect: () => void;
  readonly connectError: (e: Error) => void;
  readonly disconnect: (reason: string) => void;
}

/** Connects, then joins (`watch` or `sync`). A socket that drops afterwards without being asked to is counted as
 * cut (and no longer expected to hold anything); one that drops before it is in, or gets no answer, failed.
 * `listen` hands the socket's events to the join; `socket` is its key in `held`. */
function joined(listen: (on: Connecting) => void, join: () => Promise<string | null>, socket: object): Joining {
  return new Promise((resolve) => {
    let connectedAt = NaN;
    let settled = false;
    let inside = false;
    const settle = (why: string | null) => {
      if (settled) return;
      settled = true;
      inside = why === null;
      clearTimeout(limit);
      resolve({ why, connectedAt });
    };
    const limit = setTimeout(() => settle(`no answer within ${JOIN_LIMIT_MS / 1000} s`), JOIN_LIMIT_MS);
    listen({
      connectError: (e) => settle(`connect: ${e.message}`),
      disconnect: (reason) => {
        if (!settled) return settle(`dropped while joining: ${reason}`);
        if (!inside) return;
        held.delete(socket);
        if (!closing) cut++;
      },
      connect: () => {
        connectedAt = monotonicMs();
        join().then(settle, (e: unknown) => settle(`join: ${e instanceof Error ? e.message : String(e)}`));
      },
    });
  });
}

/** The longest one spectator's join may take, whatever happens (the engine's handshake may take 20 s, as
 * socket.io-client's, a watch 60 s; a connection dropped between the two answers neither). */
const JOIN_LIMIT_MS = 120_000;

async function join(order: Extract<Order, { type: 'join' }>): Promise<void> {
  const reasons: Record<string, number> = {};
  const joinMs: number[] = [];
  const connectMs: number[] = [];
  const joinAt: number[] = [];
  const steps: ClientSteps[] = [];
  let ok = 0;
  let failed = 0;
  const all: Promise<void>[] = [];
  for (let i = 0; i < order.count; i++) {
    const g = order.first + i * order.step;
    const at = order.startAt + (g * order.spreadMs) / order.total;
    all.push(
      new Promise<void>((resolve) => {
        setTimeout(() => {
          const t0 = monotonicMs();
          const url = order.urls[g % order.urls.length] as string;
          const attempt = order.mode === 'bgio' ? bgio(url, order.table) : ours(url, order.table, order.mode === 'ours');
          void attempt.then(({ why, connectedAt, steps: seen, leave }) => {
            if (why === null) {
              ok++;
              if (seen) steps.push([t0, ...seen] as ClientSteps);
              joinMs.push(monotonicMs() - t0);
              connectMs.push(connectedAt - t0);
              joinAt.push(t0);
              if (order.leave) leave?.();
            } else {
              failed++;
              const key = why.slice(0, 80);
              reasons[key] = (reasons[key] ?? 0) + 1;
            }
            resolve();
          });
        }, Math.max(0, at - monotonicMs()));
      }),
    );
  }
  await Promise.all(all);
  send({ type: 'joined', joined: ok, failed, reasons, joinMs, connectMs, joinAt, steps });
}

process.on('message', (order: Order) => {
  switch (order.type) {
    case 'join':
      void join(order);
      return;
    case 'report': {
      const usage = process.cpuUsage(cpu0);
      const holding = new Map<number, number>();
      for (const seq of held.values()) holding.set(seq, (holding.get(seq) ?? 0) + 1);
      send({
        type: 'report',
        arrivals: [...arrivals.values()].map((a) => [a.stream, a.key, a.count, a.first, a.last, a.kind]),
        cut,
        gaps,
        badPatches,
        hidden,
        messages,
        cpuSeconds: (usage.user + usage.system) / 1e6,
        loopP99Ms: loop.percentile(99) / 1e6,
        loopMaxMs: loop.max / 1e6,
        holding: [...holding],
      });
      return;
    }
    case 'reset':
      closing = true;
      for (const s of sockets) s.disconnect();
      sockets = [];
      held.clear();
      arrivals.clear();
      frames.clear();
      cut = gaps = badPatches = hidden = messages = 0;
      closing = false;
      cpu0 = process.cpuUsage();
      loop.reset();
      send({ type: 'ready' });
      return;
    case 'close':
      closing = true;
      for (const s of sockets) s.disconnect();
      setTimeout(() => process.exit(0), 200);
      return;
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
