// WebSocket handshakes a few per turn of the event loop (socket/upgrades.ts): a burst of upgrade requests reaches the
// handshake `perTurn` at a time, every one of them in the end, and a client that resets while it waits costs the
// server nothing but its place in the queue; the server knows when a crowd is joining (a connection arrived within
// JOINING_MS). A real HTTP server on loopback and raw TCP clients.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { JOINING_MS, LISTEN_BACKLOG, joining, paceUpgrades } from '../src/socket/upgrades.ts';
import { testServer } from './harness.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

/** An upgrade request from a raw client; resolves with the client and the first line it hears back. */
function upgrade(port: number, path: string): { client: Socket; answered: Promise<string> } {
  const client = connect(port, '127.0.0.1');
  client.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`);
  const answered = new Promise<string>((resolve, reject) => {
    client.once('data', (d) => resolve(d.toString('latin1').split('\r\n')[0] ?? ''));
    client.once('error', reject);
  });
  return { client, answered };
}

describe('paced WebSocket handshakes', () => {
  it('a burst of upgrade requests reaches the handshake a few per turn of the event loop, every one in the end', async () => {
    /** How many handshakes each turn of the event loop made (a turn ends where the next setImmediate runs). */
    const perTurn: number[] = [];
    let inTurn = 0;
    const handshake = (request: IncomingMessage, socket: Duplex) => {
      if (inTurn++ === 0)
        setImmediate(() => {
          perTurn.push(inTurn);
          inTurn = 0;
        });
      socket.end(`HTTP/1.1 101 Switching Protocols\r\nX-Path: ${request.url}\r\n\r\n`);
    };
    server = createServer();
    server.on('upgrade', handshake);
    const paced = paceUpgrades(server, 3);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;

    const clients = Array.from({ length: 20 }, (_, i) => upgrade(port, `/c${i}`));
    expect(await Promise.all(clients.map((c) => c.answered))).toEqual(Array(20).fill('HTTP/1.1 101 Switching Protocols'));
    await new Promise((r) => setImmediate(r)); // the last turn's count is taken
    expect(perTurn.reduce((a, b) => a + b, 0)).toBe(20);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(3);
    expect(paced.waiting).toBe(0);
  });

  it('a client whose connection fails while its request waits is skipped, and the server goes on', async () => {
    const handled: string[] = [];
    server = createServer();
    server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
      handled.push(request.url ?? '');
      socket.end('HTTP/1.1 101 Switching Protocols\r\n\r\n');
    });
    paceUpgrades(server, 1);
    // Heard as each request arrives (attached after the pacing): the waiting request's connection fails there and
    // then, as a reset does, before its turn comes. Node's HTTP server no longer listens for that socket's errors.
    server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
      if (request.url === '/gone') socket.emit('error', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const gone = upgrade(port, '/gone');
    const closed = new Promise((r) => gone.client.once('close', r));
    gone.answered.catch(() => undefined);
    await closed;
    // Its handshake never ran; the next client is answered all the same.
    const next = upgrade(port, '/next');
    expect(await next.answered).toBe('HTTP/1.1 101 Switching Protocols');
    expect(handled).toEqual(['/next']);
  });
});

describe('a crowd joining', () => {
  it('counts from each connection that arrives, for JOINING_MS of its clock', async () => {
    let clock = 1_000;
    server = createServer();
    const now = joining(server, JOINING_MS, () => clock);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    expect(now()).toBe(false);
    // Heard after the watch's own listener: by then it has noted the connection.
    const arrived = new Promise((r) => server!.once('connection', r));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await arrived;
    expect(now()).toBe(true);
    clock += JOINING_MS - 1;
    expect(now()).toBe(true);
    clock += 1;
    expect(now()).toBe(false);
    client.destroy();
  });
});

describe('the listening socket', () => {
  it("holds a crowd's connections until the server takes them: its backlog is LISTEN_BACKLOG, or the kernel's cap", async () => {
    const running = await testServer();
    try {
      // The listening socket as the kernel reports it: for a listener, ss's Send-Q column is the backlog.
      const line = execFileSync('ss', ['-Hltn', `sport = :${running.port}`], { encoding: 'utf8' }).trim();
      const backlog = Number(line.split(/\s+/)[2]);
      const cap = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
      expect(backlog).toBe(Math.min(LISTEN_BACKLOG, cap)); // not Node's default, 511, which a crowd's joins overflowed
    } finally {
      await running.close();
    }
  });
});
