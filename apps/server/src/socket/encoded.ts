// One message to many sockets at different moments, encoded once. socket.io encodes a message for every `emit`
// (a broadcast to a room encodes it once, but only for sockets that take it at the same moment): the snapshot a
// burst of joining spectators shares, tens of KB of JSON, was encoded again for each of them, and an update written
// to a big audience a slice at a time (outbox.ts) would be encoded again per slice. Here a message is encoded on its
// first send and the same packet is written to every socket after, as socket.io's own broadcasts write theirs: with
// the WebSocket frame made once as well (socket.io-adapter's `wsPreEncodedFrame`), which engine.io writes as it is
// to a socket on the WebSocket transport. Without it every socket's write built its own: the engine.io packet's
// string ("4" and the JSON), its UTF-8 length and bytes and the frame's header: ~3 µs of CPU per socket and message,
// about 15 % of a write to a big audience (docs/benchmarks.md, 2026-11-30).

import { MESSAGE_EVENT, type ServerMessage, type Snapshot } from '@razzia/protocol';
import type { Server, Socket } from 'socket.io';
import WebSocket from 'ws';

/** socket.io-parser's EVENT packet type. */
const EVENT = 2;

type Encoded = ReturnType<Server['encoder']['encode']>;

/** How socket.io's adapter writes a packet it encoded once: the packets, and engine.io's options for them. */
interface Written {
  readonly packets: Encoded;
  readonly options: { preEncoded: true; wsPreEncodedFrame?: unknown };
}

/** What socket.io's in-memory adapter calls to write a packet it encoded once for a room (socket.io 4). */
interface EngineWriter {
  writeToEngine(packets: Encoded, options: Written['options']): void;
}

/** ws's `Sender` (its `frame` is not in ws's type declarations), as socket.io-adapter calls it. */
const Sender = (WebSocket as unknown as { Sender?: { frame?: (data: Buffer, options: object) => Buffer[] } }).Sender;

/** The options that write `packets` as socket.io-adapter's broadcasts do: a single text packet goes with its
 * WebSocket frame, made here once (engine.io's message packet, "4", then the text; not masked, not compressed).
 * The frame's header and payload are joined in one buffer, once: ws writes a frame of two buffers to each socket as
 * two writes under a cork (Node's writev, with its request objects and arrays), one of a single buffer as one write.
 * At 10,000 sockets that was the largest part of what a write to them allocated (docs/benchmarks.md, 2026-12-01). */
function written(packets: Encoded): Written {
  const [text] = packets;
  if (typeof Sender?.frame !== 'function' || packets.length !== 1 || typeof text !== 'string') return { packets, options: { preEncoded: true } };
  const wsPreEncodedFrame = [Buffer.concat(Sender.frame(Buffer.from(`4${text}`), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true }))];
  return { packets, options: { preEncoded: true, wsPreEncodedFrame } };
}

export class EncodedMessages {
  private readonly encoded = new WeakMap<object, Written>();
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
    let entry = this.encoded.get(message);
    if (!entry) {
      entry = written(this.io.encoder.encode({ type: EVENT, nsp: socket.nsp.name, data: [MESSAGE_EVENT, message] }));
      this.encoded.set(message, entry);
    }
    client.writeToEngine(entry.packets, entry.options);
  }
}
