// @razzia/contract: the typed contract every game implements, and the tools that work on any game
// (stepping moves, chance, records, the command line). The command line lives in './cli' (it uses node:fs).

export * from './game.ts';
export { Rng, seedRng, type Random, type RngState } from './random.ts';
export { checkOutcome, resolveChance, shuffled } from './chance.ts';
export { step, stepAll } from './step.ts';
export { seenBy, seenLater, isPublic } from './told.ts';
export { placesBy } from './places.ts';
export { replay, replayText, describeReplayError, type ReplayResult } from './replay.ts';
