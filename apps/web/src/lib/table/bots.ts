// The bots a host may seat, as the level picker shows them: the server's list for the table's game (GET /api/games,
// weakest first), each in the reader's words when it is one of the levels this client knows, else as the server
// words it. Before the list arrives (or if it cannot), every game's own two bots.

import type { MessageKey, Translate } from '../i18n/index.ts';

export interface ListedBot {
  readonly id: string;
  readonly name?: string;
  readonly description: string;
}

export interface BotChoice {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

/** The levels this client has words for (BOT_LEVELS of @razzia/bots), weakest first. */
export const KNOWN_LEVELS = ['random', 'greedy', 'easy', 'normal', 'hard'] as const;
const known = (id: string): id is (typeof KNOWN_LEVELS)[number] => (KNOWN_LEVELS as readonly string[]).includes(id);

/** Every game has these two (the contract's own bots). */
export const OWN_BOTS: readonly ListedBot[] = [
  { id: 'random', description: '' },
  { id: 'greedy', description: '' },
];

/** The picker's list. The levels' words load with the picker (table/level-words.ts); until they have (or if they
 * cannot), the server's words stand in. */
export function botChoices(listed: readonly ListedBot[] | null | undefined, t: Translate): BotChoice[] {
  const bots = listed && listed.length > 0 ? listed : OWN_BOTS;
  const word = (key: string, otherwise: string) => {
    const text = t(key as MessageKey);
    return text === key ? otherwise : text;
  };
  return bots.map((b) => ({
    id: b.id,
    name: known(b.id) ? word(`bot.${b.id}.name`, b.name ?? b.id) : (b.name ?? b.id),
    description: known(b.id) ? word(`bot.${b.id}.about`, b.description) : b.description,
  }));
}
