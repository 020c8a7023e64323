// Each game as `@razzia/bots` analyses it, built from the game's zod-free modules only (its rules, views, own bots
// and sampling; never its schemas or records): this runs in the analysis Web Worker, which loads just the game asked
// for. The tests check each against the game's full contract object over whole recorded games.

import type { AnalysableGame } from '@razzia/bots';
import type { Pending } from '@razzia/contract/game';
import type { GameState as RobberyState } from '@razzia/game-robbery/types';

export const ANALYSABLE_GAMES = ['razzia', 'razzia-dorra', 'robbery'] as const;

export async function analysableGame(id: string): Promise<AnalysableGame | null> {
  switch (id) {
    case 'razzia':
      return (await import('@razzia/game-razzia/client')).razziaRules as unknown as AnalysableGame;
    case 'razzia-dorra': {
      const [{ apply, resolve }, { pending, legal }, { view, tell }, { sampleState }, { startGame }, { BOTS }] = await Promise.all([
        import('@razzia/game-razzia-dorra/apply'),
        import('@razzia/game-razzia-dorra/legal'),
        import('@razzia/game-razzia-dorra/view'),
        import('@razzia/game-razzia-dorra/sample'),
        import('@razzia/game-razzia-dorra/setup'),
        import('@razzia/game-razzia-dorra/bots/index'),
      ]);
      return { id, start: startGame, pending, legal, apply, resolve, view, tell, bots: BOTS, sample: sampleState } as unknown as AnalysableGame;
    }
    case 'robbery': {
      const [{ apply, resolve }, { actor, legalActions }, { view, tell }, { sampleState }, { startGame }, { BOTS }] = await Promise.all([
        import('@razzia/game-robbery/apply'),
        import('@razzia/game-robbery/legal'),
        import('@razzia/game-robbery/view'),
        import('@razzia/game-robbery/sample'),
        import('@razzia/game-robbery/setup'),
        import('@razzia/game-robbery/bots/index'),
      ]);
      // Robbery's `pending` lives beside its schemas (game.ts); this is the same function on the same state.
      const pending = (state: RobberyState): Pending => {
        const phase = state.phase;
        if (phase.kind === 'over') return { kind: 'over', outcome: { scores: [...state.result!.scores], winners: [...state.result!.winners], places: [...state.result!.places] } };
        // B3.2: every reshuffle is chance, resolved and recorded by the server.
        if (phase.kind === 'reshuffle') return { kind: 'chance', chance: { kind: 'shuffle', size: state.discard.length } };
        return { kind: 'decide', seats: [actor(state) as number] };
      };
      return { id, start: startGame, pending, legal: legalActions, apply, resolve, view, tell, bots: BOTS, sample: sampleState } as unknown as AnalysableGame;
    }
    default:
      return null;
  }
}
