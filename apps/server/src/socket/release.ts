// Which protocol a connection speaks and which release answers it: the handshake's `protocol` query parameter is
// checked against the versions this server speaks (a client naming another is refused with `wrong-protocol`: it
// must reload its page), and every connection is first told the server's protocol and release (`welcome`), which
// an open tab compares with its own bundle to offer a reload after a deploy. Clients before the version existed
// name none: they speak 1.

import { PROTOCOL_QUERY, type ServerMessage } from '@razzia/protocol';
import type { Socket } from 'socket.io';

export interface Protocols {
  readonly oldest: number;
  readonly newest: number;
}

/** Where `keepProtocol` leaves the handshake's query parameter on the engine.io connection. */
const KEPT = Symbol('protocol query');

/**
 * Keeps the handshake's `protocol` parameter on the engine.io connection: the server drops each connection's HTTP
 * request as soon as it opens (app.ts, to save its memory), before socket.io builds `handshake.query` from it.
 */
export function keepProtocol(connection: object, request: { readonly url?: string | undefined }): void {
  const value = new URL(request.url ?? '/', 'http://x').searchParams.get(PROTOCOL_QUERY);
  (connection as { [KEPT]?: string | null })[KEPT] = value;
}

/** The protocol version a handshake names (absent: 1), or null when it names something that is not one. */
export function protocolOf(socket: Pick<Socket, 'handshake' | 'conn'>): number | null {
  const kept = (socket.conn as { [KEPT]?: string | null })[KEPT];
  const raw = kept !== undefined ? (kept ?? undefined) : socket.handshake.query[PROTOCOL_QUERY];
  if (raw === undefined) return 1;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

/** socket.io middleware: refuses a handshake in a protocol this server does not speak, saying which it does. */
export function checkProtocol(speaks: Protocols) {
  return (socket: Socket, next: (err?: Error) => void): void => {
    const spoken = protocolOf(socket);
    if (spoken !== null && spoken >= speaks.oldest && spoken <= speaks.newest) return next();
    const range = speaks.oldest === speaks.newest ? `${speaks.newest}` : `${speaks.oldest} to ${speaks.newest}`;
    const named = spoken === null ? 'a protocol version that is not one' : `protocol ${spoken}`;
    next(Object.assign(new Error(`this page speaks ${named}; this server speaks ${range}: reload the page`), { data: { code: 'wrong-protocol' } }));
  };
}

/** The first message of every connection. `web`: the version of the web client this server serves (an open tab
 * holding another reloads to get it), `release`: the server's. */
export function welcome(speaks: Protocols, release: string, web: string): Extract<ServerMessage, { type: 'welcome' }> {
  return { type: 'welcome', protocol: speaks.newest, release, web };
}
