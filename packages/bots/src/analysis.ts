// "Learn from your game": the searching bot's opinion of every decision one player took in a finished game, and a
// hint for a decision still to take. Pure (no node: imports, no clock unless a time budget is asked for), so the
// web client can run it in a Web Worker as well as the server in a worker thread.
//
// At each decision the bot is given exactly what the player saw (the seat's view and legal list, never the state)
// and searches it twice: once over every choice, to find its best, then over only its best and the player's
// choice, with the same budget, so the two estimates that are compared both rest on a fair share of iterations.

import type { AnyGame, BotInput, GameDef, Move, Seat } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { step } from '@razzia/contract/step';
import { actionKey } from './keys.ts';
import { iterationsFor, levelById, type LevelId } from './levels.ts';
import { search } from './search.ts';
import { searchable, type AnyBotGame, type Budget, type ChoiceValue, type Method, type SearchableGame } from './types.ts';

/** How costly a decision was, by the estimated win chance it gave away (as chess sites grade moves). */
export type Verdict = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** Win chance given away (0..1) from which each verdict starts; below the first, a choice is 'good'. */
export const VERDICT_LOSSES = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.2 } as const;

export interface AnalysedDecision<A> {
  /** The decision's index among the record's moves. */
  readonly index: number;
  /** How many choices the player had. */
  readonly choices: number;
  readonly played: A;
  /** The bot's best choice (the played one when the bot agrees). */
  readonly best: A;
  /** The estimated chance of winning (a shared win counting as a share) after the player's choice, 0..1. */
  readonly playedWinChance: number;
  /** … and after the bot's best choice. */
  readonly bestWinChance: number;
  /** bestWinChance − playedWinChance, never below 0: what the decision cost. */
  readonly loss: number;
  readonly verdict: Verdict;
}

export interface AnalysisOptions {
  /** Per search (each decision takes two). Default: the 'hard' level's iterations, no clock. */
  readonly budget?: Budget;
  /** The level whose budget to use when `budget` is not given. */
  readonly level?: LevelId;
  readonly method?: Method;
  /** The same seed gives the same analysis. */
  readonly seed?: string;
}

/** What an analysis needs of a game: what a bot needs, and how to start from a set-up. */
// biome-ignore lint: any game
export type AnalysableGame = AnyBotGame & Pick<GameDef<any, any, any, any, any, any>, 'start'>;

/** A played game: its set-up and every move, as `GameDef.record.read` returns them. */
export interface PlayedGame<A> {
  readonly setup: unknown;
  readonly moves: readonly Move<A>[];
}

export interface AnalysisProgress<A> {
  /** Decisions of the seat analysed so far, and in all (decisions without a choice are not analysed). */
  readonly done: number;
  readonly total: number;
  readonly decision: AnalysedDecision<A>;
}

/** The analysis one decision at a time, so a worker can report progress (and stop) between decisions. */
export function* analyseSteps<A>(game: AnalysableGame, played: PlayedGame<A>, seat: Seat, options: AnalysisOptions = {}): Generator<AnalysisProgress<A>> {
  const sampling = needsSample(game);
  const budget = budgetOf(options, game.id);
  const seed = options.seed ?? 'analysis';
  const started = game.start(played.setup);
  if (!started.ok) throw new Error(`analyse: the set-up does not start a game: ${started.error}`);
  // First pass: the positions at which the seat had a real choice.
  const at: { index: number; input: BotInput<unknown, A>; action: A }[] = [];
  let state = started.state;
  played.moves.forEach((move, index) => {
    if ('seat' in move && move.seat === seat) {
      const legal = game.legal(state, seat) as readonly A[];
      if (legal.length > 1) at.push({ index, input: { view: game.view(state, seat), seat, legal }, action: move.action });
    }
    const r = step(game as AnyGame, state, move); // step reads only pending, resolve and apply
    if (!r.ok) throw new Error(`analyse: move ${index} is illegal: ${r.error.code} ${r.error.message}`);
    state = r.state;
  });
  let done = 0;
  for (const { index, input, action } of at) {
    const decision = judge(sampling, input, action, budget, options.method, `${seed}/${index}`);
    yield { done: ++done, total: at.length, decision: { ...decision, index } };
  }
}

/** Every decision of `seat` in a finished game with a choice in it, in order. */
export function analyse<A>(game: AnalysableGame, played: PlayedGame<A>, seat: Seat, options: AnalysisOptions = {}): AnalysedDecision<A>[] {
  return [...analyseSteps(game, played, seat, options)].map((p) => p.decision);
}

/** The `count` costliest decisions, costliest first (ties: earlier first). */
export function costliest<A>(decisions: readonly AnalysedDecision<A>[], count = 3): AnalysedDecision<A>[] {
  return decisions
    .filter((d) => d.loss > 0)
    .sort((a, b) => b.loss - a.loss || a.index - b.index)
    .slice(0, count);
}

export interface Hint<A> {
  /** What the bot would do. */
  readonly action: A;
  /** Its estimated chance of winning after it, 0..1. */
  readonly winChance: number;
  /** Every choice's estimate, the bot's favourite first. */
  readonly choices: readonly ChoiceValue<A>[];
}

/** What the searching bot would do in a seat's place: for a player who asks for a hint. */
export function hint<V, A>(game: AnyBotGame, input: BotInput<V, A>, options: AnalysisOptions = {}): Hint<A> {
  // With one legal decision the choice is made, but the asker still gets its chance of winning (a number, 0..1).
  const result = search(needsSample(game), input, Rng.fromSeed(options.seed ?? 'hint'), {
    budget: budgetOf(options, game.id),
    method: options.method ?? 'ismcts',
    estimate: true,
  });
  const best = result.choices[0] as ChoiceValue<A>;
  return { action: result.action as A, winChance: best.winChance, choices: result.choices as ChoiceValue<A>[] };
}

function judge<A>(game: SearchableGame<unknown, A, unknown>, input: BotInput<unknown, A>, played: A, budget: Budget, method: Method | undefined, seed: string): Omit<AnalysedDecision<A>, 'index'> {
  const rng = Rng.fromSeed(seed);
  const first = search(game, input, rng, { budget, method: method ?? 'ismcts' });
  const playedKey = actionKey(played);
  const choices = input.legal.length;
  if (actionKey(first.action) === playedKey) {
    const value = first.choices[0] as ChoiceValue<A>;
    return { choices, played, best: first.action, playedWinChance: value.winChance, bestWinChance: value.winChance, loss: 0, verdict: 'best' };
  }
  const second = search(game, input, rng, { budget, method: method ?? 'ismcts', among: [first.action, played] });
  const valueOf = (key: string) => second.choices.find((c) => actionKey(c.action) === key) as ChoiceValue<A>;
  const mine = valueOf(playedKey);
  const bots = valueOf(actionKey(first.action));
  // The second, fairer look can side with the player: then the player's choice was as good as any.
  if (mine.winChance >= bots.winChance)
    return { choices, played, best: played, playedWinChance: mine.winChance, bestWinChance: mine.winChance, loss: 0, verdict: 'best' };
  const loss = bots.winChance - mine.winChance;
  return { choices, played, best: bots.action, playedWinChance: mine.winChance, bestWinChance: bots.winChance, loss, verdict: verdictOf(loss) };
}

export function verdictOf(loss: number): Verdict {
  if (loss <= 0) return 'best';
  if (loss >= VERDICT_LOSSES.blunder) return 'blunder';
  if (loss >= VERDICT_LOSSES.mistake) return 'mistake';
  if (loss >= VERDICT_LOSSES.inaccuracy) return 'inaccuracy';
  return 'good';
}

function budgetOf(options: AnalysisOptions, gameId: string): Budget {
  if (options.budget) return options.budget;
  const level = levelById(options.level ?? 'hard')?.search;
  if (!level) throw new Error(`analysis needs a searching level, not ${options.level}`);
  return { iterations: iterationsFor(level, gameId) };
}

// biome-ignore lint: any game on the contract
function needsSample(game: AnyBotGame): SearchableGame<any, any, any> {
  const sampling = searchable(game);
  if (!sampling) throw new Error(`${game.id} cannot sample what a seat does not see, so it cannot be analysed`);
  return sampling;
}
