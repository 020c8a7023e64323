// What a web client needs, without zod: the types, the bars, cards and chits, duel odds, the legal list from a
// view, deal shares and the words. (`@razzia/game-razzia-dorra/client`; the package root also brings the schemas
// and records.)

export * from './types.ts';
export * from './components.ts';
export { duelOdds, fromDealer, isStronger, strongestFirst, winsDuel, type Contender } from './strength.ts';
export { legalInView } from './legal.ts';
export { eventFor } from './view.ts';
export { shareOf } from './flow.ts';
export { describeEvent, dollars } from './text.ts';
