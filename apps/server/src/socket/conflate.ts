// One message that says what two consecutive messages to the same sockets say, for the outbox to send in their
// place to sockets that have received neither yet (outbox.ts). A client cannot tell it from the two: an update
// carries any number of log entries (`first`..`seq`), a game patch is a list of operations applied in order, and a
// presence push is the whole of who is connected (the newer one says all the older did).

import { applyPatch, type ServerMessage, type UpdateMessage } from '@razzia/protocol';

export function conflate(older: ServerMessage, newer: ServerMessage): ServerMessage | null {
  if (older.type === 'presence' && newer.type === 'presence') return older.table === newer.table ? newer : null;
  if (older.type === 'update' && newer.type === 'update') return bothUpdates(older, newer);
  return null;
}

/** `newer` continues `older` in the same viewer class's stream (its first entry follows older's last, and its game
 * patch starts from the version older's leaves): their entries in one update, their patches in one. */
function bothUpdates(older: UpdateMessage, newer: UpdateMessage): UpdateMessage | null {
  if (older.table !== newer.table || newer.entries[0]?.seq !== older.seq + 1) return null;
  const a = older.game;
  const b = newer.game;
  let game: UpdateMessage['game'];
  if (!b || 'full' in b) game = b ?? a;
  else if (!a) game = b;
  else if ('full' in a) game = { full: applyPatch(a.full, b.patch) };
  else game = { from: a.from, patch: [...a.patch, ...b.patch] };
  const info = newer.info ?? older.info;
  return {
    type: 'update',
    table: newer.table,
    seq: newer.seq,
    entries: [...older.entries, ...newer.entries],
    clocks: newer.clocks,
    ...(info ? { info } : {}),
    ...(game ? { game } : {}),
  };
}
