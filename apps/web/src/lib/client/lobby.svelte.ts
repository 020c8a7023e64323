// The public lobby, live: follows the server's lobby messages over its own socket.

import { MESSAGE_EVENT } from '@razzia/protocol/constants';
import type { ServerMessage } from '@razzia/protocol/messages';
import type { LobbyEntry } from '@razzia/protocol/table';
import { io, type Socket } from 'socket.io-client';
import { HANDSHAKE_QUERY } from './versions.ts';

export class Lobby {
  tables = $state.raw<readonly LobbyEntry[]>([]);
  loaded = $state(false);
  private socket: Socket | null = null;

  follow(): void {
    const socket = io({ transports: ['websocket', 'polling'], query: HANDSHAKE_QUERY });
    this.socket = socket;
    socket.on('connect', async () => {
      let reply: { ok: boolean; tables?: LobbyEntry[] };
      try {
        reply = (await socket.emitWithAck(MESSAGE_EVENT, { type: 'lobby', follow: true })) as typeof reply;
      } catch {
        // The socket closed before the answer (the page left the lobby, or the connection dropped: the next connect
        // asks again). Unhandled, this was an error on the page (a fresh-clone run's browser test failed on it).
        return;
      }
      if (reply.ok && reply.tables) this.tables = reply.tables;
      this.loaded = true;
    });
    socket.on(MESSAGE_EVENT, (m: ServerMessage) => {
      if (m.type === 'lobby') this.tables = m.tables;
    });
  }

  stop(): void {
    this.socket?.disconnect();
    this.socket = null;
  }
}
