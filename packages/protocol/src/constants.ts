// Wire constants, in a module of their own so a browser bundle can take them without the zod schemas.

/**
 * The wire protocol's version, which a client names in its socket.io handshake (the query parameter `protocol`; a
 * client that names none speaks 1, as every client did before the version existed) and the server names back in
 * its `welcome`. Within one version messages only gain fields and message types: a reader ignores what it does not
 * know and treats a field it misses as absent. A change that cannot be made so raises it, and a server refuses a
 * client whose version it does not speak (connect_error `wrong-protocol`: reload the page).
 */
export const PROTOCOL = 1;
/** The handshake's query parameter that carries a client's protocol version. */
export const PROTOCOL_QUERY = 'protocol';

/** The socket.io event name used both ways. */
export const MESSAGE_EVENT = 'msg';
/** A bare latency probe: emit it with an acknowledgement callback and no payload; the server calls back at once. */
export const PING_EVENT = 'ping-ack';
/** Largest message a client may send, in bytes (the server refuses bigger frames). */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
/** Refused messages in a row after which the server closes a socket's connection (it may reconnect). */
export const FLOOD_CUT_OFF = 500;

/** The names the server gives bots, by bot id ("Hard bot", then "Hard bot 2", …); clients may show them translated.
 * `random` and `greedy` are every game's own bots; `easy`, `normal` and `hard` the searching levels. */
export const BOT_NAMES = {
  random: 'Random bot',
  greedy: 'Greedy bot',
  easy: 'Easy bot',
  normal: 'Normal bot',
  hard: 'Hard bot',
} as const satisfies Record<'random' | 'greedy' | 'easy' | 'normal' | 'hard', string>;
/** A server-given bot name: which base name, and the number after it if any. */
export const BOT_NAME_PATTERN = new RegExp(`^(${Object.values(BOT_NAMES).join('|')})(?: (\\d+))?$`);

/** The quick reactions a chat line may be instead of words. */
export const REACTIONS = ['👍', '👏', '😄', '😮', '😬', '🎉'] as const;
/** The longest chat line, in characters. */
export const MAX_CHAT_TEXT = 200;

/** A clock of an hour or more makes a correspondence table: played over days, a decision when one has a minute. */
export const CORRESPONDENCE_CLOCK = 3600;
/** Whether a table with this clock is played over days (its moments do not hold it; idle, it leaves memory). */
export function isCorrespondence(clock: number | null): boolean {
  return clock !== null && clock >= CORRESPONDENCE_CLOCK;
}
/** Deadlines in a row a seat may miss, at a table that hands such a seat to a bot for good (`replaceAfterMisses`). */
export const MISSES_BEFORE_REPLACED = 3;

/** How long one `visibility` message with `visible: true` holds pushes back from its device, in ms: a client says it
 * again (every minute) while its tab stays visible. */
export const VISIBLE_FOR_MS = 90_000;
/** The longest slow mode a host may set: seconds between two chat lines of one spectator. */
export const MAX_SLOW_MODE = 600;
