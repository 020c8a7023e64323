// The frames one spectators' worker of `pnpm bench:audience` receives, each decoded once. A broadcast reaches every
// spectator of a worker as the same bytes, so the message is parsed, checked for hidden keys and measured once per
// distinct frame (the last few are kept, by their bytes), and applying its patch to a payload is done once per
// distinct payload object: applyPatch (@razzia/protocol) copies what it changes and never writes to its input, and
// every decoded message is frozen, so the payloads spectators share cannot change under them. Spectators that
// joined at different moments got different snapshots, so a game payload (a snapshot's, a whole one, a patch's
// result) that is deep-equal to one already held at its version is replaced by that one: their streams then share
// one object again. What stays per spectator is what makes it an honest checker of its own stream: its seq
// (gapless), the payload it holds and the version a patch must come from.

import { isUtf8 } from 'node:buffer';
import { isDeepStrictEqual } from 'node:util';
import { MESSAGE_EVENT, applyPatch, type GamePayload, type ServerMessage } from '@razzia/protocol';

/** Keys a spectator's view must never hold (Razzia!'s secret part: the piles' order, the deck, the seed). */
const HIDDEN = /"(piles|deck|pileTops|secret|seed|rng)"/;

/** How many distinct frames are kept: a broadcast is written to a big audience a slice at a time, with snapshots,
 * presence pushes and other updates in between. */
const KEPT = 32;
/** How many versions' shared payloads are kept. */
const VERSIONS = 64;

type Update = Extract<ServerMessage, { type: 'update' }>;

export class Frame {
  readonly message: ServerMessage;
  /** An update's: what it tells ('game', 'chat' or the notice); the arrival ids of the entries it carries (a
   * presence push's: of the count it tells). */
  readonly kind: string = '';
  readonly ids: readonly string[] = [];
  /** Hidden keys it carries: 1 for a snapshot or whole game whose view holds one, one per patch op whose path names
   * one. */
  readonly hidden: number = 0;
  /** A snapshot's or a whole update's game, as shared (the message's own object, or an equal one held before). */
  readonly game: GamePayload | null = null;
  /** The payload each payload object becomes under this frame's patch. */
  private readonly patched = new WeakMap<GamePayload, GamePayload>();

  constructor(
    readonly bytes: Buffer,
    private readonly share: (game: GamePayload) => GamePayload,
  ) {
    if (!isUtf8(bytes)) throw new Error('socket.io wire: a text frame that is not UTF-8');
    // `42[…]` (wire.ts): an event of the default namespace.
    const args: unknown = JSON.parse(bytes.toString('utf8', 2));
    if (!Array.isArray(args) || args.length !== 2 || args[0] !== MESSAGE_EVENT)
      throw new Error(`socket.io wire: an event that is not one "${MESSAGE_EVENT}" message: ${bytes.toString('utf8', 0, 80)}`);
    const m = deepFreeze(args[1]) as ServerMessage;
    this.message = m;
    if (m.type === 'snapshot' && m.snapshot.game) {
      this.hidden = hides(m.snapshot.game) ? 1 : 0;
      this.game = share(m.snapshot.game);
    }
    if (m.type === 'presence') this.ids = [`p${m.spectators}`];
    if (m.type !== 'update') return;
    this.kind = kindOf(m);
    this.ids = m.entries.map((e) => `u${e.seq}`);
    if (!m.game) return;
    if ('full' in m.game) {
      this.hidden = hides(m.game.full) ? 1 : 0;
      this.game = share(m.game.full);
    } else for (const op of m.game.patch) if (op.p.some((k) => typeof k === 'string' && HIDDEN.test(`"${k}"`))) this.hidden++;
  }

  /** `game` with this update's patch applied (the same object for every spectator that held the same `game`). */
  patch(game: GamePayload): GamePayload {
    const m = this.message as Update;
    if (!m.game || !('patch' in m.game)) throw new Error('a frame without a patch');
    let next = this.patched.get(game);
    if (!next) this.patched.set(game, (next = this.share(applyPatch(game, m.game.patch))));
    return next;
  }
}

/** The last few distinct frames, found by their bytes. */
export class Frames {
  private kept: Frame[] = [];
  /** By version, the payload spectators of this worker hold at it. */
  private readonly payloads = new Map<number, GamePayload>();
  private readonly share = (game: GamePayload): GamePayload => {
    const held = this.payloads.get(game.version);
    if (held && isDeepStrictEqual(held, game)) return held;
    this.payloads.delete(game.version);
    this.payloads.set(game.version, game);
    if (this.payloads.size > VERSIONS) this.payloads.delete(this.payloads.keys().next().value as number);
    return game;
  };

  decode(bytes: Buffer): Frame {
    for (const f of this.kept) if (f.bytes.length === bytes.length && f.bytes.equals(bytes)) return f;
    // A copy: the frame is kept past the read that brought it.
    const frame = new Frame(Buffer.from(bytes), this.share);
    this.kept.unshift(frame);
    if (this.kept.length > KEPT) this.kept.pop();
    return frame;
  }

  clear(): void {
    this.kept = [];
    this.payloads.clear();
  }
}

const hides = (game: GamePayload): boolean => HIDDEN.test(JSON.stringify(game.view));

/** What an update tells: a move of the game, a chat line, or a table notice (which). */
function kindOf(m: Update): string {
  if (m.entries.some((e) => e.kind === 'game')) return 'game';
  if (m.entries.some((e) => e.kind === 'chat')) return 'chat';
  return `notice ${m.entries.map((e) => e.event.type).join('+')}`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
