// Razzia! on the platform: the game contract (@razzia/contract) implemented by the engine's pure functions.

import { replay, replayText, type Bot, type GameDef, type Pending, type ReplayResult, type Told } from '@razzia/contract';
import type { Random } from '@razzia/contract/random';
import { applyDecision } from './apply.ts';
import { BOTS } from './bots/index.ts';
import { describeEvent, scoreTable } from './cli/describe.ts';
import { actor, legalIntents } from './legal.ts';
import { actionOf, moveOf, readRecord, summarize, writeRecord, RECORD_FORMAT } from './record.ts';
import { sampleState } from './sample.ts';
import { GameEventSchema, GameViewSchema, IntentSchema, OptionsSchema, SetupSchema } from './schemas.ts';
import { totals, winners } from './scoring.ts';
import { dealWith, startGame } from './setup.ts';
import type { Action, GameEvent, GameSetup, GameState, Intent } from './types.ts';
import { view, type GameView } from './view.ts';

export type RazziaOptions = Record<string, never>;

/** The engine's bots (which read the public view and answer with a seated action) as contract bots. */
function asContractBot(bot: (typeof BOTS)[keyof typeof BOTS]): Bot<GameView, Intent> {
  return {
    id: bot.id,
    description: bot.description,
    choose({ view: v }, random) {
      const { seat: _seat, ...intent } = bot.choose(v, random);
      return intent as Intent;
    },
  };
}

const ALL = 'all' as const;

export const razzia: GameDef<GameState, Intent, GameView, GameEvent, GameSetup, RazziaOptions> = {
  id: 'razzia',
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
  deal: ({ names }, random: Random) => dealWith(names, random),
  start: startGame,
  pending(state): Pending {
    if (state.phase.kind === 'over') {
      const scores = totals(state.results, state.players.length);
      return { kind: 'over', outcome: { scores, winners: winners(scores) } };
    }
    return { kind: 'decide', seats: [actor(state) as number] };
  },
  legal: legalIntents,
  apply: applyDecision,
  resolve: () => ({ ok: false, error: { code: 'chance/none', rule: 'R2.3', message: 'Razzia! has no chance after the deal' } }),
  view,
  // R9: everything but the piles is public, and no event names a card still in a pile.
  tell: (event): Told<GameEvent> => ({ to: ALL, event }),
  bots: { random: asContractBot(BOTS.random), greedy: asContractBot(BOTS.greedy) },
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
  sample: sampleState,
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
