// Replays a Robbery record move by move (decisions and the recorded reshuffles), keeping every spectator's view
// and the log as a spectator saw it, so the replay viewer can step both ways and jump to a raid. The record parser
// (zod) loads only here, when a record is opened.

import type { Pending } from '@razzia/contract/game';
import type { Random } from '@razzia/contract/random';
import type { GameEvent, GameState } from '@razzia/game-robbery/types';
import type { LogEntry } from '@razzia/protocol/table';
import type { ReplayLoaded } from '../types.ts';

export async function replayRecord(json: unknown): Promise<ReplayLoaded> {
  const [{ readRecord, summarize }, { startGame, dealWith, setupOptions }, { apply, resolve }, { view, tell }, { actor }, { fairVerdict }] = await Promise.all([
    import('@razzia/game-robbery/record'),
    import('@razzia/game-robbery/setup'),
    import('@razzia/game-robbery/apply'),
    import('@razzia/game-robbery/view'),
    import('@razzia/game-robbery/legal'),
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
  for (const [index, move] of read.moves.entries()) {
    const result = 'chance' in move ? resolve(state, move.chance) : apply(state, move.seat, move.action);
    if (!result.ok) {
      illegal = { index, ...result.error };
      break;
    }
    state = result.state;
    for (const event of result.events) {
      // What a spectator saw: a drawn card is told only to its drawer.
      const told = tell(event);
      const seen: GameEvent = told.to === 'all' ? told.event : told.others;
      log.push({ seq: log.length + 1, at: 0, kind: 'game', event: seen as unknown as LogEntry['event'] });
    }
    states.push(state);
    ends.push(log.length);
  }
  const finished = illegal === null && state.phase.kind === 'over';
  const played = { setup: read.setup, moves: read.moves };
  // Robbery's `pending` lives beside its schemas (game.ts): the same function on the same state (B3.2: every
  // reshuffle is chance). The deal and every reshuffle must be what the revealed seed draws.
  const pending = (s: GameState): Pending => {
    if (s.phase.kind === 'over') return { kind: 'over', outcome: { scores: [...s.result!.scores], winners: [...s.result!.winners], places: [...s.result!.places] } };
    if (s.phase.kind === 'reshuffle') return { kind: 'chance', chance: { kind: 'shuffle', size: s.discard.length } };
    return { kind: 'decide', seats: [actor(s) as number] };
  };
  // Dealt again with the table's options (the memory aid), as the set-up keeps them.
  const fair = fairVerdict(
    json,
    {
      deal: ({ names, options }: { names: readonly string[]; options: { memoryAid?: boolean } }, random: Random) => dealWith(names, random, options),
      optionsOf: setupOptions,
      start: startGame,
      pending,
      apply,
      resolve,
      summary: summarize,
    } as never,
    played,
  );
  return {
    ok: true,
    replay: { views: states.map((s) => view(s, null)), log, ends, rounds: raidStarts(states), names: read.setup.names, illegal, played, finished, fair },
  };
}

/** The index of the first state of each raid, for "jump to raid". */
export function raidStarts(states: readonly { readonly raid: number }[]): number[] {
  const starts: number[] = [];
  states.forEach((s, i) => {
    if (starts.length < s.raid) starts.push(i);
  });
  return starts;
}
