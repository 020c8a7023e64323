// The 120 cards of R1.1: kind ids, counts, colours, and which leave after each round's scoring.

export const TRINKETS = [
  'trinket:ring',
  'trinket:watch',
  'trinket:brooch',
  'trinket:chain',
  'trinket:diamond',
] as const;

export const BUSINESSES = [
  'business:casino',
  'business:transport',
  'business:film',
  'business:racing',
  'business:realestate',
  'business:nightclub',
  'business:restaurant',
] as const;

export type TrinketKind = (typeof TRINKETS)[number];
export type BusinessKind = (typeof BUSINESSES)[number];
export type BootyKind = TrinketKind | BusinessKind | 'bodyguard' | 'car' | 'driver' | 'thief' | 'gold';
export type CardKind = BootyKind | 'police';

/** Every booty kind, in the order the rulebook groups them (by colour). */
export const BOOTY_KINDS: readonly BootyKind[] = [
  ...TRINKETS,
  'bodyguard',
  'car',
  'driver',
  'thief',
  'gold',
  ...BUSINESSES,
];

export const CARD_KINDS: readonly CardKind[] = [...BOOTY_KINDS, 'police'];

export type Colour = 'red' | 'purple' | 'green' | 'blue' | 'yellow' | 'brown' | 'police';

interface KindInfo {
  readonly count: number;
  readonly colour: Colour;
  /** R1.1/R1.2 "black cross": removed from every estate after each round's scoring (R7.8). */
  readonly blackCross: boolean;
}

const trinket: KindInfo = { count: 4, colour: 'red', blackCross: true };
const business: KindInfo = { count: 4, colour: 'brown', blackCross: false };

export const KIND_INFO: Readonly<Record<CardKind, KindInfo>> = {
  'trinket:ring': trinket,
  'trinket:watch': trinket,
  'trinket:brooch': trinket,
  'trinket:chain': trinket,
  'trinket:diamond': trinket,
  bodyguard: { count: 16, colour: 'purple', blackCross: false },
  car: { count: 16, colour: 'green', blackCross: false },
  driver: { count: 10, colour: 'green', blackCross: true },
  thief: { count: 6, colour: 'blue', blackCross: true },
  gold: { count: 3, colour: 'yellow', blackCross: true },
  'business:casino': business,
  'business:transport': business,
  'business:film': business,
  'business:racing': business,
  'business:realestate': business,
  'business:nightclub': business,
  'business:restaurant': business,
  police: { count: 21, colour: 'police', blackCross: false },
};

export const DECK_SIZE = 120;

const CARD_KIND_SET: ReadonlySet<string> = new Set(CARD_KINDS);

export function isCardKind(value: unknown): value is CardKind {
  return typeof value === 'string' && CARD_KIND_SET.has(value);
}

export function isTrinket(kind: CardKind): kind is TrinketKind {
  return kind.startsWith('trinket:');
}

export function isBusiness(kind: CardKind): kind is BusinessKind {
  return kind.startsWith('business:');
}

/** The 120 cards of R1.1 in a fixed (unshuffled) order. */
export function fullDeck(): CardKind[] {
  const deck: CardKind[] = [];
  for (const kind of CARD_KINDS) {
    for (let i = 0; i < KIND_INFO[kind].count; i++) deck.push(kind);
  }
  return deck;
}

/** Zero of every kind, booty and police. */
export function noCards(): Record<CardKind, number> {
  const counts = {} as Record<CardKind, number>;
  for (const kind of CARD_KINDS) counts[kind] = 0;
  return counts;
}

/** An estate: how many cards of each booty kind a player holds. */
export type Estate = Readonly<Record<BootyKind, number>>;

export function emptyEstate(): Record<BootyKind, number> {
  const estate = {} as Record<BootyKind, number>;
  for (const kind of BOOTY_KINDS) estate[kind] = 0;
  return estate;
}
