// @razzia/game-razzia: the rules of Razzia! as a pure library, and the game contract's Razzia! (`razzia`).

export * from './cards.ts';
export * from './cheques.ts';
export * from './types.ts';
export { Rng, seedRng, type Random, type RngState } from '@razzia/contract/random';
export { deal, dealWith, newGame, startGame, checkSetup, highestChequeHolder, MAX_NAME_LENGTH, type DealOptions, type SetupResult } from './setup.ts';
export { apply, canOutbid, mustBid, nextActive, FULL_ROW, withoutBlackCross } from './apply.ts';
export { legalActions, legalIntents, actor, subsets, canonicalAction } from './legal.ts';
export { view, viewEvent, viewEvents, type GameView, type Viewer } from './view.ts';
export * from './scoring.ts';
export * from './record.ts';
export { razzia, fromRecord, parseRecord, type RazziaOptions, type RecordResult } from './game.ts';
export { sampleState, unseenCounts } from './sample.ts';
export * from './schemas.ts';
export { ruleError } from './errors.ts';
export * from './bots/index.ts';
