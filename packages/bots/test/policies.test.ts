// The fast playout policies: always legal, and Razzia!'s values cards exactly as the greedy bot does.

import type { AnyGame } from '@razzia/contract/game';
import { resolveChance } from '@razzia/contract/chance';
import { Rng } from '@razzia/contract/random';
import { bootyValue, razzia, type BootyKind, type GameState } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { describe, expect, it } from 'vitest';
import { ownKey } from '../src/keys.ts';
import { playoutPolicy } from '../src/policies/index.ts';
import { cardsValue } from '../src/policies/razzia.ts';
import { playUntil } from './helpers.ts';

describe('playout policies', () => {
  it("Razzia!'s policy values any cards of the row exactly as the greedy bot's bootyValue", () => {
    const rng = Rng.fromSeed('values');
    let compared = 0;
    for (let g = 0; g < 6; g++) {
      playUntil(razzia, 3 + (g % 3), `values/${g}`, (s) => {
        const state = s as GameState;
        for (let seat = 0; seat < state.players.length && state.row.length > 0; seat++) {
          const cards = state.row.filter(() => rng.int(2) === 0) as BootyKind[];
          expect(cardsValue(state, seat, cards)).toBeCloseTo(bootyValue(state, seat, cards), 9);
          compared++;
        }
        return false;
      });
    }
    expect(compared).toBeGreaterThan(500);
  });

  for (const [game, players] of [
    [razzia as AnyGame, 4],
    [razziaDorra as AnyGame, 5],
  ] as const) {
    it(`${game.id}: the policy only ever chooses a legal action`, () => {
      const policy = playoutPolicy(game);
      const rng = Rng.fromSeed('legal');
      let checked = 0;
      for (let g = 0; g < 4; g++) {
        const started = game.start(game.deal({ names: ['A', 'B', 'C', 'D', 'E'].slice(0, players), options: game.defaultOptions }, Rng.fromSeed(`policy/${g}`)));
        if (!started.ok) throw new Error(started.error);
        let state = started.state;
        for (;;) {
          const pending = game.pending(state);
          if (pending.kind === 'over') break;
          if (pending.kind === 'chance') {
            const r = game.resolve(state, resolveChance(pending.chance, rng));
            if (!r.ok) throw new Error(r.error.message);
            state = r.state;
            continue;
          }
          for (const seat of pending.seats) {
            const action = policy(state, seat, () => rng.next());
            expect(game.legal(state, seat).map(ownKey)).toContain(ownKey(action));
            checked++;
          }
          const seat = pending.seats[0] as number;
          const r = game.apply(state, seat, policy(state, seat, () => rng.next()));
          if (!r.ok) throw new Error(r.error.message);
          state = r.state;
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }
});
