// The spectators' socket.io client of `pnpm bench:audience`: socket.io's wire (protocol 5 over engine.io 4, its
// websocket transport only) spoken directly over `ws`, with nothing else. socket.io-client's layers (a manager, an
// engine, a transport, a decoder and three event emitters per socket, each message decoded for each socket) cost
// the spectators' workers more CPU than the server they measure at 10,000; here a socket only answers pings and
// hands on each event's raw frame with the moment it arrived, so that frames every spectator of a worker receives
// alike (a broadcast: the same bytes) can be decoded once (frames.ts). It speaks exactly what our server and the
// bare floor send on the default namespace — text frames, no binary attachments, no acknowledgement asked of the
// client — and throws on anything else, so that a change of the server's wire stops the benchmark rather than
// passing unseen.

import { connect as tcpConnect, type NetConnectOpts } from 'node:net';
import WebSocket from 'ws';

/** engine.io 4's packet types (the first character of a text frame) and socket.io 5's (the second, in a message). */
const OPEN = '0';
const CLOSE = '1';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
const NOOP = '6';
const CONNECT = '0';
const DISCONNECT = '1';
const EVENT = '2';
const ACK = '3';
const CONNECT_ERROR = '4';
/** '4' '2' '[': an event of the default namespace asking no acknowledgement, as bytes. */
const EVENT_FRAME = [0x34, 0x32, 0x5b] as const;

/** As socket.io-client: the engine's handshake must be done within 20 s. */
const OPEN_LIMIT_MS = 20_000;

export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** One socket.io connection to the default namespace, without auth (a spectator needs no token). */
export class RawSocket {
  /** The namespace accepted the connection. */
  onConnect: () => void = () => undefined;
  /** It was refused or never opened (the engine's handshake took too long, the server said no, a network error). */
  onConnectError: (e: Error) => void = () => undefined;
  /** It closed after connecting, or while connecting (then after onConnectError if that was why). Once. */
  onDisconnect: (reason: string) => void = () => undefined;
  /** An event of the default namespace: its whole frame (`42[…]`, bytes as they came) and when it arrived. */
  onEvent: (frame: Buffer, at: number) => void = () => undefined;

  /** When its join reached each step (monotonic ms): the TCP connection open, engine.io's open packet and socket.io's
   * CONNECT received; and its local port and the server's, by which the server's notes of the same join are found. */
  readonly steps = { tcp: NaN, open: NaN, connect: NaN, port: 0, serverPort: 0 };

  private readonly ws: WebSocket;
  /** Each emitWithAck waiting for its reply: called with the reply's first argument, or with an error. */
  private readonly acks = new Map<number, (reply: unknown, error?: Error) => void>();
  private nextAck = 0;
  private connected = false;
  private closed = false;
  private readonly openLimit: NodeJS.Timeout;

  constructor(url: string) {
    const u = new URL('/socket.io/', url);
    u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
    u.search = '?EIO=4&transport=websocket';
    // Per-message compression: our server and the bare floor do not take it, so it is not offered. Each frame's
    // UTF-8 is checked once per distinct frame where it is decoded (frames.ts), not once per socket.
    this.ws = new WebSocket(u, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
      // http.request's own option, which ws passes on: the TCP connection, to note when it opens.
      createConnection: (options: NetConnectOpts) => {
        const socket = tcpConnect(options);
        socket.once('connect', () => {
          this.steps.tcp = monotonicMs();
          this.steps.port = socket.localPort ?? 0;
          this.steps.serverPort = socket.remotePort ?? 0;
        });
        return socket;
      },
    } as WebSocket.ClientOptions);
    this.openLimit = setTimeout(() => this.fail(new Error('timeout')), OPEN_LIMIT_MS);
    this.ws.on('message', (data: Buffer, isBinary: boolean) => {
      const at = monotonicMs();
      if (isBinary) throw new Error(`socket.io wire: a binary frame of ${data.length} bytes; the benchmark's client reads text frames only`);
      if (data[0] === EVENT_FRAME[0] && data[1] === EVENT_FRAME[1] && data[2] === EVENT_FRAME[2]) {
        if (!this.closed) this.onEvent(data, at);
        return;
      }
      this.packet(data.toString('utf8'));
    });
    this.ws.on('error', (e: Error) => this.fail(e));
    this.ws.on('close', () => this.closedBy('transport close'));
  }

  /** Emits `event` with `arg` asking for an acknowledgement; resolves with its first argument, or rejects after
   * `timeoutMs` (as socket.io-client's `timeout(ms).emitWithAck`). */
  emitWithAck(event: string, arg: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.nextAck++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error('operation has timed out'));
      }, timeoutMs);
      this.acks.set(id, (reply, error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(reply);
      });
      this.send(`${MESSAGE}${EVENT}${id}${JSON.stringify([event, arg])}`);
    });
  }

  /** Leaves, as socket.io-client's `disconnect()`: says so to the namespace, closes, and reports it at once. */
  disconnect(): void {
    if (this.closed) return;
    if (this.connected) this.send(`${MESSAGE}${DISCONNECT}`);
    this.closedBy('io client disconnect');
    this.ws.close();
  }

  private packet(text: string): void {
    switch (text[0]) {
      case OPEN:
        // `0{"sid":…,"pingInterval":…}`: the engine is open; now the namespace (no auth: a spectator needs none).
        clearTimeout(this.openLimit);
        this.steps.open = monotonicMs();
        return this.send(`${MESSAGE}${CONNECT}`);
      case PING:
        if (text.length !== 1) break;
        return this.send(PONG);
      case NOOP:
        return;
      case CLOSE:
        return void this.ws.close();
      case MESSAGE:
        return this.message(text);
    }
    throw new Error(`socket.io wire: an engine.io packet the benchmark's client does not read: ${JSON.stringify(text.slice(0, 80))}`);
  }

  private message(text: string): void {
    switch (text[1]) {
      case CONNECT: {
        if (text[2] !== '{') break; // `40{"sid":…}`; another namespace's would start with its name
        this.connected = true;
        this.steps.connect = monotonicMs();
        return this.onConnect();
      }
      case CONNECT_ERROR: {
        if (text[2] !== '{') break;
        const error = JSON.parse(text.slice(2)) as { message?: unknown };
        this.fail(new Error(String(error.message)));
        return void this.ws.close();
      }
      case ACK: {
        // `43<id>[…]`: the reply to an emitWithAck.
        const bracket = text.indexOf('[');
        const id = bracket > 2 ? Number(text.slice(2, bracket)) : NaN;
        const args: unknown = bracket > 2 ? JSON.parse(text.slice(bracket)) : null;
        const ack = this.acks.get(id);
        if (!ack || !Array.isArray(args)) break;
        this.acks.delete(id);
        return ack(args[0]);
      }
      case DISCONNECT:
        if (text.length !== 2) break;
        this.closedBy('io server disconnect');
        return void this.ws.close();
    }
    throw new Error(`socket.io wire: a packet the benchmark's client does not read: ${JSON.stringify(text.slice(0, 80))}`);
  }

  private send(text: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  private fail(e: Error): void {
    clearTimeout(this.openLimit);
    if (this.closed) return;
    if (!this.connected) this.onConnectError(e);
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.terminate();
    this.closedBy(this.connected ? 'transport error' : 'connect error');
  }

  private closedBy(reason: string): void {
    clearTimeout(this.openLimit);
    if (this.closed) return;
    this.closed = true;
    for (const ack of this.acks.values()) ack(undefined, new Error('socket has been disconnected'));
    this.acks.clear();
    this.onDisconnect(reason);
  }
}
