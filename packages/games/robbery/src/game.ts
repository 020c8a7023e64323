// Robbery on the platform: the game contract (@razzia/contract) implemented by the engine's pure functions.

import type { GameDef, Pending } from '@razzia/contract';
import type { Random } from '@razzia/contract/random';
import { apply, resolve } from './apply.ts';
import { BOTS } from './bots/index.ts';
import { actor, legalActions } from './legal.ts';
import { readRecord, summarize, writeRecord, RECORD_FORMAT } from './record.ts';
import { sampleState } from './sample.ts';
import { ActionSchema, GameEventSchema, GameViewSchema, OptionsSchema, SetupSchema } from './schemas.ts';
import { dealWith, setupOptions, startGame } from './setup.ts';
import { describeEvent, resultTable } from './text.ts';
import type { Action, GameEvent, GameSetup, GameState, GameView } from './types.ts';
import { tell, view } from './view.ts';

/** The table's options: the memory aid (ours, off by default; docs/rules/robbery.md, B8.3). */
export interface RobberyOptions {
  readonly memoryAid?: boolean;
}

export function pending(state: GameState): Pending {
  const phase = state.phase;
  if (phase.kind === 'over') {
    const result = state.result as NonNullable<GameState['result']>;
    return { kind: 'over', outcome: { scores: result.scores, winners: result.winners, places: result.places } };
  }
  // B3.2: every reshuffle is chance the server resolves and records.
  if (phase.kind === 'reshuffle') return { kind: 'chance', chance: { kind: 'shuffle', size: state.discard.length } };
  return { kind: 'decide', seats: [actor(state) as number] };
}

export const robbery: GameDef<GameState, Action, GameView, GameEvent, GameSetup, RobberyOptions> = {
  id: 'robbery',
  name: 'Robbery',
  designer: 'Reiner Knizia',
  seats: { min: 2, max: 5 },
  schemas: {
    options: OptionsSchema as never,
    setup: SetupSchema as never,
    action: ActionSchema as never,
    view: GameViewSchema as never,
    event: GameEventSchema as never,
  },
  defaultOptions: { memoryAid: false },
  deal: ({ names, options }, random: Random) => dealWith(names, random, options),
  optionsOf: setupOptions,
  start: startGame,
  pending,
  legal: legalActions,
  apply,
  resolve,
  view,
  tell,
  // B8.1-B8.3: a raid's end — the Boss check and the tiles banked — is a moment the table waits at for its people.
  moment: (event) => event.type === 'banked',
  bots: BOTS,
  record: {
    format: RECORD_FORMAT,
    write: ({ setup, moves }) => writeRecord(setup, moves),
    read: readRecord,
    summary: summarize,
  },
  text: { event: describeEvent, result: resultTable },
  sample: sampleState,
};
