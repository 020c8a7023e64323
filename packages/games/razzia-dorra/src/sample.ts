// For searching bots: a full state that agrees with everything one seat's view shows. What the view hides (the
// other hands, the others' face-down cards, the deck and supply order, the others' secret answers) is drawn at
// random from what that seat has not seen.

import type { Random } from '@razzia/contract';
import { fullDeck, fullSupply, sameCard } from './components.ts';
import type { Answer, Card, Chit, GameState, GameView, Phase, Seat } from './types.ts';

/** The cards `seat` has not seen: the player count's cards less its hand, the cards face up on the table and the
 * discard pile. They are in the deck, the other hands and the others' face-down cards. */
export function unseenCards(v: GameView): Card[] {
  const pool = fullDeck(v.names.length);
  const seen = [...(v.hand ?? []), ...v.table.filter((c): c is Card => c !== null), ...v.discard];
  for (const card of seen) {
    const i = pool.findIndex((c) => sameCard(c, card));
    if (i >= 0) pool.splice(i, 1);
  }
  return pool;
}

/** The chits still in the supply: all of the player count's chits less those at bars, won, or being placed. */
export function unseenChits(v: GameView): Chit[] {
  const pool = fullSupply(v.names.length);
  const seen = [...v.barChits.flat(), ...v.money.flat(), ...(v.phase.kind === 'place' ? [v.phase.extra] : [])];
  for (const chit of seen) {
    const i = pool.indexOf(chit);
    if (i >= 0) pool.splice(i, 1);
  }
  return pool;
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}

export function sampleState(v: GameView, seat: Seat, random: Random): GameState {
  const n = v.names.length;
  const pool = shuffle(unseenCards(v), random);
  const hands = v.handSizes.map((size, s) => (s === seat && v.hand ? [...v.hand] : pool.splice(0, size)));
  const chosen = v.phase.kind === 'pick' ? v.phase.chosen : v.table.map(() => false);
  const table = v.table.map((card, s) => card ?? (chosen[s] ? (pool.splice(0, 1)[0] ?? null) : null));
  if (pool.length !== v.deckSize) throw new Error(`sampleState: ${pool.length} unseen cards for a deck of ${v.deckSize}`);
  const supply = shuffle(unseenChits(v), random);
  if (supply.length !== v.supplySize) throw new Error(`sampleState: ${supply.length} unseen chits for a supply of ${v.supplySize}`);
  return {
    names: v.names,
    round: v.round,
    rounds: v.rounds,
    dealer: v.dealer,
    bars: v.bars,
    barChits: v.barChits,
    money: v.money,
    hands,
    table,
    deck: pool,
    supply,
    discard: v.discard,
    phase: samplePhase(v, seat, n, random),
    version: v.version,
  };
}

function samplePhase(v: GameView, seat: Seat, n: number, random: Random): Phase {
  const phase = v.phase;
  switch (phase.kind) {
    case 'pick':
      return { kind: 'pick' };
    case 'answer': {
      const answers: (Answer | null)[] = Array.from({ length: n }, (_, s) => {
        if (s === seat) return phase.answer;
        return phase.answered[s] ? (random.int(2) === 0 ? 'accept' : 'refuse') : null;
      });
      return { kind: 'answer', deal: phase.deal, answers };
    }
    default:
      return phase;
  }
}
