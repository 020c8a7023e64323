// Which bots a table of a game may seat, and which of them think. A game's own bots (random, greedy) decide in
// microseconds inside the decision step; the searching levels of @razzia/bots (easy, normal, hard) need a game
// that can sample what a seat does not see, and think off the event loop (the host asks the thinking pool).

import { BOT_LEVELS, levelById, searchable, type LevelId } from '@razzia/bots';
import type { AnyGame, Seat } from '@razzia/contract';
import type { BotId } from '@razzia/protocol';
import type { TableRecord } from './table.ts';

export interface TableBot {
  readonly id: BotId;
  readonly name: string;
  readonly description: string;
  /** A searching level (thinks in the pool), or null for one of the game's own bots (decides in decide). */
  readonly level: LevelId | null;
}

const capitalised = (id: string) => `${id[0]?.toUpperCase() ?? ''}${id.slice(1)}`;

/** The bots a host may seat at a table of `game`, weakest first. */
export function tableBots(game: AnyGame): readonly TableBot[] {
  const own = Object.values(game.bots).map(
    (b): TableBot => ({ id: b.id, name: levelById(b.id)?.name ?? capitalised(b.id), description: levelById(b.id)?.description ?? b.description, level: null }),
  );
  if (!searchable(game)) return own;
  // The levels' order is weakest first; the game's own bots keep their place (random, greedy) and any other the
  // game has comes after them.
  const levels: TableBot[] = [];
  for (const level of BOT_LEVELS) {
    if (level.search) levels.push({ id: level.id, name: level.name, description: level.description, level: level.id });
    else {
      const mine = own.find((b) => b.id === level.id);
      if (mine) levels.push(mine);
    }
  }
  return [...levels, ...own.filter((b) => !levels.includes(b))];
}

/** The searching level of `id` at a table of `game`, or null (a game's own bot, or no such bot). */
export function searchingLevel(game: AnyGame, id: BotId): LevelId | null {
  if (Object.hasOwn(game.bots, id)) return null;
  const level = levelById(id);
  return level?.search && searchable(game) ? level.id : null;
}

/** The level thinking for `seat`, if a searching bot sits there (stand-ins are the greedy bot: they never think). */
export function thinkerAt(game: AnyGame, record: TableRecord, seat: Seat): LevelId | null {
  const bot = record.seats[seat]?.bot;
  return bot ? searchingLevel(game, bot) : null;
}
