// The game contract: what every game on the platform implements, and all the server, the records, the bots and
// the clients need to know of a game. A game is plain data and pure functions (scalachess's Variant, boardgame.io's
// Game), but typed end to end, refusing with values rather than silently, and addressing every event it emits.

import type { z } from 'zod';
import type { Random } from './random.ts';

/** A seat number: 0 = the first player, clockwise. */
export type Seat = number;

/** Who looks at a game: a seat, or null for a spectator (who sees only the public part). */
export type Viewer = Seat | null;

/** A refusal by the rules: a stable machine-readable code, the rule it breaks ('R6.3', 'D5.2'), and words. */
export interface RuleError {
  readonly code: string;
  readonly rule: string;
  readonly message: string;
}

/**
 * Chance the server resolves from its own secret source (never the engine, never a client). What a game asks
 * for is deliberately generic, so the server, records and tests treat every game's chance alike.
 */
export type ChanceSpec =
  /** One roll of a die with `sides` faces, numbered 1..sides. */
  | { readonly kind: 'die'; readonly sides: number }
  /** A shuffle of `size` things: a permutation of 0..size-1 (the game says what is shuffled). */
  | { readonly kind: 'shuffle'; readonly size: number };

/** The resolution of a ChanceSpec, as records write it. */
export type ChanceOutcome =
  | { readonly kind: 'die'; readonly value: number }
  | { readonly kind: 'shuffle'; readonly order: readonly number[] };

/** The score line of a finished game: points per seat, the winning seats (several share a tie) and every seat's
 * place. */
export interface Outcome {
  readonly scores: readonly number[];
  readonly winners: readonly Seat[];
  /**
   * Each seat's place by the game's own rules, 1 the best; seats that tie share a place. The one order every screen
   * shows: a game's tie-breaks and who is out of the running (Robbery's arrested players, whatever they scored)
   * are in it, so no screen ranks by the scores alone. The winners are exactly the seats in place 1.
   */
  readonly places: readonly number[];
}

/** What the game waits for now. */
export type Pending =
  /** The decision of each of these seats: one for a turn, several for a simultaneous choice. */
  | { readonly kind: 'decide'; readonly seats: readonly Seat[] }
  /** A chance event the server must resolve before anyone may act. */
  | { readonly kind: 'chance'; readonly chance: ChanceSpec }
  | { readonly kind: 'over'; readonly outcome: Outcome };

/**
 * An event with its audience. Everyone sees `event` when `to` is 'all'; otherwise only the listed seats see
 * `event` and every other viewer (other seats and spectators) sees `others`, its redacted form. So a log is
 * gapless for everyone: an entry one may not see arrives redacted, never skipped.
 */
export type Told<E> = (
  | { readonly to: 'all'; readonly event: E }
  | { readonly to: readonly Seat[]; readonly event: E; readonly others: E }
) & {
  /**
   * The form everyone gets once the entry has faded: what the table no longer shows of a moment that was public
   * when it happened (Robbery's banked raids without the memory aid). Whoever was there when it was told got it
   * whole; whoever catches up later (a snapshot, a late spectator, a reconnecting player) gets this form if an
   * entry told since `fadesEarlier`. Absent: the entry never fades.
   */
  readonly faded?: E;
  /** Told, this event makes every earlier entry that has a `faded` form fade. */
  readonly fadesEarlier?: true;
};

/** One step of a game as records and the server store it: a seat's decision or a chance outcome. */
export type Move<A> = { readonly seat: Seat; readonly action: A } | { readonly chance: ChanceOutcome };

/** The next state and what happened, or a rule error (nothing changed). */
export type Applied<S, E> =
  | { readonly ok: true; readonly state: S; readonly events: readonly E[] }
  | { readonly ok: false; readonly error: RuleError };

export type Started<S> = { readonly ok: true; readonly state: S } | { readonly ok: false; readonly error: string };

/** What a bot is given: its own seat's view and legal actions, never the state (so it cannot peek). */
export interface BotInput<V, A> {
  readonly view: V;
  readonly seat: Seat;
  readonly legal: readonly A[];
}

export interface Bot<V, A> {
  readonly id: string;
  /** A short description for menus and logs. */
  readonly description: string;
  /** One of `input.legal`. `random` gives uniform floats in [0, 1) from the server's per-table bot source. */
  choose(input: BotInput<V, A>, random: () => number): A;
}

/** A game's record format (like PGN for chess): its set-up and every move, as one JSON document. */
export interface RecordFormat<S, A, Setup> {
  /** The `format` field every record of this game carries, e.g. 'razzia-record/1'. */
  readonly format: string;
  write(game: { readonly setup: Setup; readonly moves: readonly Move<A>[] }): Record<string, unknown>;
  /** The record's shape only (a malformed record, exit 2); whether its moves are legal is `replay`'s to say. */
  read(json: unknown): { readonly ok: true; readonly setup: Setup; readonly moves: readonly Move<A>[] } | { readonly ok: false; readonly message: string };
  /** What `replay` prints for a state: the game's own JSON summary (scores so far, winners, finished). */
  summary(state: S): unknown;
}

/** Words for the command line (`play` prints a game's log and result). English only: the web client has its own. */
export interface GameText<S, E> {
  /** One log line, or null for events not worth a line. */
  event(event: E, names: readonly string[]): string | null;
  /** The result as a few lines of text. */
  result(state: S): string;
}

/**
 * A game: State, Action (a seat's decision, without the seat: the seat is said beside it), View (what one viewer
 * may see), Event, Setup (the deal: everything chance fixed before the first move) and Options.
 * All of them plain JSON: no classes, functions, Maps or Dates.
 */
export interface GameDef<S, A, V, E, Setup, O = Record<string, never>> {
  /** Stable id on the wire and in records: 'razzia'. */
  readonly id: string;
  /** The game's name as players know it: 'Razzia!'. */
  readonly name: string;
  /** Who designed it, for menus. */
  readonly designer: string;
  /**
   * Which rules and record this definition plays (absent: 1). A release that changes how the game is played or
   * recorded raises it and keeps the previous definition beside the new one: a table carries the ruleset it started
   * under and finishes under it, while new tables take the newest (docs/architecture.md, "Rulesets").
   */
  readonly ruleset?: number;
  readonly seats: { readonly min: number; readonly max: number };
  /** zod schemas: the protocol and the records are built from these, and every message is checked against them. */
  readonly schemas: {
    readonly options: z.ZodType<O>;
    readonly setup: z.ZodType<Setup>;
    /** A decision as a client sends it (no seat). */
    readonly action: z.ZodType<A>;
    readonly view: z.ZodType<V>;
    readonly event: z.ZodType<E>;
  };
  readonly defaultOptions: O;
  /** The deal, drawn once from the server's random source and stored (it is secret while the game runs). With fair
   * draws the source is the table's stream 0, and `verify` deals again from the revealed seed: how a game's deal
   * draws is part of its record format (its page says it), so changing it is a new format version. */
  deal(input: { readonly names: readonly string[]; readonly options: O }, random: Random): Setup;
  /** The options a deal was made with, as its set-up keeps them (Robbery's memory aid), for `verify` to deal again as
   * the table did. Required of a game whose options change its set-up; absent: its deal is `defaultOptions`'. */
  optionsOf?(setup: Setup): O;
  /** The first state from a deal, or why the deal is not one this game allows. */
  start(setup: Setup): Started<S>;
  pending(state: S): Pending;
  /** Every decision `seat` may take now: a decision is legal exactly when it is in this list. Empty when the
   * seat is not awaited. Computed from what that seat may see, so a client can trust it as its menu. */
  legal(state: S, seat: Seat): readonly A[];
  /** A seat's decision. Never throws on bad input and never mutates `state`. */
  apply(state: S, seat: Seat, action: A): Applied<S, E>;
  /** A chance outcome for the pending ChanceSpec (checked by `step` before it gets here). */
  resolve(state: S, outcome: ChanceOutcome): Applied<S, E>;
  /** What `viewer` may see: their own secrets, nobody else's, and nothing hidden from all (deck order, seeds). */
  view(state: S, viewer: Viewer): V;
  /** Who may see an event, and the redacted form everyone else gets. `state`: the game after the move that told it,
   * where who sees what depends on the table's options (Robbery's memory aid: what fades, and when). Without it, the
   * forms told at the moment only (enough for a bot's observer). */
  tell(event: E, state?: S): Told<E>;
  /**
   * A moment of the game worth a pause (the end of a round, whose summary people read): after a move that tells
   * such an event, with the game not over, the table waits until the connected people have moved on (or a short
   * while). Optional: a game without it never pauses.
   */
  moment?(event: E): boolean;
  /** Bots by id; 'random' and 'greedy' at least. */
  readonly bots: Readonly<Record<string, Bot<V, A>>>;
  readonly record: RecordFormat<S, A, Setup>;
  readonly text: GameText<S, E>;
  /**
   * For searching bots: a full state that agrees with everything `seat`'s view shows, its hidden part (other
   * hands, deck order, face-down choices) drawn from `random`. Never the true hidden state: only the view goes in.
   */
  sample?(view: V, seat: Seat, random: Random): S;
}

/** Any game, for code that handles games generically (the server, the CLI, the arena). */
// biome-ignore lint: a registry holds games of different types
export type AnyGame = GameDef<any, any, any, any, any, any>;

export type StateOf<G> = G extends GameDef<infer S, any, any, any, any, any> ? S : never;
export type ActionOf<G> = G extends GameDef<any, infer A, any, any, any, any> ? A : never;
export type ViewOf<G> = G extends GameDef<any, any, infer V, any, any, any> ? V : never;
export type EventOf<G> = G extends GameDef<any, any, any, infer E, any, any> ? E : never;
export type SetupOf<G> = G extends GameDef<any, any, any, any, infer Setup, any> ? Setup : never;
export type OptionsOf<G> = G extends GameDef<any, any, any, any, any, infer O> ? O : never;
