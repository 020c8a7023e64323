// An arena thread: plays whole games (match.ts) on one core each, so the arena uses every core of the machine
// while every decision's time is still one core's.

import { parentPort } from 'node:worker_threads';
import { gameById } from '../src/registry.ts';
import { playMatch, type Entrant, type MatchResult } from './match.ts';

export interface MatchTask {
  readonly id: number;
  readonly gameId: string;
  readonly entrants: readonly Entrant[];
  readonly seed: string;
}

export type MatchReply = { readonly id: number; readonly ok: true; readonly result: MatchResult } | { readonly id: number; readonly ok: false; readonly error: string };

const port = parentPort;
if (!port) throw new Error('arena/worker.ts runs as a worker thread of the arena');

port.on('message', (task: MatchTask) => {
  let reply: MatchReply;
  try {
    reply = { id: task.id, ok: true, result: playMatch(gameById(task.gameId), task.entrants, task.seed) };
  } catch (e) {
    reply = { id: task.id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(reply);
});
