// @razzia/game-robbery: the rules of Reiner Knizia's Robbery as a pure library, and the game contract's Robbery
// (`robbery`). A browser imports `./client` (or `./types`) instead, which needs no zod.

export * from './client.ts';
export { apply, resolve } from './apply.ts';
export { legalActions } from './legal.ts';
export { view, tell } from './view.ts';
export { dealWith, startGame, checkSetup, MIN_PLAYERS, MAX_PLAYERS, MAX_NAME_LENGTH } from './setup.ts';
export { arrestedSeats, discardingSeats, scoreGame, takeDiscard } from './reckoning.ts';
export { sampleState, unseenCards } from './sample.ts';
export { resultTable } from './text.ts';
export { ruleError } from './errors.ts';
export { BOTS, randomBot, greedyBot, type BotId } from './bots/index.ts';
export { RECORD_FORMAT, readRecord, writeRecord, summarize, type ReplaySummary, type RobberyRecord } from './record.ts';
export * from './schemas.ts';
export { robbery, pending, type RobberyOptions } from './game.ts';
