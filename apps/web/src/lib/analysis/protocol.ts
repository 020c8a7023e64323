// What the page and the analysis worker say to each other. The page sends one request (a finished game's record,
// already read, and the seat to analyse); the worker answers with one message per analysed decision, then `done`.
// Stopping is terminating the worker: it thinks synchronously between messages, so it could not hear a "stop".

import type { AnalysedDecision } from '@razzia/bots';

export interface AnalysisRequest {
  /** The game's id (the worker loads that game's rules only). */
  readonly game: string;
  /** The game as `GameDef.record.read` returns it: its set-up and every move. */
  readonly played: { readonly setup: unknown; readonly moves: readonly unknown[] };
  readonly seat: number;
  /** The same seed gives the same analysis. */
  readonly seed: string;
}

export type AnalysisReport =
  /** One more decision analysed, and the costliest so far (marked: `costliest` of the bots, run here). */
  | {
      readonly type: 'progress';
      readonly done: number;
      readonly total: number;
      readonly decision: AnalysedDecision<unknown>;
      readonly marked: readonly AnalysedDecision<unknown>[];
    }
  /** Every decision of the seat is analysed (`total` 0: the seat never had a choice). */
  | { readonly type: 'done'; readonly total: number }
  | { readonly type: 'error'; readonly message: string };
