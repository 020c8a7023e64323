// The games a thinking worker (and the arena) can load by id. The web client passes its game object instead and
// never needs this module (it imports every game, and their schemas with them).

import type { AnyGame } from '@razzia/contract/game';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';

export const GAMES: Readonly<Record<string, AnyGame>> = {
  [razzia.id]: razzia as AnyGame,
  [razziaDorra.id]: razziaDorra as AnyGame,
  [robbery.id]: robbery as AnyGame,
};

export function gameById(id: string): AnyGame {
  const game = Object.hasOwn(GAMES, id) ? GAMES[id] : undefined;
  if (!game) throw new Error(`no game ${JSON.stringify(id)}: ${Object.keys(GAMES).join(', ')}`);
  return game;
}
