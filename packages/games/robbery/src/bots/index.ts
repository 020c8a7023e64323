// Bots that fill seats, by id.

import { greedyBot } from './greedy.ts';
import { randomBot } from './random.ts';

export { greedyBot, alibiWeight, tileWorth } from './greedy.ts';
export { randomBot } from './random.ts';

export const BOTS = { random: randomBot, greedy: greedyBot } as const;
export type BotId = keyof typeof BOTS;
