// "Continue on another device", on the other device: redeems a device code over a socket of its own (the table
// page opens its own next) and keeps the token the server answers with — this browser's own if it had one, so it
// keeps its other seats. The token travels only in the reply, never in a URL.

import { MESSAGE_EVENT } from '@razzia/protocol/constants';
import type { Reply } from '@razzia/protocol/messages';
import { io } from 'socket.io-client';
import { HANDSHAKE_QUERY } from './versions.ts';
import { clearToken, getToken, setToken } from '../session.ts';

/** Redeems `code` (as the server writes it: see normaliseDeviceCode); on success this browser holds the seat. */
export function redeemDeviceCode(code: string): Promise<Reply<'redeem'>> {
  return new Promise((resolve) => {
    const socket = io({
      auth: (cb) => {
        const token = getToken();
        cb(token ? { token } : {});
      },
      transports: ['websocket', 'polling'],
      query: HANDSHAKE_QUERY,
      reconnection: false,
    });
    let answered = false;
    const done = (reply: Reply<'redeem'>) => {
      if (answered) return;
      answered = true;
      socket.disconnect();
      if (reply.ok) setToken(reply.token);
      resolve(reply);
    };
    socket.on('connect', () => {
      socket
        .timeout(15_000)
        .emitWithAck(MESSAGE_EVENT, { type: 'redeem', code })
        .then((reply: Reply<'redeem'>) => done(reply))
        .catch(() => done({ ok: false, error: { code: 'internal', message: 'no answer from the server' } }));
    });
    socket.on('connect_error', (e: Error & { data?: { code?: string } }) => {
      // A token this server never issued: forget it and come back without (the code gives this browser a new one).
      if (e.data?.code === 'unknown-token' && getToken()) {
        clearToken();
        socket.connect();
      } else done({ ok: false, error: { code: 'internal', message: 'could not reach the server' } });
    });
  });
}
