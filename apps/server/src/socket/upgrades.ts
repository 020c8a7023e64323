// WebSocket handshakes, a few per turn of the event loop. A burst of spectators (a link shared to thousands) makes
// hundreds of upgrade requests ready at once, and the event loop's poll phase handled all of them in one go: the
// handshake, engine.io's socket and socket.io's client for each, tens of milliseconds in which a seated player's
// move, already arrived, waited its turn. Here an upgrade request is only queued as it arrives; the handshakes are
// made `perTurn` at a time, one batch per turn of the event loop, so the players' messages (and the outbox's slices)
// go in between. Nothing is refused and nothing costs more: the same handshakes, spread over the turns. A request
// whose client gave up while it waited is skipped. Before any of this, a joining connection waits in the kernel's
// accept queue, whose length the server asks for when it listens (LISTEN_BACKLOG).

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Connections the kernel holds for the server between their TCP handshake and the server taking them (listen's
 * backlog; Linux caps it at net.core.somaxconn, 4,096 by default since 5.4). Node takes one connection from it per
 * turn of its event loop, so while the loop is busy (an update being written to thousands) a crowd joining at once
 * piles up there: past Node's default, 511, the kernel dropped the newest, and each was tried again by its client
 * 1, then 2, 4, 8 s later (docs/benchmarks.md, 2026-11-29: 10,703 drops in one burst of 10,000). Here they wait in
 * order instead.
 */
export const LISTEN_BACKLOG = 4096;

/**
 * Handshakes per turn of the event loop: about a millisecond's worth. While a crowd joins, the outbox's turns are short
 * (OUTBOX_SLICE_JOINING), so connections come in quickly and the queue here fills: 8 a turn then made turns of several
 * milliseconds, and the players' moves waited behind them (docs/benchmarks.md, 2026-11-30).
 */
export const UPGRADES_PER_TURN = 2;

/** How long after a connection arrives the server counts a crowd as joining (`joining`). */
export const JOINING_MS = 20;

/**
 * Whether a connection arrived at `server` within the last `windowMs`: while a crowd joins, the outbox writes small
 * slices (socket/outbox.ts), so that the event loop comes back often to where Node takes a waiting connection from the
 * kernel (one a turn) and to each join's next step. `now`: a monotonic clock in milliseconds (tests move their own).
 */
export function joining(server: Server, windowMs = JOINING_MS, now: () => number = () => performance.now()): () => boolean {
  let last = -Infinity;
  server.on('connection', () => (last = now()));
  return () => now() - last < windowMs;
}

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Takes the server's 'upgrade' listeners (engine.io's) and calls them for each upgrade request `perTurn` requests
 * per turn of the event loop, in the order they came. Call once, after the listeners are attached.
 */
export function paceUpgrades(server: Server, perTurn = UPGRADES_PER_TURN): { readonly waiting: number } {
  const listeners = server.listeners('upgrade') as UpgradeListener[];
  server.removeAllListeners('upgrade');
  const queue: { request: IncomingMessage; socket: Duplex; head: Buffer; onError: () => void }[] = [];
  let scheduled = false;
  const turn = () => {
    scheduled = false;
    for (const { request, socket, head, onError } of queue.splice(0, perTurn)) {
      socket.removeListener('error', onError);
      if (socket.destroyed) continue;
      for (const listener of listeners) listener.call(server, request, socket, head);
    }
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's HTTP server let go of the socket's errors on the upgrade: until a handshake takes it, a reset is ours.
    const onError = () => socket.destroy();
    socket.on('error', onError);
    queue.push({ request, socket, head, onError });
    schedule();
  });
  return {
    get waiting() {
      return queue.length;
    },
  };
}
