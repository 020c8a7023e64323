// The replay's engine: the record parser (zod) and the rules, in their own chunk that loads only when a record
// is opened (replay.ts imports it on demand). One dynamic entry, so the table's own chunk shares none of it.

import { step } from '@razzia/contract/step';
import { apply, resolve } from '@razzia/game-razzia-dorra/apply';
import { pending } from '@razzia/game-razzia-dorra/legal';
import { readRecord, summarize } from '@razzia/game-razzia-dorra/record';
import { dealSetup, startGame } from '@razzia/game-razzia-dorra/setup';
import type { GameEvent, GameState } from '@razzia/game-razzia-dorra/types';
import { eventFor, view } from '@razzia/game-razzia-dorra/view';
import type { LogEntry } from '@razzia/protocol/table';
import type { ReplayLoaded } from '../types.ts';
import { fairVerdict } from '../fair.ts';
import { roundStarts } from './replay.ts';

/** The contract's step, as the server and the command line step: chance only when chance is pending, an outcome
 * that fits it, and a decision only when one is awaited. */
const game = { pending, resolve, apply } as unknown as Parameters<typeof step>[0];

export function replayNow(json: unknown): ReplayLoaded {
  const read = readRecord(json);
  if (!read.ok) return { ok: false, reason: read.message };
  const started = startGame(read.setup);
  if (!started.ok) return { ok: false, reason: started.error };
  const states: GameState[] = [started.state];
  const log: LogEntry[] = [];
  const ends = [0];
  let illegal: { index: number; rule: string; code: string; message: string } | null = null;
  let state = started.state;
  for (const [index, move] of read.moves.entries()) {
    const result = step<GameState, unknown, GameEvent>(game, state, move);
    if (!result.ok) {
      illegal = { index, ...result.error };
      break;
    }
    state = result.state;
    // What a spectator was told: nobody's secret pick or answer before it was shown.
    for (const event of result.events)
      log.push({ seq: log.length + 1, at: 0, kind: 'game', event: eventFor(event, null) as unknown as LogEntry['event'] });
    states.push(state);
    ends.push(log.length);
  }
  const finished = illegal === null && pending(state).kind === 'over';
  const played = { setup: read.setup, moves: read.moves };
  // The deal draws nothing here (D2.1: the shuffles are the first chance moves); every shuffle and die must be what
  // the revealed seed draws.
  const fair = fairVerdict(json, { ...game, deal: ({ names }: { names: readonly string[] }) => dealSetup(names), start: startGame, summary: summarize } as never, played);
  return {
    ok: true,
    replay: { views: states.map((s) => view(s, null)), log, ends, rounds: roundStarts(states), names: read.setup.names, illegal, played, finished, fair },
  };
}
