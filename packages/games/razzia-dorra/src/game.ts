// Stefan Dorra's Razzia on the platform: the game contract (@razzia/contract) implemented by the pure rules.

import type { GameDef } from '@razzia/contract';
import { apply, resolve } from './apply.ts';
import { BOTS } from './bots/index.ts';
import { MAX_PLAYERS, MIN_PLAYERS } from './components.ts';
import { legal, pending } from './legal.ts';
import { readRecord, RECORD_FORMAT, summarize, writeRecord } from './record.ts';
import { sampleState } from './sample.ts';
import { ActionSchema, GameEventSchema, GameViewSchema, OptionsSchema, SetupSchema } from './schemas.ts';
import { dealSetup, startGame } from './setup.ts';
import { describeEvent, resultTable } from './text.ts';
import type { Action, GameEvent, GameSetup, GameState, GameView } from './types.ts';
import { tell, view } from './view.ts';

export type RazziaDorraOptions = Record<string, never>;

export const razziaDorra: GameDef<GameState, Action, GameView, GameEvent, GameSetup, RazziaDorraOptions> = {
  id: 'razzia-dorra',
  name: 'Razzia',
  designer: 'Stefan Dorra',
  seats: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  schemas: {
    options: OptionsSchema as never,
    setup: SetupSchema as never,
    action: ActionSchema as never,
    view: GameViewSchema as never,
    event: GameEventSchema as never,
  },
  defaultOptions: {},
  // D2.1: the deal fixes only the names; the supply and the cards are shuffled by the first two chance moves.
  deal: ({ names }) => dealSetup(names),
  start: startGame,
  pending,
  legal,
  apply,
  resolve,
  view,
  tell,
  // D3.4: a round's end is a moment the table waits at, while its people read what happened at each bar.
  moment: (event) => event.type === 'round-ended',
  bots: BOTS,
  record: {
    format: RECORD_FORMAT,
    write: ({ setup, moves }) => ({ ...writeRecord(setup, moves) }),
    read: readRecord,
    summary: summarize,
  },
  text: { event: describeEvent, result: resultTable },
  sample: sampleState,
};
