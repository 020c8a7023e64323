// @razzia/engine: the rules of Razzia! as a pure library.

export * from './cards.ts';
export * from './cheques.ts';
export * from './types.ts';
export { Rng, seedRng, type RngState } from './rng.ts';
export { deal, newGame, startGame, checkSetup, highestChequeHolder, MAX_NAME_LENGTH, type DealOptions, type SetupResult } from './setup.ts';
export { apply, canOutbid, mustBid, nextActive, FULL_ROW, withoutBlackCross } from './apply.ts';
export { legalActions, actor, subsets } from './legal.ts';
export { view, viewEvent, viewEvents, type GameView, type Viewer } from './view.ts';
export * from './scoring.ts';
export * from './record.ts';
export { ruleError } from './errors.ts';
export * from './bots/index.ts';
