// @razzia/bots: bots that search, for every game on the contract that can sample what a seat does not see.
// Pure and browser-safe: the search, the levels, the analysis and the hints. Node-only parts have their own
// entry points: '@razzia/bots/pool' (thinking in worker threads) and '@razzia/bots/registry' (games by id).

export type { AnyBotGame, AnySearchableGame, BotGame, Budget, ChoiceValue, Method, SearchableGame, SearchResult } from './types.ts';
export { searchable } from './types.ts';
export { search, observerOf, DEFAULT_EXPLORATION, DEFAULT_SAMPLES, type SearchOptions } from './search.ts';
export { BOT_LEVELS, ITERATION_SCALE, LEVEL_IDS, MIN_ITERATIONS, choose, iterationsFor, levelBot, levelById, type BotLevel, type ChooseOptions, type LevelId } from './levels.ts';
export {
  analyse,
  analyseSteps,
  costliest,
  hint,
  verdictOf,
  VERDICT_LOSSES,
  type AnalysableGame,
  type AnalysedDecision,
  type AnalysisOptions,
  type AnalysisProgress,
  type Hint,
  type PlayedGame,
  type Verdict,
} from './analysis.ts';
export { botPolicy, defaultPolicy, withExploration, type Policy } from './policy.ts';
export { playoutPolicy } from './policies/index.ts';
export { rewards, winShares } from './reward.ts';
export { actionKey } from './keys.ts';
export { rngFrom } from './random.ts';
