// The floor of `pnpm bench:audience`: a bare socket.io server — the same version, with the same options as ours —
// that does nothing but what any broadcast needs. A spectator's `watch` joins one room and gets the snapshot our
// server sent as its burst began (the same bytes); the server replays to the room, at the same moments from the
// start of its own burst, the messages one of our spectators received from then on (updates and presence pushes,
// during the burst and while the audience watched: the same bytes at the same rate). It notes when it sends each
// update (monotonic clock, like ours under BENCH_SENT_LOG). A child process of its own, driven over IPC.

import type { AddressInfo } from 'node:net';
import { createServer as createHttp } from 'node:http';
import { Server } from 'socket.io';
import { timeJoins, type JoinSteps } from '../../src/bench-probe.ts';
import { LISTEN_BACKLOG } from '../../src/socket/upgrades.ts';

/** From the parent. */
export type BareOrder =
  | { readonly type: 'snapshot'; readonly message: unknown }
  /** Each message at its offset (ms) from `startAt` (monotonic ms); updates carry their log seq. */
  | { readonly type: 'play'; readonly startAt: number; readonly messages: readonly { readonly at: number; readonly seq: number | null; readonly message: unknown }[] }
  | { readonly type: 'sent' };

/** What it sent: each update (key: its seq) and presence push (key: its spectator count), when it was due (the moment
 * ours had it to send), when it started writing it to the room (later, if the previous broadcast still held the event
 * loop) and when it was written to all (one go). */
export type BareSent = [stream: 'u' | 'p', key: number, due: number, began: number, written: number];

export type BareReport =
  | { readonly type: 'listening'; readonly port: number }
  /** `joins`: each join's server part, as ours notes it (src/bench-probe.ts `timeJoins`). */
  | { readonly type: 'sent'; readonly sent: BareSent[]; readonly joins: JoinSteps[] };

const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

const http = createHttp();
// As apps/server/src/app.ts configures ours (one process: a ping every 10 s).
const io = new Server(http, { maxHttpBufferSize: 16 * 1024, serveClient: false, pingInterval: 10_000, pingTimeout: 20_000 });
const ROOM = 'table';
let snapshot: unknown = null;
const sent: BareSent[] = [];
const joins: JoinSteps[] = [];
timeJoins(http, io, (steps) => joins.push(steps));

io.on('connection', (socket) => {
  socket.on('msg', (message: { type?: string }, ack: unknown) => {
    if (typeof ack !== 'function') return;
    if (message?.type !== 'watch') return (ack as (r: object) => void)({ ok: false, error: { code: 'bad-message' } });
    void socket.join(ROOM);
    socket.emit('msg', snapshot);
    (ack as (r: object) => void)({ ok: true, seq: (snapshot as { snapshot: { seq: number } }).snapshot.seq });
  });
});

process.on('message', (order: BareOrder) => {
  switch (order.type) {
    case 'snapshot':
      snapshot = order.message;
      return;
    case 'play': {
      const t0 = order.startAt;
      for (const m of order.messages)
        setTimeout(() => {
          const began = monotonicMs();
          io.to(ROOM).emit('msg', m.message);
          const presence = (m.message as { type?: string; spectators?: number }).spectators;
          if (m.seq !== null) sent.push(['u', m.seq, t0 + m.at, began, monotonicMs()]);
          else if (presence !== undefined) sent.push(['p', presence, t0 + m.at, began, monotonicMs()]);
        }, Math.max(0, t0 + m.at - monotonicMs()));
      return;
    }
    case 'sent':
      process.send?.({ type: 'sent', sent, joins } satisfies BareReport);
      return;
  }
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0)); // a normal exit: --cpu-prof writes its profile
// The listen backlog ours has: a crowd's connections wait for either server alike.
http.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG }, () => process.send?.({ type: 'listening', port: (http.address() as AddressInfo).port } satisfies BareReport));
