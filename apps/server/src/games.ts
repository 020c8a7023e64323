// The games this server hosts, by id. Adding a game: its package implements the contract; list it here.

import type { AnyGame } from '@razzia/contract';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';
import type { GameInfo } from '@razzia/protocol';
import { tableBots } from './tables/bots.ts';

export const GAMES: readonly AnyGame[] = [razzia, razziaDorra, robbery];

/** A game's ruleset (GameDef.ruleset): absent is 1, as it is for a table stored before tables said theirs. */
export const rulesetOf = (game: { readonly ruleset?: number }): number => game.ruleset ?? 1;

/**
 * Games by id, and by ruleset: `games` may hold a game's earlier rulesets beside its newest (a release that changed
 * its rules keeps the old definition until no table started under it is left). New tables get the newest; a table
 * is played by the ruleset it started under (`forTable`).
 */
export class GameCatalog {
  private readonly newest = new Map<string, AnyGame>();
  private readonly byRuleset = new Map<string, AnyGame>();
  /** The newest ruleset of each game: what is offered and what new tables get. */
  readonly games: readonly AnyGame[];

  constructor(all: readonly AnyGame[] = GAMES) {
    for (const game of all) {
      this.byRuleset.set(`${game.id}/${rulesetOf(game)}`, game);
      const known = this.newest.get(game.id);
      if (!known || rulesetOf(known) < rulesetOf(game)) this.newest.set(game.id, game);
    }
    this.games = [...this.newest.values()];
  }

  /** The newest ruleset of a game. */
  get(id: string): AnyGame | undefined {
    return this.newest.get(id);
  }

  /** The definition a stored table plays by: its game at the ruleset it started under (absent: 1). */
  forTable(record: { readonly settings: { readonly game: string }; readonly ruleset?: number }): AnyGame | undefined {
    return this.byRuleset.get(`${record.settings.game}/${record.ruleset ?? 1}`);
  }
}

/** What GET /api/games says of a game. */
export function gameInfo(game: AnyGame): GameInfo {
  return {
    id: game.id,
    name: game.name,
    designer: game.designer,
    seats: { min: game.seats.min, max: game.seats.max },
    bots: tableBots(game).map((b) => ({ id: b.id, name: b.name, description: b.description })),
    options: game.defaultOptions,
    recordFormat: game.record.format,
  };
}
