// Razzia! on the platform: the game contract (@razzia/contract) implemented by the engine's pure functions.

import { replay, replayText, type GameDef, type ReplayResult } from '@razzia/contract';
import type { Random } from '@razzia/contract/random';
import { razziaRules } from './client.ts';
import { describeEvent, scoreTable } from './cli/describe.ts';
import { actionOf, moveOf, readRecord, summarize, writeRecord, RECORD_FORMAT } from './record.ts';
import { GameEventSchema, GameViewSchema, IntentSchema, OptionsSchema, SetupSchema } from './schemas.ts';
import { dealWith } from './setup.ts';
import type { Action, GameEvent, GameSetup, GameState, Intent } from './types.ts';
import type { GameView } from './view.ts';

export type RazziaOptions = Record<string, never>;

export const razzia: GameDef<GameState, Intent, GameView, GameEvent, GameSetup, RazziaOptions> = {
  ...razziaRules,
  name: 'Razzia!',
  designer: 'Reiner Knizia',
  seats: { min: 2, max: 5 },
  schemas: {
    options: OptionsSchema as never,
    setup: SetupSchema as never,
    action: IntentSchema as never,
    view: GameViewSchema as never,
    event: GameEventSchema as never,
  },
  defaultOptions: {},
  // The round's scoring (R7): every client shows its summary, and the table waits while people read it.
  moment: (event) => event.type === 'round-scored',
  deal: ({ names }, random: Random) => dealWith(names, random),
  record: {
    format: RECORD_FORMAT,
    write: ({ setup, moves }) => writeRecord(setup, moves.map(actionOf)),
    read(json) {
      const read = readRecord(json);
      return read.ok ? { ok: true, setup: read.setup, moves: read.actions.map(moveOf) } : read;
    },
    summary: summarize,
  },
  text: { event: describeEvent, result: scoreTable },
};

/** A game: how it was set up (inside `state`) and every decision taken since, as records write them. */
export type RecordResult =
  | { readonly ok: true; readonly game: { readonly state: GameState; readonly actions: readonly Action[] } }
  | { readonly ok: false; readonly error: Exclude<ReplayResult<GameState, Intent, GameSetup>, { ok: true }> };

function asGame(result: ReplayResult<GameState, Intent, GameSetup>): RecordResult {
  return result.ok ? { ok: true, game: { state: result.state, actions: result.moves.map(actionOf) } } : { ok: false, error: result };
}

/** Reads a record (already parsed JSON) and replays every action. */
export const fromRecord = (json: unknown): RecordResult => asGame(replay(razzia, json));

/** Reads a record from its JSON text. */
export const parseRecord = (text: string): RecordResult => asGame(replayText(razzia, text));
