// The games this server hosts, by id. Adding a game: its package implements the contract; list it here.

import type { AnyGame } from '@razzia/contract';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';
import type { GameInfo } from '@razzia/protocol';
import { tableBots } from './tables/bots.ts';

export const GAMES: readonly AnyGame[] = [razzia, razziaDorra, robbery];

/** Games by id. */
export class GameCatalog {
  private readonly byId: Map<string, AnyGame>;

  constructor(readonly games: readonly AnyGame[] = GAMES) {
    this.byId = new Map(games.map((g) => [g.id, g]));
  }

  get(id: string): AnyGame | undefined {
    return this.byId.get(id);
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
