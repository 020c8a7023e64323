// The search tree both methods share: Monte Carlo tree search over states drawn by a `determinize` function, one
// iteration at a time. What makes it information-set search is what the tree's branches are keyed by: not the
// true move, but what the searching seat *observes* of it (the events as that seat is told them). Two samples in
// which the same things were seen meet in the same node, so the searcher's decisions never depend on what it
// cannot know. A perfect-information tree (PIMC) keys by the move itself.
//
// Edges hold statistics per decision (visits, reward for the seat that decided, how often it was available:
// SO-ISMCTS's availability-based UCB, since which actions exist depends on the sample). Chance is resolved by
// sampling (`resolveChance`), in the tree and in playouts alike. When several seats decide at once, the others
// go before the searcher: their choices are hidden from it, so its node is the same whatever they chose, and
// nothing they choose can depend on its choice.

import { resolveChance } from '@razzia/contract/chance';
import type { Outcome, Pending, Seat } from '@razzia/contract/game';
import type { Rng } from '@razzia/contract/random';
import { ownKey } from './keys.ts';
import type { Policy } from './policy.ts';
import type { BotGame } from './types.ts';
import { rewards, winShares } from './reward.ts';

// biome-ignore lint: a search never looks into views
type Game<S, A> = BotGame<S, A, any>;

export interface Edge<A> {
  readonly action: A;
  readonly seat: Seat;
  visits: number;
  /** Sum of the deciding seat's rewards over the iterations through this edge. */
  reward: number;
  /** Sum of the deciding seat's win shares. */
  wins: number;
  /** Iterations in which this action was legal here. */
  available: number;
  /** Progressive bias: a bonus, fading with visits, for the action the playout policy would take here. */
  prior: number;
}

export interface Node<A> {
  readonly edges: Map<string, Edge<A>>;
  readonly children: Map<string, Node<A>>;
  /** Whether the policy's choice here has been marked (once, in the first sample that reached the node). */
  hinted: boolean;
}

const newNode = <A>(): Node<A> => ({ edges: new Map(), children: new Map(), hinted: false });

/** What a searcher learns from one step: a key that is equal for two steps exactly when it could not tell them apart. */
export type Observe<A> = (mover: Seat | null, action: A | null, events: readonly unknown[]) => string;

export interface TreeOptions<S, A> {
  readonly game: Game<S, A>;
  /** The seat the search decides for. */
  readonly me: Seat;
  readonly observe: Observe<A>;
  readonly policy: Policy<S, A>;
  /** UCB's exploration constant (rewards lie in 0..1). */
  readonly exploration: number;
  /** The root's choices, by key: the bot's legal list (or a part of it, for analysis). */
  readonly rootKeys: ReadonlySet<string>;
  /** The progressive bias's weight: how strongly the search trusts the policy's choice before it has evidence. */
  readonly bias: number;
  /** Where a playout may stop and be judged instead of played to the end (none: every playout to the end). */
  readonly horizon?: Horizon<S> | null;
}

/**
 * A game's judgement of an unfinished game, so a playout can stop early: the further a playout runs, the more of
 * its outcome is the luck of later deals rather than the choice being weighed. A horizon trades that noise for
 * the bias of a judgement.
 */
export interface Horizon<S> {
  /** Whether a playout that left the sampled root state `root` may stop at `state` and be judged. */
  readonly reached: (root: S, state: S) => boolean;
  /** Each seat's reward (as `rewards` gives for a finished game) and chance of winning, both 0..1. */
  readonly judge: (state: S) => Judged;
}

/** What one iteration is worth to each seat. */
export interface Judged {
  readonly rewards: readonly number[];
  readonly wins: readonly number[];
}

/** A finished game's worth: the rewards and win shares of its outcome. */
export function judgedOutcome(outcome: Outcome): Judged {
  return { rewards: rewards(outcome, outcome.scores.length), wins: winShares(outcome, outcome.scores.length) };
}

export class Tree<S, A> {
  readonly root: Node<A> = newNode();

  constructor(private readonly options: TreeOptions<S, A>) {}

  /** One iteration from a full state consistent with what the searcher knows at the root. */
  iterate(state: S, rng: Rng): void {
    const { game, me, observe, policy, exploration, rootKeys } = this.options;
    const horizon = this.options.horizon ?? null;
    const random = () => rng.next();
    const root = state;
    state = this.othersFirst(state, random);
    const path: Edge<A>[] = [];
    let node = this.root;
    let judged: Judged;
    for (;;) {
      const pending = game.pending(state);
      if (pending.kind === 'over') {
        judged = judgedOutcome(pending.outcome);
        break;
      }
      if (pending.kind === 'chance') {
        const r = game.resolve(state, resolveChance(pending.chance, rng));
        if (!r.ok) throw new Error(`search: ${game.id} refused its own chance outcome: ${r.error.code}`);
        state = r.state;
        node = child(node, observe(null, null, r.events));
        continue;
      }
      const seat = nextSeat(pending, me);
      let legal = game.legal(state, seat);
      if (node === this.root) legal = legal.filter((a) => rootKeys.has(ownKey(a)));
      if (legal.length === 0) throw new Error(`search: ${game.id} awaits seat ${seat}, which has no legal action`);
      if (legal.length === 1) {
        const action = legal[0] as A;
        const r = applied(game, state, seat, action);
        state = r.state;
        // A forced move is a step without a choice: no statistics, but what it shows still branches the tree.
        node = child(node, observe(seat, action, r.events));
        continue;
      }
      // Availability; then UCB with progressive bias towards the policy's choice, an untried action counting
      // as tried once at the mean of those tried ("first-play urgency"), so a wide choice (every set of cards
      // thieves could take) does not spend the budget trying each once.
      let best: Edge<A> | null = null;
      let bestScore = -Infinity;
      let triedVisits = 0;
      let triedReward = 0;
      const edges: Edge<A>[] = [];
      for (const action of legal) {
        const key = `${seat}:${ownKey(action)}`;
        let edge = node.edges.get(key);
        if (!edge) {
          edge = { action, seat, visits: 0, reward: 0, wins: 0, available: 0, prior: 0 };
          node.edges.set(key, edge);
        }
        edge.available++;
        edges.push(edge);
        triedVisits += edge.visits;
        triedReward += edge.reward;
      }
      if (!node.hinted) {
        node.hinted = true;
        const preferred = node.edges.get(`${seat}:${ownKey(policy(state, seat, random))}`);
        if (preferred) preferred.prior = this.options.bias;
      }
      const firstPlay = triedVisits > 0 ? triedReward / triedVisits : 0.5;
      for (const edge of edges) {
        const n = Math.max(1, edge.visits);
        const mean = edge.visits > 0 ? edge.reward / edge.visits : firstPlay;
        const score = mean + exploration * Math.sqrt(Math.log(edge.available) / n) + edge.prior / (edge.visits + 1);
        if (score > bestScore || (score === bestScore && edge.visits === 0 && rng.int(2) === 0)) {
          bestScore = score;
          best = edge;
        }
      }
      if ((best as Edge<A>).visits === 0) {
        // Expansion: one new choice per iteration, then a playout.
        const edge = best as Edge<A>;
        state = applied(game, state, seat, edge.action).state;
        path.push(edge);
        judged = playout(game, state, policy, rng, horizon && { root, ...horizon });
        break;
      }
      const edge = best as Edge<A>;
      const r = applied(game, state, seat, edge.action);
      state = r.state;
      path.push(edge);
      node = child(node, observe(seat, edge.action, r.events));
    }
    for (const edge of path) {
      edge.visits++;
      edge.reward += judged.rewards[edge.seat] ?? 0;
      edge.wins += judged.wins[edge.seat] ?? 0;
    }
  }

  /** Other seats deciding at the same moment as the searcher at the root choose first, by the policy, from
   * their own views of the sample: their choices are as hidden from the searcher as the rest of the sample. */
  private othersFirst(state: S, random: () => number): S {
    const { game, me, policy } = this.options;
    for (;;) {
      const pending = game.pending(state);
      if (pending.kind !== 'decide' || pending.seats.length < 2 || !pending.seats.includes(me)) return state;
      const seat = nextSeat(pending, me);
      state = applied(game, state, seat, policy(state, seat, random)).state;
    }
  }

  /** The root's choices for the searcher, the most visited first. */
  rootEdges(): Edge<A>[] {
    return [...this.root.edges.values()].filter((e) => e.seat === this.options.me).sort((a, b) => b.visits - a.visits || b.reward - a.reward);
  }
}

/** The seat to decide next: another awaited seat before the searcher (see the file's head). */
function nextSeat(pending: Extract<Pending, { kind: 'decide' }>, me: Seat): Seat {
  for (const seat of pending.seats) if (seat !== me) return seat;
  return me;
}

function child<A>(node: Node<A>, key: string): Node<A> {
  let next = node.children.get(key);
  if (!next) {
    next = newNode();
    node.children.set(key, next);
  }
  return next;
}

/** A legal action applied: the game refusing one is a bug in the game or the search, never a bot's choice. */
function applied<S, A>(game: Game<S, A>, state: S, seat: Seat, action: A): { readonly state: S; readonly events: readonly unknown[] } {
  const r = game.apply(state, seat, action);
  if (!r.ok) throw new Error(`search: ${game.id} refused a legal action of seat ${seat} (${r.error.code}): ${JSON.stringify(action)}`);
  return r;
}

/** Plays a sampled state to its end, or to the horizon (judged there): chance by sampling, every decision by the
 * policy. */
export function playout<S, A>(game: Game<S, A>, state: S, policy: Policy<S, A>, rng: Rng, horizon: (Horizon<S> & { readonly root: S }) | null = null): Judged {
  const random = () => rng.next();
  for (;;) {
    const pending = game.pending(state);
    if (pending.kind === 'over') return judgedOutcome(pending.outcome);
    if (horizon?.reached(horizon.root, state)) return horizon.judge(state);
    if (pending.kind === 'chance') {
      const r = game.resolve(state, resolveChance(pending.chance, rng));
      if (!r.ok) throw new Error(`playout: ${game.id} refused its own chance outcome: ${r.error.code}`);
      state = r.state;
      continue;
    }
    const seat = pending.seats[0] as Seat;
    const r = game.apply(state, seat, policy(state, seat, random));
    if (!r.ok) throw new Error(`playout: the policy chose an illegal action for seat ${seat} in ${game.id}: ${r.error.code}`);
    state = r.state;
  }
}
