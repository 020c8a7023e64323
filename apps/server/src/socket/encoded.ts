// One message to many sockets at different moments, encoded once. socket.io encodes a message for every `emit`
// (a broadcast to a room encodes it once, but only for sockets that take it at the same moment): the snapshot a
// burst of joining spectators shares, tens of KB of JSON, was encoded again for each of them, and an update written
// to a big audience a slice at a time (outbox.ts) would be encoded again per slice. Here a message is encoded on its
// first send and the same packet is written to every socket after, as socket.io's own broadcasts write theirs.

import { MESSAGE_EVENT, type ServerMessage, type Snapshot } from '@razzia/protocol';
import type { Server, Socket } from 'socket.io';

/** socket.io-parser's EVENT packet type. */
const EVENT = 2;

type Encoded = ReturnType<Server['encoder']['encode']>;

/** What socket.io's in-memory adapter calls to write a packet it encoded once for a room (socket.io 4). */
interface EngineWriter {
  writeToEngine(packets: Encoded, options: { preEncoded: true }): void;
}

export class EncodedMessages {
  private readonly encoded = new WeakMap<object, Encoded>();
  private readonly snapshots = new WeakMap<Snapshot, ServerMessage>();

  constructor(private readonly io: Server) {}

  /** The `snapshot` message of a snapshot: one object per snapshot, so it is encoded once. */
  snapshot(snapshot: Snapshot): ServerMessage {
    let message = this.snapshots.get(snapshot);
    if (!message) this.snapshots.set(snapshot, (message = { type: 'snapshot', snapshot }));
    return message;
  }

  /** Sends `message` on `socket`'s stream. It is encoded the first time it is sent, by object identity, so it must
   * not change afterwards (no message does). */
  write(socket: Socket, message: ServerMessage): void {
    const client = socket.client as unknown as Partial<EngineWriter>;
    if (typeof client.writeToEngine !== 'function') return void socket.emit(MESSAGE_EVENT, message);
    if (!socket.connected) return;
    let packets = this.encoded.get(message);
    if (!packets) {
      packets = this.io.encoder.encode({ type: EVENT, nsp: socket.nsp.name, data: [MESSAGE_EVENT, message] });
      this.encoded.set(message, packets);
    }
    client.writeToEngine(packets, { preEncoded: true });
  }
}
