// B1.2: the 55 cards. A card is its own name: a number card is its value, the others a word.

/** A number card's value (B1.2), which is also the value of the loot tile it takes (B4.1). */
export type NumberCard = 0 | 1 | 2 | 3 | 4 | 5;

/** Every kind of card: number cards 0-5, the Boss, the Guard Dog and the Greedy Thief (B1.2). */
export type Card = NumberCard | 'boss' | 'dog' | 'greedy';

export const NUMBER_CARDS: readonly NumberCard[] = [0, 1, 2, 3, 4, 5];

/** Every card kind, in the order hands are sorted and shown. */
export const CARD_KINDS: readonly Card[] = [...NUMBER_CARDS, 'boss', 'dog', 'greedy'];

/** B1.2: how many cards of each kind the deck holds. */
export const CARD_COUNTS: Readonly<Record<string, number>> = {
  0: 6,
  1: 6,
  2: 6,
  3: 6,
  4: 6,
  5: 6,
  boss: 6,
  dog: 6,
  greedy: 7,
};

export const DECK_SIZE = 55;

/** B2.1: each seat starts with this many cards; a draw refills the hand to it (B3.2). */
export const HAND_SIZE = 5;

export function isCard(value: unknown): value is Card {
  return CARD_KINDS.includes(value as Card);
}

export function isNumberCard(card: Card): card is NumberCard {
  return typeof card === 'number';
}

/** The 55 cards in kind order (unshuffled). */
export function fullDeck(): Card[] {
  const deck: Card[] = [];
  for (const kind of CARD_KINDS) for (let i = 0; i < (CARD_COUNTS[String(kind)] as number); i++) deck.push(kind);
  return deck;
}

/** Each kind's place in CARD_KINDS (every view sorts the discard pile: no search per comparison). */
const RANK = new Map<Card, number>(CARD_KINDS.map((kind, i) => [kind, i]));

/** Hands are kept sorted, so a state (and a view) does not depend on the order cards were drawn in. */
export function compareCards(a: Card, b: Card): number {
  return (RANK.get(a) as number) - (RANK.get(b) as number);
}

export function sortCards(cards: readonly Card[]): Card[] {
  return [...cards].sort(compareCards);
}

/** `cards` without one `card` (the first found); `cards` itself if it holds none. */
export function withoutOne<T>(items: readonly T[], item: T): T[] {
  const i = items.indexOf(item);
  return i < 0 ? [...items] : [...items.slice(0, i), ...items.slice(i + 1)];
}

/** How many of each card kind a list holds, keyed by String(kind). */
export function countCards(cards: readonly Card[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of CARD_KINDS) counts[String(kind)] = 0;
  for (const card of cards) counts[String(card)] = (counts[String(card)] ?? 0) + 1;
  return counts;
}
