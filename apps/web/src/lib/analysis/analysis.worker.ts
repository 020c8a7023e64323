// The analysis Web Worker: the hard bot's opinion of every decision one player took in a finished game, one decision
// at a time, reported as it goes. It runs off the page's thread (a decision takes two searches of a second or so),
// and loads only when a reader presses Analyse. It is given a finished game's record, which is public once over.

/// <reference lib="webworker" />

import { analyseSteps, costliest, type AnalysedDecision, type PlayedGame } from '@razzia/bots';
import { analysableGame } from './games.ts';
import { marked } from './marks.ts';
import type { AnalysisReport, AnalysisRequest } from './protocol.ts';

const post = (report: AnalysisReport) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(report);

self.onmessage = async (event: MessageEvent<AnalysisRequest>) => {
  const { game: id, played, seat, seed } = event.data;
  try {
    const game = await analysableGame(id);
    if (!game) return post({ type: 'error', message: `no analysis for ${id}` });
    let total = 0;
    const decisions: AnalysedDecision<unknown>[] = [];
    for (const step of analyseSteps(game, played as PlayedGame<unknown>, seat, { level: 'hard', seed })) {
      total = step.total;
      decisions.push(step.decision);
      post({ type: 'progress', done: step.done, total: step.total, decision: step.decision, marked: marked(costliest, decisions) });
    }
    post({ type: 'done', total });
  } catch (e) {
    post({ type: 'error', message: (e as Error).message });
  }
};
