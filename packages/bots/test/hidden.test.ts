// A bot is never handed the true hidden state: it gets its seat's view, legal list and a random source, and
// nothing it is given leads back to the state. Each game's true hidden part is guarded: any rules function
// called with it fails the test, so a search that reached it (through the view, a shared object, anything)
// would be caught; and the input is wrapped so that reading anything but view, seat and legal fails too.

import type { AnyGame, BotInput } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { razzia, sampleState } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';
import { describe, expect, it } from 'vitest';
import { choose } from '../src/levels.ts';
import { search } from '../src/search.ts';
import { playUntil, decider } from './helpers.ts';

/** `game`, but every function that takes a state throws when that state holds `secret` (the true hidden part). */
function guarded(game: AnyGame, holds: (state: unknown) => boolean): AnyGame {
  const check = (state: unknown, where: string) => {
    if (holds(state)) throw new Error(`the bot reached the true hidden state (in ${where})`);
  };
  return {
    ...game,
    pending: (s) => (check(s, 'pending'), game.pending(s)),
    legal: (s, seat) => (check(s, 'legal'), game.legal(s, seat)),
    apply: (s, seat, a) => (check(s, 'apply'), game.apply(s, seat, a)),
    resolve: (s, o) => (check(s, 'resolve'), game.resolve(s, o)),
    view: (s, v) => (check(s, 'view'), game.view(s, v)),
    sample: (view, seat, random) => {
      const s = (game.sample as NonNullable<AnyGame['sample']>)(view, seat, random);
      check(s, 'sample');
      return s;
    },
  };
}

/** Only view, seat and legal may be read from a bot's input. */
function onlyBotInput<V, A>(input: BotInput<V, A>): BotInput<V, A> {
  return new Proxy(input, {
    get(target, key, receiver) {
      if (key !== 'view' && key !== 'seat' && key !== 'legal') throw new Error(`the bot read ${String(key)} from its input`);
      return Reflect.get(target, key, receiver);
    },
  });
}

const cases: { game: AnyGame; players: number; secret: (s: never) => unknown; after: number }[] = [
  { game: razzia as AnyGame, players: 4, secret: (s: { secret: unknown }) => s.secret, after: 40 },
  { game: razziaDorra as AnyGame, players: 4, secret: (s: { hands: unknown }) => s.hands, after: 10 },
  { game: robbery as AnyGame, players: 3, secret: (s: { deck: unknown }) => s.deck, after: 12 },
];

describe('a bot sees only its own seat', () => {
  for (const { game, players, secret, after } of cases) {
    for (const method of ['ismcts', 'pimc'] as const) {
      it(`${game.id}, ${method}: no rules function is ever called with the true hidden part`, () => {
        // A position where the deciding seat has a real choice.
        const { state } = playUntil(game, players, `hidden/${game.id}`, (s, n) => {
          if (n < after) return false;
          const seat = decider(game, s);
          return game.legal(s, seat).length > 1;
        });
        const truth = secret(state as never);
        const seat = decider(game, state);
        const input = onlyBotInput({ view: game.view(state, seat), seat, legal: game.legal(state, seat) });
        const watched = guarded(game, (s) => typeof s === 'object' && s !== null && secret(s as never) === truth);
        // The guard itself works: handing the state in is caught.
        expect(() => watched.legal(state, seat)).toThrow(/true hidden state/);
        const rng = Rng.fromSeed('hidden');
        const action = choose(watched, 'easy', input, () => rng.next(), { method, iterations: 40 });
        expect(input.legal).toContainEqual(action);
      });
    }
  }

  it('two true states that look the same to the seat get the same decision and the same estimates', () => {
    const { state } = playUntil(razzia, 4, 'hidden/twins', (s, n) => n >= 30 && razzia.legal(s as never, decider(razzia, s)).length > 1);
    const seat = decider(razzia, state);
    const view = razzia.view(state as never, seat);
    // Another truth behind the same view: a different order of the piles.
    const twin = sampleState(view, seat, Rng.fromSeed('another deck'));
    expect(twin.secret.deck).not.toEqual((state as typeof twin).secret.deck);
    const think = (s: typeof twin) =>
      search(razzia as never, { view: razzia.view(s, seat), seat, legal: razzia.legal(s, seat) }, Rng.fromSeed('same'), { budget: { iterations: 60 } });
    expect(think(twin)).toEqual(think(state as typeof twin));
  });

  it('the bot API has no way to pass a state', () => {
    const { state } = playUntil(razzia, 3, 'hidden/api', (_, n) => n >= 5);
    const seat = decider(razzia, state);
    const input = { view: razzia.view(state as never, seat), seat, legal: razzia.legal(state as never, seat) };
    const rng = Rng.fromSeed('api');
    // @ts-expect-error BotInput has view, seat and legal, and no state.
    const withState: BotInput<unknown, unknown> = { ...input, state };
    expect(withState).toBeDefined();
    expect(input.legal).toContainEqual(choose(razzia as AnyGame, 'easy', input, () => rng.next(), { iterations: 10 }));
  });
});
