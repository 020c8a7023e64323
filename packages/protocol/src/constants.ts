// Wire constants, in a module of their own so a browser bundle can take them without the zod schemas.

/** The socket.io event name used both ways. */
export const MESSAGE_EVENT = 'msg';
/** A bare latency probe: emit it with an acknowledgement callback and no payload; the server calls back at once. */
export const PING_EVENT = 'ping-ack';
/** Largest message a client may send, in bytes (the server refuses bigger frames). */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
