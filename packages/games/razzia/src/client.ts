// What a web client needs, without zod: the types, the cards, cheques and scoring, the legal list and the view, and
// Razzia!'s rules as a bot searches them (`razziaRules`), so a browser's Web Worker can analyse a finished game.
// (`@razzia/game-razzia/client`; the package root also brings the schemas, records and command-line words.)

import type { Bot, GameDef, Pending, Told } from '@razzia/contract/game';
import { placesBy } from '@razzia/contract/places';
import { applyDecision } from './apply.ts';
import { BOTS } from './bots/index.ts';
import { actor, legalIntents } from './legal.ts';
import { sampleState } from './sample.ts';
import { totals, winners } from './scoring.ts';
import { startGame } from './setup.ts';
import type { GameEvent, GameSetup, GameState, Intent } from './types.ts';
import { view, type GameView } from './view.ts';

export * from './types.ts';
export * from './cards.ts';
export * from './cheques.ts';
export * from './scoring.ts';
export { legalIntents, actor } from './legal.ts';
export { view, type GameView } from './view.ts';
export { unseenCounts } from './sample.ts';

/**
 * The contract's Razzia! (`razzia` in game.ts) without its schemas, records and words: what `@razzia/bots` needs
 * to search and to analyse a played game (its rules, views, addressed events, own bots and sampling), and how to
 * start from a set-up. The same functions as `razzia`'s; only the zod-bearing parts are left out.
 */
export const razziaRules: Pick<
  GameDef<GameState, Intent, GameView, GameEvent, GameSetup, Record<string, never>>,
  'id' | 'start' | 'pending' | 'legal' | 'apply' | 'resolve' | 'view' | 'tell' | 'bots' | 'sample'
> = {
  id: 'razzia',
  start: startGame,
  pending(state): Pending {
    if (state.phase.kind === 'over') {
      const scores = totals(state.results, state.players.length);
      // R8.3: by total, ties sharing.
      return { kind: 'over', outcome: { scores, winners: winners(scores), places: placesBy(scores.map((t) => [t])) } };
    }
    return { kind: 'decide', seats: [actor(state) as number] };
  },
  legal: legalIntents,
  apply: applyDecision,
  resolve: () => ({ ok: false, error: { code: 'chance/none', rule: 'R2.3', message: 'Razzia! has no chance after the deal' } }),
  view,
  // R9: everything but the piles is public, and no event names a card still in a pile.
  tell: (event): Told<GameEvent> => ({ to: 'all', event }),
  bots: { random: contractBot(BOTS.random), greedy: contractBot(BOTS.greedy) },
  sample: sampleState,
};

/** The engine's bots (which read the public view and answer with a seated action) as contract bots. */
function contractBot(bot: (typeof BOTS)[keyof typeof BOTS]): Bot<GameView, Intent> {
  return {
    id: bot.id,
    description: bot.description,
    choose({ view: v }, random) {
      const { seat: _seat, ...intent } = bot.choose(v, random);
      return intent as Intent;
    },
  };
}
