// Every rule and worked example of the 1996 English rulebook (restated in docs/rules/razzia-dorra.md), one sentence-named test each,
// played with the engine. Udo, Claudia, Stefan and Karin sit in seats 0 to 3, as in the rulebook's examples.

import { describe, expect, it } from 'vitest';
import { fullDeck, fullSupply, legal, pending, sum, view, type Card, type GameEvent } from '../src/index.ts';
import {
  COLIBRI,
  COTTON_CLUB,
  HAVANA,
  JAZZ_HOUSE,
  JUNGLE,
  LINCOLN,
  accept,
  arranged,
  die,
  g,
  give,
  pick,
  pickAll,
  place,
  play,
  r,
  randomGame,
  refuse,
} from './helpers.ts';

const UDO = 0;
const CLAUDIA = 1;
const STEFAN = 2;
const KARIN = 3;

const took = (events: readonly GameEvent[]) =>
  events.flatMap((e) => (e.type === 'took' ? [{ seat: e.seat, bar: e.bar, money: sum(e.chits), reason: e.reason }] : []));

describe('rulebook: preparations and game start', () => {
  it('for 4-6 players the raid cards with dice 5 and one gambler 3 and one gambler 4 of each colour are sorted out: 18 cards back in the box', () => {
    expect(fullDeck(8).length - fullDeck(4).length).toBe(18);
    expect(fullDeck(6)).toEqual(fullDeck(4));
  });

  it('each player is dealt 5 cards, which makes the hand; the rest of the cards form a face-down deck', () => {
    const state = arranged({ players: 6 });
    expect(state.hands.map((h) => h.length)).toEqual([5, 5, 5, 5, 5, 5]);
    expect(view(state, null).deckSize).toBe(54 - 30);
    expect(view(state, null).hand).toBeNull();
  });

  it('the first dealer takes 7 money chits, places 6 face up from left to right beneath the bars and the 7th beneath a bar of his choice', () => {
    const state = arranged({ players: 4, supply: [25, 5, 10, 40, 15, 20, 50] });
    expect(state.barChits).toEqual([[25], [5], [10], [40], [15], [20]]);
    expect(legal(state, UDO)).toHaveLength(6);
    const { state: placed } = play(state, place(UDO, JAZZ_HOUSE));
    expect(placed.barChits[JAZZ_HOUSE]).toEqual([20, 50]);
  });
});

describe('rulebook: gambling', () => {
  it('the colour border of the card must match the bar: without a card of that colour you cannot go to that bar', () => {
    const hand = [g(COLIBRI, 1), g(HAVANA, 2), r(COTTON_CLUB, 3), g(LINCOLN, 4), g(JAZZ_HOUSE, 5)];
    const state = play(arranged({ players: 4, hands: [hand] }), place(UDO, COLIBRI)).state;
    const bars = legal(state, UDO).map((a) => a.type === 'pick' && a.card.bar);
    expect(bars).toEqual([COLIBRI, HAVANA, COTTON_CLUB, LINCOLN, JAZZ_HOUSE]);
    expect(bars).not.toContain(JUNGLE);
  });

  it('each player lays one of their 5 cards face down; when all have done so the cards are turned face up and the winnings counted, all or none', () => {
    const cards = [g(COLIBRI, 1), g(HAVANA, 1), g(COTTON_CLUB, 1), g(JUNGLE, 1)];
    let state = play(arranged({ players: 4, hands: cards.map((c) => [c]) }), place(UDO, COLIBRI)).state;
    for (const seat of [2, 0, 3]) {
      state = play(state, pick(seat, cards[seat] as Card)).state;
      expect(view(state, 1).table).toEqual([null, null, null, null]);
      expect(state.money.flat()).toEqual([]);
    }
    const { events } = play(state, pick(CLAUDIA, cards[CLAUDIA] as Card));
    expect(events[1]).toEqual({ type: 'revealed', cards });
    // All or none: each takes every chit at their bar.
    expect(took(events).map((t) => t.reason)).toEqual(['alone', 'alone', 'alone', 'alone']);
  });
});

describe('rulebook: the gambler cards', () => {
  it('Udo plays a gambler on the Colibri, Claudia on the Havana, Stefan on the Cotton Club and Karin on the Jungle: all take their bar’s winnings; the chits at Lincoln and Jazz House stay', () => {
    const cards = [g(COLIBRI, 2), g(HAVANA, 5), g(COTTON_CLUB, 1), g(JUNGLE, 3)];
    const state = arranged({ players: 4, supply: [5, 10, 15, 20, 25, 30, 40], hands: cards.map((c) => [c]) });
    const { state: after, events } = play(state, place(UDO, HAVANA), ...pickAll(cards));
    expect(took(events)).toEqual([
      { seat: UDO, bar: COLIBRI, money: 5, reason: 'alone' },
      { seat: CLAUDIA, bar: HAVANA, money: 50, reason: 'alone' },
      { seat: STEFAN, bar: COTTON_CLUB, money: 15, reason: 'alone' },
      { seat: KARIN, bar: JUNGLE, money: 20, reason: 'alone' },
    ]);
    expect(events).toContainEqual({ type: 'bar-quiet', bar: LINCOLN, reason: 'no-card' });
    expect(events).toContainEqual({ type: 'bar-quiet', bar: JAZZ_HOUSE, reason: 'no-card' });
    expect(after.barChits[LINCOLN]?.[0]).toBe(25);
    expect(after.barChits[JAZZ_HOUSE]?.[0]).toBe(30);
  });
});

describe('rulebook: the raid cards', () => {
  it('at the Jungle Claudia raids and Udo gambles; at the Cotton Club Stefan raids alone: Claudia confiscates the Jungle’s money, Udo gets nothing, Stefan arrests nobody and the Cotton Club’s money stays', () => {
    const cards = [g(JUNGLE, 6), r(JUNGLE, 3), r(COTTON_CLUB, 6), g(HAVANA, 2)];
    const state = arranged({ players: 4, supply: [5, 10, 15, 20, 25, 30, 40], hands: cards.map((c) => [c]) });
    const { state: after, events } = play(state, place(UDO, JUNGLE), ...pickAll(cards));
    expect(took(events)).toEqual([
      { seat: KARIN, bar: HAVANA, money: 10, reason: 'alone' },
      { seat: CLAUDIA, bar: JUNGLE, money: 60, reason: 'raid' },
    ]);
    expect(events).toContainEqual({ type: 'bar-quiet', bar: COTTON_CLUB, reason: 'raid-failed' });
    expect(after.money[UDO]).toEqual([]);
    expect(after.money[STEFAN]).toEqual([]);
    expect(after.barChits[COTTON_CLUB]?.[0]).toBe(15);
  });
});

describe('rulebook: the dice symbols and the deal', () => {
  it('when several players go to the same bar, the higher dice number is the more powerful card: it makes the proposal', () => {
    const cards = [g(HAVANA, 2), g(HAVANA, 6), g(HAVANA, 4), g(JUNGLE, 1)];
    const state = play(arranged({ players: 4, hands: cards.map((c) => [c]) }), place(UDO, HAVANA), ...pickAll(cards)).state;
    expect(state.phase).toMatchObject({ kind: 'propose', deal: { bar: HAVANA, parties: [CLAUDIA, STEFAN, UDO] } });
    expect(pending(state)).toEqual({ kind: 'decide', seats: [CLAUDIA] });
  });

  it('four players have gone to the Jazz House where $55,000 lies: raids were played, so Stefan’s and Karin’s gamblers win nothing; Claudia, with the best raid card, proposes $35,000 for herself and $20,000 for Udo, and Udo reluctantly agrees', () => {
    const hands: Card[][] = [
      [g(COLIBRI, 1), r(JAZZ_HOUSE, 4)],
      [g(HAVANA, 1), r(JAZZ_HOUSE, 6)],
      [g(COTTON_CLUB, 1), g(JAZZ_HOUSE, 5)],
      [g(JUNGLE, 1), g(JAZZ_HOUSE, 2)],
    ];
    // Round 1 lays 30 at the Jazz House, where nobody goes; round 2 lays 20 there and Claudia, dealing, adds a 5.
    const state = arranged({ players: 4, hands, supply: [5, 10, 15, 20, 25, 30, 40, 5, 10, 15, 20, 25, 20, 5] });
    const round2 = play(state, place(UDO, COLIBRI), ...pickAll(hands.map((h) => h[0] as Card))).state;
    expect(round2.dealer).toBe(CLAUDIA);
    const { state: dealing, events } = play(round2, place(CLAUDIA, JAZZ_HOUSE), ...pickAll(hands.map((h) => h[1] as Card)));
    expect(events).toContainEqual({ type: 'deal-opened', bar: JAZZ_HOUSE, parties: [CLAUDIA, UDO], chits: [30, 20, 5] });
    expect(sum(dealing.barChits[JAZZ_HOUSE] ?? [])).toBe(55);
    const { events: deal } = play(dealing, give(CLAUDIA, CLAUDIA), give(CLAUDIA, UDO), give(CLAUDIA, CLAUDIA), accept(UDO));
    expect(deal).toContainEqual({
      type: 'proposed',
      bar: JAZZ_HOUSE,
      proposer: CLAUDIA,
      shares: [
        { seat: CLAUDIA, chits: [30, 5] },
        { seat: UDO, chits: [20] },
      ],
    });
    expect(took(deal).filter((t) => t.bar === JAZZ_HOUSE)).toEqual([
      { seat: UDO, bar: JAZZ_HOUSE, money: 20, reason: 'deal' },
      { seat: CLAUDIA, bar: JAZZ_HOUSE, money: 35, reason: 'deal' },
    ]);
  });

  it('no change may be made out of other money chits: a deal divides exactly the chits lying at the bar', () => {
    const cards = [g(HAVANA, 2), g(HAVANA, 6), g(JUNGLE, 1), g(JUNGLE, 3)];
    const state = play(arranged({ players: 4, supply: [5, 50, 15, 20, 25, 30, 40], hands: cards.map((c) => [c]) }), place(UDO, COLIBRI), ...pickAll(cards)).state;
    // One $50,000 chit between two: the only splits are all of it to one or the other.
    expect(state.phase).toMatchObject({ kind: 'propose', deal: { chits: [50] } });
    expect(legal(state, CLAUDIA)).toEqual([
      { type: 'give', to: CLAUDIA },
      { type: 'give', to: UDO },
    ]);
    const { state: asked } = play(state, give(CLAUDIA, UDO));
    expect(asked.phase.kind).toBe('answer');
  });
});

describe('rulebook: the dice duel', () => {
  const duel = () => {
    const cards = [g(HAVANA, 2), g(HAVANA, 6), g(JUNGLE, 1), g(COTTON_CLUB, 1)];
    const state = play(arranged({ players: 4, supply: [5, 10, 15, 20, 25, 30, 40], hands: cards.map((c) => [c]) }), place(UDO, HAVANA), ...pickAll(cards)).state;
    return play(state, give(CLAUDIA, CLAUDIA), give(CLAUDIA, UDO), refuse(UDO)).state;
  };

  it('a player dissatisfied with the deal challenges to a duel: each rolls the die and adds their card’s dice number; the highest total takes all the money at the bar', () => {
    const dueling = duel();
    expect(dueling.phase).toMatchObject({ kind: 'duel', duel: { first: CLAUDIA, second: UDO, stake: [40, 10] } });
    const { events } = play(dueling, die(1), die(6));
    expect(events.slice(0, 4)).toEqual([
      { type: 'rolled', seat: CLAUDIA, value: 1, total: 7 },
      { type: 'rolled', seat: UDO, value: 6, total: 8 },
      { type: 'duel-won', bar: HAVANA, winner: UDO, loser: CLAUDIA },
      { type: 'took', seat: UDO, bar: HAVANA, chits: [40, 10], reason: 'duel' },
    ]);
  });

  it('in case of a tie the player who started the duel (the one who refused, with the weaker card) wins', () => {
    const { events } = play(duel(), die(2), die(6));
    expect(events.slice(0, 3)).toEqual([
      { type: 'rolled', seat: CLAUDIA, value: 2, total: 8 },
      { type: 'rolled', seat: UDO, value: 6, total: 8 },
      { type: 'duel-won', bar: HAVANA, winner: UDO, loser: CLAUDIA },
    ]);
  });
});

describe('rulebook: a new round begins', () => {
  it('the next player becomes dealer and deals each player a new card, bringing every hand back to 5; money chits from earlier rounds remain in place', () => {
    const cards = [g(COLIBRI, 1), g(HAVANA, 1), g(COTTON_CLUB, 1), g(JUNGLE, 1)];
    const { state, events } = play(arranged({ players: 4, supply: [5, 10, 15, 20, 25, 30, 40], hands: cards.map((c) => [c]) }), place(UDO, LINCOLN), ...pickAll(cards));
    expect(events).toContainEqual({ type: 'round-started', round: 2, dealer: CLAUDIA });
    expect(state.hands.map((h) => h.length)).toEqual([5, 5, 5, 5]);
    // He takes 7 new chits and distributes them as before.
    expect(state.phase).toMatchObject({ kind: 'place' });
    expect(pending(state)).toEqual({ kind: 'decide', seats: [CLAUDIA] });
    expect(state.barChits[LINCOLN]?.slice(0, 2)).toEqual([25, 40]);
    expect(state.barChits[JAZZ_HOUSE]?.[0]).toBe(30);
  });

  it('when the deck runs out, the discards are shuffled for a new deck', () => {
    let reshuffles = 0;
    randomGame(8, 'deck runs out', (before, _m, _after, events) => {
      if (events.some((e) => e.type === 'shuffled' && e.what === 'discard')) {
        reshuffles++;
        expect(before.deck).toEqual([]);
      }
    });
    // 72 cards, 40 in hands: 32 in the deck, 8 dealt a round, so the deck runs out in the fifth round.
    expect(reshuffles).toBeGreaterThan(0);
  });
});

describe('rulebook: game end', () => {
  it('the game ends when the last money chits are laid out: the last round is played and the players total their winnings', () => {
    const { state } = randomGame(6, 'the end');
    expect(state.supply).toEqual([]);
    expect(state.round).toBe(12);
    const over = pending(state);
    expect(over).toMatchObject({ kind: 'over', outcome: { scores: state.money.map(sum) } });
  });
});

describe('rulebook: dealing between three players', () => {
  /** Five players at the Colibri: Udo 6, Claudia 5, Stefan 3, Karin 1 (and Miriam elsewhere). */
  const fourAtColibri = () => {
    const cards = [g(COLIBRI, 6), g(COLIBRI, 5), g(COLIBRI, 3), g(COLIBRI, 1), g(JUNGLE, 2)];
    const state = arranged({ players: 5, supply: [30, 10, 15, 20, 25, 5, 40], hands: cards.map((c) => [c]) });
    return play(state, place(UDO, COLIBRI), ...pickAll(cards), give(UDO, UDO), give(UDO, CLAUDIA)).state;
  };

  it('when three or more deal, the strongest card proposes as usual, and if all accept the money is divided up as usual', () => {
    const { events } = play(fourAtColibri(), accept(KARIN), accept(CLAUDIA), accept(STEFAN));
    expect(took(events).filter((t) => t.bar === COLIBRI)).toEqual([
      { seat: CLAUDIA, bar: COLIBRI, money: 30, reason: 'deal' },
      { seat: UDO, bar: COLIBRI, money: 40, reason: 'deal' },
    ]);
  });

  it('if some agree and others challenge, those agreeing take their money while the rest fight duels with the proposer: strongest against weakest, the winner against the next, ties to the weaker; the winner takes the remaining money', () => {
    const { state, events } = play(fourAtColibri(), accept(CLAUDIA), refuse(STEFAN), refuse(KARIN));
    expect(took(events)).toEqual([{ seat: CLAUDIA, bar: COLIBRI, money: 30, reason: 'deal' }]);
    // Udo (6) duels Karin (1) first: 6 + 1 against 1 + 6, a tie, won by the weaker card: Karin.
    expect(events.at(-1)).toEqual({ type: 'duel-started', bar: COLIBRI, first: UDO, second: KARIN, stake: [40] });
    const { state: next, events: first } = play(state, die(1), die(6));
    expect(first.at(-2)).toEqual({ type: 'duel-won', bar: COLIBRI, winner: KARIN, loser: UDO });
    // Then Karin duels Stefan (3), the next weakest refuser; Stefan's card is stronger, so he rolls first.
    expect(first.at(-1)).toEqual({ type: 'duel-started', bar: COLIBRI, first: STEFAN, second: KARIN, stake: [40] });
    const { events: second } = play(next, die(3), die(4));
    expect(second.slice(2, 4)).toEqual([
      { type: 'duel-won', bar: COLIBRI, winner: STEFAN, loser: KARIN },
      { type: 'took', seat: STEFAN, bar: COLIBRI, chits: [40], reason: 'duel' },
    ]);
  });
});

describe('rulebook: the three-player game', () => {
  it('two bars and their cards are removed, and two each of the $5,000 to $20,000 chits and one each of the $25,000 to $50,000', () => {
    expect(fullDeck(3).every((c) => c.bar <= JUNGLE)).toBe(true);
    expect(fullSupply(4).length - fullSupply(3).length).toBe(4 * 2 + 4 * 1);
  });

  it('each dealer takes 5 chits, one at each of the four bars and the 5th at the bar of the dealer’s choice', () => {
    const state = arranged({ players: 3, supply: [5, 10, 15, 20, 50] });
    expect(state.barChits).toEqual([[5], [10], [15], [20]]);
    expect(state.phase).toEqual({ kind: 'place', extra: 50 });
    expect(legal(state, UDO)).toEqual([0, 1, 2, 3].map((bar) => ({ type: 'place', bar })));
  });
});

describe('rulebook: the 7- and 8-player game', () => {
  it('all the equipment is used', () => {
    const state = arranged({ players: 7 });
    expect(state.deck.length + 35).toBe(72);
    expect(state.supply.length + 7).toBe(84);
  });

  it('of two cards with the same dice number the player sitting furthest from the dealer wins the pot and any duel between them', () => {
    // Udo deals; Stefan (seat 2) and Felix (seat 5) both play a Havana gambler 3.
    const cards = [g(COLIBRI, 1), g(LINCOLN, 2), g(HAVANA, 3), g(JUNGLE, 1), g(JAZZ_HOUSE, 2), g(HAVANA, 3), g(COTTON_CLUB, 1)];
    const state = play(arranged({ players: 7, supply: [5, 10, 15, 20, 25, 30, 40], hands: cards.map((c) => [c]) }), place(UDO, HAVANA), ...pickAll(cards)).state;
    expect(state.phase).toMatchObject({ kind: 'propose', deal: { bar: HAVANA, parties: [5, 2] } });
    const dueling = play(state, give(5, 5), give(5, 5), refuse(2)).state;
    const { events } = play(dueling, die(4), die(4));
    expect(events.slice(0, 4)).toEqual([
      { type: 'rolled', seat: 5, value: 4, total: 7 },
      { type: 'rolled', seat: 2, value: 4, total: 7 },
      { type: 'duel-won', bar: HAVANA, winner: 5, loser: 2 },
      { type: 'took', seat: 5, bar: HAVANA, chits: [40, 10], reason: 'duel' },
    ]);
  });
});
