// Bots that fill seats: one interface, a registry by id.

import type { Bot } from './bot.ts';
import { greedyBot } from './greedy.ts';
import { randomBot } from './random.ts';

export type { Bot } from './bot.ts';
export { randomBot } from './random.ts';
export { greedyBot, bootyValue } from './greedy.ts';

export const BOTS = { random: randomBot, greedy: greedyBot } as const satisfies Record<string, Bot>;
export type BotId = keyof typeof BOTS;
export const BOT_IDS = Object.keys(BOTS) as BotId[];

export function botById(id: string): Bot | undefined {
  return Object.hasOwn(BOTS, id) ? BOTS[id as BotId] : undefined;
}
