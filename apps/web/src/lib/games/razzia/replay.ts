// Replays a Razzia! record action by action, keeping every view, so the replay viewer can step both ways and jump.
// The record parser (zod) loads only here, when a record is opened.

import type { Random } from '@razzia/contract/random';
import type { GameEvent, GameState } from '@razzia/game-razzia/types';
import type { LogEntry } from '@razzia/protocol/table';
import type { ReplayLoaded } from '../types.ts';

export async function replayRecord(json: unknown): Promise<ReplayLoaded> {
  const [{ readRecord, moveOf, summarize }, { startGame, dealWith }, { apply }, { view }, { razziaRules }, { fairVerdict }] = await Promise.all([
    import('@razzia/game-razzia/record'),
    import('@razzia/game-razzia/setup'),
    import('@razzia/game-razzia/apply'),
    import('@razzia/game-razzia/view'),
    import('@razzia/game-razzia/client'),
    import('../fair.ts'),
  ]);
  const read = readRecord(json);
  if (!read.ok) return { ok: false, reason: read.message };
  const started = startGame(read.setup);
  if (!started.ok) return { ok: false, reason: started.error };
  const states: GameState[] = [started.state];
  const log: LogEntry[] = [];
  const ends = [0];
  let illegal: { index: number; rule: string; code: string; message: string } | null = null;
  let state = started.state;
  const push = (events: readonly GameEvent[]) => {
    for (const event of events) log.push({ seq: log.length + 1, at: 0, kind: 'game', event: event as unknown as LogEntry['event'] });
  };
  for (const [index, action] of read.actions.entries()) {
    const result = apply(state, action);
    if (!result.ok) {
      illegal = { index, ...result.error };
      break;
    }
    state = result.state;
    push(result.events);
    states.push(state);
    ends.push(log.length);
  }
  const played = { setup: read.setup, moves: read.actions.map(moveOf) };
  const finished = illegal === null && state.phase.kind === 'over';
  // The deal is Razzia!'s only chance: dealt again from the revealed seed, it must be the record's.
  const fair = fairVerdict(json, { ...razziaRules, deal: ({ names }: { names: readonly string[] }, random: Random) => dealWith(names, random), summary: summarize } as never, played);
  return { ok: true, replay: { views: states.map((s) => view(s, null)), log, ends, rounds: roundStarts(states), names: read.setup.names, illegal, played, finished, fair } };
}

/** The index of the first state of each round, for "jump to round". */
export function roundStarts(states: readonly { readonly round: number }[]): number[] {
  const starts: number[] = [];
  states.forEach((s, i) => {
    if (starts.length < s.round) starts.push(i);
  });
  return starts;
}
