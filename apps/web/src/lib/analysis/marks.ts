// How an analysis reads: which decisions to mark, the verdicts' tally, a win chance in percent. Pure; `marked`
// runs in the worker (it takes `costliest` from the bots, which the page never loads), the rest in the panel.

import type { AnalysedDecision, Verdict } from '@razzia/bots';

/** The verdicts worth a mark: what gave away at least a few points of win chance (bots' VERDICT_LOSSES). */
export const COSTLY: readonly Verdict[] = ['inaccuracy', 'mistake', 'blunder'];
export const VERDICTS: readonly Verdict[] = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];

/** How many marks an analysis shows. */
export const MARKS = 5;

/** The decisions to mark, given the bots' `costliest`: the costliest first, leaving out those that cost next to nothing. */
export function marked<A>(
  costliest: (decisions: readonly AnalysedDecision<A>[], count: number) => AnalysedDecision<A>[],
  decisions: readonly AnalysedDecision<A>[],
  count = MARKS,
): AnalysedDecision<A>[] {
  return costliest(
    decisions.filter((d) => COSTLY.includes(d.verdict)),
    count,
  );
}

/** How many decisions earned each verdict, in VERDICTS' order. */
export function tally(decisions: readonly { readonly verdict: Verdict }[]): { verdict: Verdict; n: number }[] {
  return VERDICTS.map((verdict) => ({ verdict, n: decisions.filter((d) => d.verdict === verdict).length }));
}

/** A win chance (0..1) as a whole percentage. */
export const percent = (chance: number): number => Math.round(Math.max(0, Math.min(1, chance)) * 100);
