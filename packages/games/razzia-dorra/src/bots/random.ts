// A uniformly random legal player: the baseline, and the fuzzer's move source.

import type { Bot } from '@razzia/contract';
import type { Action, GameView } from '../types.ts';

export const randomBot: Bot<GameView, Action> = {
  id: 'random',
  description: 'plays a uniformly random legal move',
  choose({ legal }, random) {
    const pick = legal[Math.floor(random() * legal.length)];
    if (!pick) throw new Error('randomBot: no legal action (the seat is not awaited)');
    return pick;
  },
};
