// The game's vocabulary: bars, cards, chits, decisions, state, views and events. Plain JSON, no zod, so a browser
// can import it (`@razzia/game-razzia-dorra/types`). Rule numbers refer to docs/rules/razzia-dorra.md.

/** A seat number: 0 = the first dealer (D2.2), clockwise. */
export type Seat = number;

/** Who looks: a seat, or null for a spectator. */
export type Viewer = Seat | null;

/** A bar by its place on the table, left to right (D1.1): 0 Colibri … 5 Jazz House. */
export type Bar = number;

/** D1.2: a gambler or a raid card. */
export type CardKind = 'gambler' | 'raid';

/** A card: its bar (border colour), kind and dice number (its strength, D1.2). Cards that agree in all three
 * are the same card for every rule. */
export interface Card {
  readonly bar: Bar;
  readonly kind: CardKind;
  readonly dice: number;
}

/** A money chit's value in thousands of dollars (D1.3): 5, 10, 15, 20, 25, 30, 40 or 50. */
export type Chit = number;

/** D5.3 */
export type Answer = 'accept' | 'refuse';

/** A decision as a seat sends it (the seat is said beside it). */
export type Action =
  /** D3.1: the dealer lays the extra chit at a bar. */
  | { readonly type: 'place'; readonly bar: Bar }
  /** D3.2: a seat lays a card of its hand face down. */
  | { readonly type: 'pick'; readonly card: Card }
  /** D5.2: the proposer gives the next chit of the proposal (largest first) to a party. */
  | { readonly type: 'give'; readonly to: Seat }
  /** D5.3 */
  | { readonly type: 'accept' }
  | { readonly type: 'refuse' };

export type ActionType = Action['type'];

/** A deal at one bar (D5). */
export interface Deal {
  readonly bar: Bar;
  /** The parties, strongest first (D5.1): parties[0] proposes. */
  readonly parties: readonly Seat[];
  /** The bar's chits, largest first: the order the proposer gives them in (D5.2). */
  readonly chits: readonly Chit[];
  /** to[i]: the party given chits[i] so far; complete when as long as `chits`. */
  readonly to: readonly Seat[];
}

/** One duel of a chain (D5.5, D5.6). */
export interface Duel {
  readonly bar: Bar;
  /** The rest at stake: the proposer's and the refusers' shares, still lying at the bar. */
  readonly stake: readonly Chit[];
  /** Every party's answer, shown (D5.3): per seat, null for the proposer and for seats not in the deal. */
  readonly answers: readonly (Answer | null)[];
  /** Who holds the rest if the chain ended now: first the proposer, then each duel's winner. */
  readonly champion: Seat;
  /** Refusers still to duel, weakest first (D5.5); challengers[0] duels the champion now. */
  readonly challengers: readonly Seat[];
  /** This duel's two players: `first`, the stronger card's, rolls first (D5.6). */
  readonly first: Seat;
  readonly second: Seat;
  /** The die rolls so far in this duel: [first's, second's]. */
  readonly rolls: readonly number[];
}

/** What the game waits for, in the state (with every secret). */
export type Phase =
  /** D2.1: the chit supply, then the cards, are shuffled (chance). */
  | { readonly kind: 'shuffle'; readonly what: 'supply' | 'deck' }
  /** D3.1: the dealer places the extra chit (shown to all while they choose). */
  | { readonly kind: 'place'; readonly extra: Chit }
  /** D3.2: every seat without a card on the table chooses one. */
  | { readonly kind: 'pick' }
  /** D5.2: the proposer gives the bar's chits one by one. */
  | { readonly kind: 'propose'; readonly deal: Deal }
  /** D5.3: the other parties answer, in secret until the last; answers per seat. */
  | { readonly kind: 'answer'; readonly deal: Deal; readonly answers: readonly (Answer | null)[] }
  /** D5.6: a die roll (chance). */
  | { readonly kind: 'duel'; readonly duel: Duel }
  /** D3.4: the discard pile is shuffled into a new deck (chance); then these seats get their card, in order. */
  | { readonly kind: 'reshuffle'; readonly toDeal: readonly Seat[] }
  | { readonly kind: 'over' };

export type PhaseKind = Phase['kind'];

/** The whole game: everything public and every secret. Never leaves the server; clients get a GameView. */
export interface GameState {
  readonly names: readonly string[];
  /** The round being played, 1-based (D3); 0 before the first. */
  readonly round: number;
  /** How many rounds the game has (D2): 12, or 15 with three players. */
  readonly rounds: number;
  readonly dealer: Seat;
  /** How many bars are in play, the leftmost ones (D2): 6, or 4 with three players. */
  readonly bars: number;
  /** The chits lying at each bar in play, in the order they were laid. */
  readonly barChits: readonly (readonly Chit[])[];
  /** The chits each seat has won, in the order won. */
  readonly money: readonly (readonly Chit[])[];
  /** Secret: each seat's hand (D3.2). */
  readonly hands: readonly (readonly Card[])[];
  /** The card each seat laid this round, per seat: face down until all are revealed (D3.2, D3.3). */
  readonly table: readonly (Card | null)[];
  /** Secret: the deck, top card first. */
  readonly deck: readonly Card[];
  /** Secret: the chit supply, top chit first. */
  readonly supply: readonly Chit[];
  /** The face-up discard pile, in the order the cards went there (D3.4). */
  readonly discard: readonly Card[];
  readonly phase: Phase;
  /** How many moves (decisions and chance outcomes) have been applied. */
  readonly version: number;
}

/** The phase as one viewer may see it: nobody else's secret answer. */
export type PhaseView =
  | { readonly kind: 'shuffle'; readonly what: 'supply' | 'deck' }
  | { readonly kind: 'place'; readonly extra: Chit }
  /** chosen[s]: seat s has laid its card (what it is stays secret). */
  | { readonly kind: 'pick'; readonly chosen: readonly boolean[] }
  | { readonly kind: 'propose'; readonly deal: Deal }
  /** answered[s]: seat s has answered; `answer`: the viewer's own answer, if any. */
  | { readonly kind: 'answer'; readonly deal: Deal; readonly answered: readonly boolean[]; readonly answer: Answer | null }
  | { readonly kind: 'duel'; readonly duel: Duel }
  | { readonly kind: 'reshuffle'; readonly toDeal: readonly Seat[] }
  | { readonly kind: 'over' };

/** What one viewer may see (D hidden information): their own hand and face-down card, and everything public. */
export interface GameView {
  readonly viewer: Viewer;
  readonly names: readonly string[];
  readonly round: number;
  readonly rounds: number;
  readonly dealer: Seat;
  readonly bars: number;
  readonly barChits: readonly (readonly Chit[])[];
  readonly money: readonly (readonly Chit[])[];
  /** The viewer's own hand; null for a spectator. */
  readonly hand: readonly Card[] | null;
  readonly handSizes: readonly number[];
  /** Per seat, the card laid this round: the viewer's own always, the others' once revealed (else null). */
  readonly table: readonly (Card | null)[];
  readonly deckSize: number;
  readonly supplySize: number;
  readonly discard: readonly Card[];
  readonly phase: PhaseView;
  readonly version: number;
}

/** How a game was set up: the names; every shuffle after that is a recorded chance move. */
export interface GameSetup {
  readonly names: readonly string[];
}

/** Why a bar paid out. */
export type TakeReason = 'alone' | 'raid' | 'deal' | 'duel';

/** Why nothing happened at a bar. */
export type QuietReason = 'no-card' | 'no-chits' | 'raid-failed';

export type GameEvent =
  /** A shuffle was resolved: its order is nobody's (D2.1, D3.4). */
  | { readonly type: 'shuffled'; readonly what: 'supply' | 'deck' | 'discard'; readonly size: number }
  | { readonly type: 'round-started'; readonly round: number; readonly dealer: Seat }
  /** Cards dealt to a seat: `cards` for that seat only, null in the form everyone else gets. */
  | { readonly type: 'dealt'; readonly seat: Seat; readonly count: number; readonly cards: readonly Card[] | null }
  /** D3.1: one chit per bar (null where none was left), and the extra chit the dealer will place (if any). */
  | { readonly type: 'chits-laid'; readonly chits: readonly (Chit | null)[]; readonly extra: Chit | null }
  | { readonly type: 'chit-placed'; readonly seat: Seat; readonly bar: Bar; readonly chit: Chit }
  /** D3.2: a seat chose; `card` for that seat only, null in the form everyone else gets. */
  | { readonly type: 'picked'; readonly seat: Seat; readonly card: Card | null }
  /** D3.3: all cards turned face up together, per seat. */
  | { readonly type: 'revealed'; readonly cards: readonly Card[] }
  | { readonly type: 'bar-quiet'; readonly bar: Bar; readonly reason: QuietReason }
  /** Money moves: `seat` takes `chits` from `bar`. */
  | { readonly type: 'took'; readonly seat: Seat; readonly bar: Bar; readonly chits: readonly Chit[]; readonly reason: TakeReason }
  | { readonly type: 'deal-opened'; readonly bar: Bar; readonly parties: readonly Seat[]; readonly chits: readonly Chit[] }
  | { readonly type: 'gave'; readonly bar: Bar; readonly chit: Chit; readonly to: Seat }
  /** The complete proposal: each party's share, parties strongest first. */
  | { readonly type: 'proposed'; readonly bar: Bar; readonly proposer: Seat; readonly shares: readonly { readonly seat: Seat; readonly chits: readonly Chit[] }[] }
  /** D5.3: a seat answered; `answer` for that seat only, null in the form everyone else gets. */
  | { readonly type: 'answered'; readonly seat: Seat; readonly answer: Answer | null }
  | { readonly type: 'answers-shown'; readonly bar: Bar; readonly answers: readonly { readonly seat: Seat; readonly answer: Answer }[] }
  | { readonly type: 'duel-started'; readonly bar: Bar; readonly first: Seat; readonly second: Seat; readonly stake: readonly Chit[] }
  | { readonly type: 'rolled'; readonly seat: Seat; readonly value: number; readonly total: number }
  | { readonly type: 'duel-won'; readonly bar: Bar; readonly winner: Seat; readonly loser: Seat }
  | { readonly type: 'round-ended'; readonly round: number }
  | { readonly type: 'game-over'; readonly money: readonly number[]; readonly winners: readonly Seat[] };

export type EventType = GameEvent['type'];

/** A refusal by the rules: a stable code, the rule it breaks and words. */
export interface RuleError {
  readonly code: string;
  readonly rule: string;
  readonly message: string;
}

export type Applied =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };
