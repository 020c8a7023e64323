// Benchmarks only (bench:audience, BENCH_SENT_LOG): a line for each moment the benchmark times, on the monotonic
// clock every process of the machine shares (CLOCK_MONOTONIC, as process.hrtime), so it can set them beside its
// spectators' receipts:
//   u <table> <seq> <ms>        an update starts going out to this process's sockets
//   uw <table> <seq> <ms>       … and is written to the last spectator here
//   p <table> <count> <ms>      a presence push (the spectator count) starts going out
//   pw <table> <count> <ms>     … and is written to the last spectator here
//   gc <kind> <ms> <duration>   a garbage collection paused JavaScript (kind: V8's, 1 minor, 2 major, 4 incremental, 8 weak)
//   lag <ms> <late>             the event loop came back this late to a 10 ms timer (lags of 10 ms and more)
//   j <accepted> <handshake> <connected> <asked> <written> <port> <server port>
//                               a spectator's join on the server (JoinSteps below); the rest of a join is the
//                               network and the client

import { createWriteStream } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { SendProbe } from './socket/gateway.ts';

const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export function benchProbe(path: string): SendProbe {
  const log = createWriteStream(path, { flags: 'a' });
  const line = (fields: readonly (string | number)[]) => log.write(`${fields.join(' ')}\n`);
  // performance.now() runs on the same monotonic clock from a later origin.
  const offset = monotonicMs() - performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind ?? 0;
      line(['gc', kind, (offset + e.startTime).toFixed(3), e.duration.toFixed(3)]);
    }
  }).observe({ entryTypes: ['gc'] });
  const TICK_MS = 10;
  let expected = monotonicMs() + TICK_MS;
  setInterval(() => {
    const now = monotonicMs();
    const late = now - expected;
    if (late >= 10) line(['lag', now.toFixed(3), late.toFixed(3)]);
    expected = now + TICK_MS;
  }, TICK_MS).unref();
  return {
    sent: (table, kind, key) => line([kind === 'update' ? 'u' : 'p', table, key, monotonicMs().toFixed(3)]),
    written: (table, kind, key) => line([kind === 'update' ? 'uw' : kind === 'seats' ? 'sw' : 'pw', table, key, monotonicMs().toFixed(3)]),
    attach: (http, io) => timeJoins(http, io, (steps) => line(['j', ...steps.map((t) => t.toFixed(3))])),
  };
}

/** The engine.io and socket.io parts `timeJoins` reads (socket.io's types, loosely: the bare floor's too). */
interface Io {
  readonly engine: { on(event: 'connection', f: (raw: EngineSocket) => void): void };
  on(event: 'connection', f: (socket: { conn: EngineSocket }) => void): void;
}
type PacketListener = (packet: { type?: string; data?: unknown }) => void;
interface EngineSocket {
  readonly request: { socket?: NetSocket } | null;
  on(event: 'packetCreate' | 'packet', f: PacketListener): void;
  off(event: 'packetCreate' | 'packet', f: PacketListener): void;
}

/** What a snapshot's packet begins with (socket.io's event `msg`, our snapshot message). */
const SNAPSHOT_PACKET = '2["msg",{"type":"snapshot"';

/** A join's steps on the server (monotonic ms): its connection taken from the kernel, its WebSocket handshake made,
 * socket.io's connection (the client's CONNECT in, the middlewares passed), its first message in (the `watch`), its
 * snapshot given to engine.io to write; the client's port and the server's (a client may use one port towards each of
 * several servers). Between the handshake and the CONNECT, and between the connection and the `watch`, the client had
 * the turn. */
export type JoinSteps = [accepted: number, handshake: number, connected: number, asked: number, written: number, port: number, serverPort: number];

/**
 * Calls `note` with each connection's join steps (JoinSteps). Attach before anything else listens to `io.engine`'s
 * connections (ours lets go of the upgrade request there). Benchmarks only: ours (BENCH_SENT_LOG) and the bare floor.
 */
export function timeJoins(http: HttpServer, io: Io, note: (steps: JoinSteps) => void): void {
  const accepted = new WeakMap<object, number>();
  const handshake = new WeakMap<object, { at: number; port: number; serverPort: number }>();
  http.on('connection', (socket: NetSocket) => accepted.set(socket, monotonicMs()));
  io.engine.on('connection', (raw) => {
    const socket = raw.request?.socket;
    if (!socket) return;
    accepted.set(raw, accepted.get(socket) ?? NaN);
    handshake.set(raw, { at: monotonicMs(), port: socket.remotePort ?? 0, serverPort: socket.localPort ?? 0 });
  });
  io.on('connection', ({ conn }) => {
    const from = accepted.get(conn);
    const made = handshake.get(conn);
    if (from === undefined || made === undefined) return;
    const steps: JoinSteps = [from, made.at, monotonicMs(), NaN, NaN, made.port, made.serverPort];
    const asked: PacketListener = (packet) => {
      if (packet.type !== 'message') return;
      conn.off('packet', asked);
      steps[3] = monotonicMs();
    };
    const created: PacketListener = (packet) => {
      if (typeof packet.data !== 'string' || !packet.data.startsWith(SNAPSHOT_PACKET)) return;
      conn.off('packetCreate', created);
      steps[4] = monotonicMs();
      note(steps);
    };
    conn.on('packet', asked);
    conn.on('packetCreate', created);
  });
}
