// Bots that fill seats, by id: each decides from its own seat's view and legal list only.

import type { Bot } from '@razzia/contract';
import type { Action, GameView } from '../types.ts';
import { greedyBot } from './greedy.ts';
import { randomBot } from './random.ts';

export { randomBot } from './random.ts';
export { acceptsShare, barValue, dealShare, greedyBot, makeGreedy, plannedSplit } from './greedy.ts';

export const BOTS = { random: randomBot, greedy: greedyBot } as const satisfies Record<string, Bot<GameView, Action>>;
export type BotId = keyof typeof BOTS;
