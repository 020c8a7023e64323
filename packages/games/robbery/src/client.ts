// What a web client needs, without zod: the types, the tile and card tables, the legal list from a view, and
// the words. (`@razzia/game-robbery/client`; the package root also brings the schemas and records.)

export * from './types.ts';
export * from './cards.ts';
export * from './tiles.ts';
export { effectOf, holdersOf, type Effect, type Table } from './effects.ts';
export { legalInView, legalFromSeen, actor, type Seen } from './legal.ts';
export { discardChoices, kindOf, kindsPoints, canonicalDiscard, DISCARD_TOTAL } from './reckoning.ts';
export { cardName, tileName, describeEvent } from './text.ts';
export { faded, fadesEarlier } from './view.ts';
