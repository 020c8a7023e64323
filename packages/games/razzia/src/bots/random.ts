// A uniformly random legal player: the baseline, and the fuzzer's move source.

import { legalActions } from '../legal.ts';
import type { Bot } from './bot.ts';

export const randomBot: Bot = {
  id: 'random',
  description: 'plays a uniformly random legal move',
  choose(view, random) {
    const legal = legalActions(view);
    const pick = legal[Math.floor(random() * legal.length)];
    if (!pick) throw new Error('randomBot: no legal action (the game is over)');
    return pick;
  },
};
