// A thinking thread: takes one decision at a time from the pool (pool.ts) and answers with the action. It is
// given what a bot is given (view, seat, legal) and a seed, never a state.

import { parentPort } from 'node:worker_threads';
import { Rng } from '@razzia/contract/random';
import { hint } from './analysis.ts';
import { choose, iterationsFor, levelById } from './levels.ts';
import type { ThinkRequest } from './pool.ts';
import { gameById } from './registry.ts';

export interface WorkerTask {
  readonly id: number;
  /** 'think': a bot seat's decision (answers the action); 'hint': a player's hint (answers { action, winChance }). */
  readonly kind: 'think' | 'hint';
  readonly request: ThinkRequest;
  /** What is left of the decision's clock budget once it leaves the queue. */
  readonly timeMs: number | undefined;
}

export type WorkerReply = { readonly id: number; readonly ok: true; readonly action: unknown } | { readonly id: number; readonly ok: false; readonly error: string };

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread of a thinking pool');

port.on('message', ({ id, kind, request, timeMs }: WorkerTask) => {
  let reply: WorkerReply;
  try {
    const input = { view: request.view, seat: request.seat, legal: request.legal };
    if (kind === 'hint') {
      // The level's iterations, under its clock ceiling and what is left of the budget (as for a bot seat).
      const level = levelById(request.level)?.search;
      if (!level) throw new Error(`a hint needs a searching level, not ${request.level}`);
      const budget = { iterations: iterationsFor(level, request.gameId), timeMs: Math.min(level.timeMs, timeMs ?? level.timeMs) };
      const h = hint(gameById(request.gameId), input, { budget, seed: request.seed });
      reply = { id, ok: true, action: { action: h.action, winChance: h.winChance } };
    } else {
      const rng = Rng.fromSeed(request.seed);
      const action = choose(gameById(request.gameId), request.level, input, () => rng.next(), timeMs === undefined ? {} : { timeMs });
      reply = { id, ok: true, action };
    }
  } catch (e) {
    reply = { id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(reply);
});
