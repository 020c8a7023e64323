// @razzia/game-razzia-dorra: Stefan Dorra's Razzia (3-8 players) as a pure library, and its game contract
// (`razziaDorra`). A browser imports `./client` (or `./types`) instead, which needs no zod.

export * from './types.ts';
export * from './components.ts';
export * from './strength.ts';
export { startGame, dealSetup, checkSetup, MAX_NAME_LENGTH } from './setup.ts';
export { apply, resolve, chanceOf } from './apply.ts';
export { pending, awaited, legal, legalInView, outcome } from './legal.ts';
export { view, tell, eventFor } from './view.ts';
export { sampleState, unseenCards, unseenChits } from './sample.ts';
export { shareOf, dealingOrder } from './flow.ts';
export { describeEvent, resultTable, dollars } from './text.ts';
export * from './record.ts';
export * from './schemas.ts';
export * from './bots/index.ts';
export { ruleError } from './errors.ts';
export { razziaDorra, type RazziaDorraOptions } from './game.ts';
