// At least one test for every rule D1–D6 of docs/rules/razzia-dorra.md, named after it.

import { describe, expect, it } from 'vitest';
import {
  BAR_NAMES,
  barCount,
  duelOdds,
  fullDeck,
  fullSupply,
  isStronger,
  legal,
  pending,
  razziaDorra,
  roundCount,
  startGame,
  sum,
  view,
  winsDuel,
  type Card,
  type GameEvent,
  type GameState,
} from '../src/index.ts';
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
  openingMoves,
  pick,
  pickAll,
  place,
  play,
  r,
  randomGame,
  refuse,
  refused,
  shuffle,
} from './helpers.ts';

const count = (cards: readonly Card[], pred: (c: Card) => boolean) => cards.filter(pred).length;
const ofType = <T extends GameEvent['type']>(events: readonly GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** Four players, dealer Udo (0). Supply: Colibri 5, Havana 10, Cotton Club 15, Jungle 20, Lincoln 25, Jazz House
 * 30, extra 50. */
const SUPPLY4 = [5, 10, 15, 20, 25, 30, 50];

describe('D1 components', () => {
  it('D1.1 six bars, left to right: Colibri, Havana, Cotton Club, Jungle, Lincoln, Jazz House', () => {
    expect(BAR_NAMES).toEqual(['Colibri', 'Havana', 'Cotton Club', 'Jungle', 'Lincoln', 'Jazz House']);
  });

  it('D1.2 72 cards, 12 per bar: gamblers with dice 1, 2, 3, 3, 4, 4, 5, 6 and raids with dice 3, 4, 5, 6', () => {
    const all = fullDeck(8);
    expect(all).toHaveLength(72);
    for (let bar = 0; bar < 6; bar++) {
      const here = all.filter((c) => c.bar === bar);
      expect(here.filter((c) => c.kind === 'gambler').map((c) => c.dice)).toEqual([1, 2, 3, 3, 4, 4, 5, 6]);
      expect(here.filter((c) => c.kind === 'raid').map((c) => c.dice)).toEqual([3, 4, 5, 6]);
    }
  });

  it('D1.3 84 chits: 14 each of 5, 10, 15, 20 and 7 each of 25, 30, 40, 50', () => {
    const chits = fullSupply(4);
    expect(chits).toHaveLength(84);
    for (const v of [5, 10, 15, 20]) expect(chits.filter((c) => c === v)).toHaveLength(14);
    for (const v of [25, 30, 40, 50]) expect(chits.filter((c) => c === v)).toHaveLength(7);
  });
});

describe('D2 set-up by player count', () => {
  it.each([
    [3, 36, 4, 72, 15],
    [4, 54, 6, 84, 12],
    [5, 54, 6, 84, 12],
    [6, 54, 6, 84, 12],
    [7, 72, 6, 84, 12],
    [8, 72, 6, 84, 12],
  ])('D2 with %i players: %i cards, %i bars, %i chits, %i rounds', (n, cards, bars, chits, rounds) => {
    expect(fullDeck(n)).toHaveLength(cards);
    expect(barCount(n)).toBe(bars);
    expect(fullSupply(n)).toHaveLength(chits);
    expect(roundCount(n)).toBe(rounds);
    const started = startGame({ names: Array.from({ length: n }, (_, i) => `P${i}`) });
    expect(started.ok && [started.state.bars, started.state.rounds, started.state.deck.length]).toEqual([bars, rounds, cards]);
  });

  it('D2 with 4-6 players the raid 5s and one gambler 3 and one gambler 4 of each colour go back in the box', () => {
    const deck = fullDeck(5);
    expect(count(deck, (c) => c.kind === 'raid' && c.dice === 5)).toBe(0);
    for (let bar = 0; bar < 6; bar++) {
      expect(deck.filter((c) => c.bar === bar && c.kind === 'gambler').map((c) => c.dice)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(deck.filter((c) => c.bar === bar && c.kind === 'raid').map((c) => c.dice)).toEqual([3, 4, 6]);
    }
  });

  it('D2 with three players Lincoln and Jazz House leave with their cards, and a seventh of each chit value', () => {
    const deck = fullDeck(3);
    expect(count(deck, (c) => c.bar === LINCOLN || c.bar === JAZZ_HOUSE)).toBe(0);
    expect(count(deck, (c) => c.kind === 'raid' && c.dice === 5)).toBe(0);
    const chits = fullSupply(3);
    for (const v of [5, 10, 15, 20]) expect(chits.filter((c) => c === v)).toHaveLength(12);
    for (const v of [25, 30, 40, 50]) expect(chits.filter((c) => c === v)).toHaveLength(6);
  });

  it('D2.1 the supply, then the cards, are shuffled as chance; then the seat after the dealer takes the top five cards, the dealer the last five', () => {
    const started = startGame({ names: ['A', 'B', 'C', 'D'] });
    if (!started.ok) throw new Error(started.error);
    expect(pending(started.state)).toEqual({ kind: 'chance', chance: { kind: 'shuffle', size: 84 } });
    const [supplyShuffle] = openingMoves({ players: 4 });
    const afterSupply = play(started.state, supplyShuffle as never).state;
    expect(pending(afterSupply)).toEqual({ kind: 'chance', chance: { kind: 'shuffle', size: 54 } });
    // A deck shuffled to its canonical order: seat 1 takes cards 0-4, seat 2 5-9, seat 3 10-14, the dealer 15-19.
    const identity = Array.from({ length: 54 }, (_, i) => i);
    const { state, events } = play(afterSupply, shuffle(identity));
    const canonical = fullDeck(4);
    expect(state.hands).toEqual([canonical.slice(15, 20), canonical.slice(0, 5), canonical.slice(5, 10), canonical.slice(10, 15)]);
    expect(ofType(events, 'dealt').map((e) => [e.seat, e.count])).toEqual([[1, 5], [2, 5], [3, 5], [0, 5]]);
    expect(state.deck).toHaveLength(34);
  });

  it('D2.2 seat 0 deals first', () => {
    const state = arranged({ players: 5 });
    expect(state.dealer).toBe(0);
    expect(state.round).toBe(1);
  });
});

describe('D3 a round', () => {
  it('D3.1 the dealer lays a chit at each bar left to right, sees the extra one and places it at a bar of their choice', () => {
    const state = arranged({ players: 4, supply: SUPPLY4 });
    expect(state.barChits).toEqual([[5], [10], [15], [20], [25], [30]]);
    expect(state.phase).toEqual({ kind: 'place', extra: 50 });
    expect(pending(state)).toEqual({ kind: 'decide', seats: [0] });
    expect(legal(state, 0)).toEqual([0, 1, 2, 3, 4, 5].map((bar) => ({ type: 'place', bar })));
    expect(legal(state, 1)).toEqual([]);
    const { state: after, events } = play(state, place(0, JUNGLE));
    expect(after.barChits[JUNGLE]).toEqual([20, 50]);
    expect(events).toEqual([{ type: 'chit-placed', seat: 0, bar: JUNGLE, chit: 50 }]);
    expect(pending(after)).toEqual({ kind: 'decide', seats: [0, 1, 2, 3] });
  });

  it('D3.1 only the dealer places, only at a bar in play, and nobody picks before the extra chit is placed', () => {
    const state = arranged({ players: 3, hands: [[g(0, 1), g(0, 2), g(1, 1), g(1, 2), g(2, 1)]] });
    expect(refused(state, place(1, 0))).toMatchObject({ code: 'place/not-dealer', rule: 'D3.1' });
    expect(refused(state, place(0, LINCOLN))).toMatchObject({ code: 'place/no-such-bar', rule: 'D3.1' });
    expect(refused(state, pick(0, g(0, 1)))).toMatchObject({ code: 'pick/not-yet', rule: 'D3.1' });
    expect(legal(state, 0)).toHaveLength(4);
  });

  it('D3.1 in the three-player game’s 15th round the last two chits go to the two leftmost bars, with no extra chit to place', () => {
    let laid: GameEvent | undefined;
    const { state } = randomGame(3, 'fifteen', (_b, _m, _a, events) => {
      for (const e of events) if (e.type === 'chits-laid') laid = e;
    });
    expect(state.round).toBe(15);
    expect(laid).toMatchObject({ type: 'chits-laid', chits: [expect.any(Number), expect.any(Number), null, null], extra: null });
    expect(state.supply).toEqual([]);
  });

  it('D3.1 chits nobody wins stay at their bar for later rounds', () => {
    const state = arranged({
      players: 4,
      supply: [...SUPPLY4, 5, 5, 5, 5, 5, 5, 10],
      hands: [[g(0, 1)], [g(0, 2)], [g(1, 1)], [g(1, 2)]],
    });
    // Round 1: two gamblers at Colibri and two at Havana; nobody goes to Cotton Club, Jungle, Lincoln or Jazz House.
    const { state: dealing } = play(state, place(0, COLIBRI), ...pickAll([g(0, 1), g(0, 2), g(1, 1), g(1, 2)]));
    expect(dealing.phase.kind).toBe('propose');
    const { state: round2 } = play(dealing, give(1, 1), give(1, 1), accept(0), give(3, 3), accept(2));
    expect(round2.round).toBe(2);
    expect(round2.barChits.slice(2)).toEqual([
      [15, 5],
      [20, 5],
      [25, 5],
      [30, 5],
    ]);
  });

  it('D3.2 every seat chooses at once: the game awaits all who have not chosen, and a seat drops out once it has', () => {
    const state = play(arranged({ players: 5 }), place(0, 0)).state;
    expect(pending(state)).toEqual({ kind: 'decide', seats: [0, 1, 2, 3, 4] });
    const card = state.hands[3]?.[0] as Card;
    const { state: after, events } = play(state, pick(3, card));
    expect(pending(after)).toEqual({ kind: 'decide', seats: [0, 1, 2, 4] });
    expect(legal(after, 3)).toEqual([]);
    expect(events).toEqual([{ type: 'picked', seat: 3, card }]);
    expect(refused(after, pick(3, after.hands[3]?.[0] as Card))).toMatchObject({ code: 'pick/already-chosen', rule: 'D3.2' });
  });

  it('D3.2 a seat can only lay a card of its own hand, and the card goes to the bar of its colour', () => {
    const state = play(arranged({ players: 4, hands: [[g(0, 1), g(1, 1), g(2, 1), g(3, 1), g(4, 1)]] }), place(0, 0)).state;
    expect(legal(state, 0).map((a) => a.type === 'pick' && a.card)).toEqual([g(0, 1), g(1, 1), g(2, 1), g(3, 1), g(4, 1)]);
    expect(refused(state, pick(0, g(5, 1)))).toMatchObject({ code: 'pick/not-in-hand', rule: 'D3.2' });
    expect(refused(state, pick(0, { bar: 0, kind: 'police', dice: 1 } as never))).toMatchObject({ code: 'pick/not-in-hand' });
  });

  it('D3.2 identical cards in a hand (7-8 players) are one choice', () => {
    const state = play(arranged({ players: 7, hands: [[g(2, 3), g(2, 3), g(2, 4), g(2, 4), r(2, 5)]] }), place(0, 0)).state;
    expect(legal(state, 0)).toEqual([g(2, 3), g(2, 4), r(2, 5)].map((card) => ({ type: 'pick', card })));
    const after = play(state, pick(0, g(2, 3))).state;
    expect(after.hands[0]).toEqual([g(2, 3), g(2, 4), g(2, 4), r(2, 5)]);
  });

  it('D3.3 the last card down reveals all together, and the bars are settled left to right', () => {
    const state = arranged({ players: 4, supply: SUPPLY4, hands: [[g(JAZZ_HOUSE, 1)], [g(COLIBRI, 1)], [g(JUNGLE, 2)], [g(HAVANA, 3)]] });
    const { events } = play(state, place(0, COLIBRI), ...pickAll([g(JAZZ_HOUSE, 1), g(COLIBRI, 1), g(JUNGLE, 2), g(HAVANA, 3)]));
    const reveal = events.findIndex((e) => e.type === 'revealed');
    expect(events.slice(0, reveal).every((e) => e.type === 'chit-placed' || e.type === 'picked')).toBe(true);
    expect(events[reveal]).toEqual({ type: 'revealed', cards: [g(JAZZ_HOUSE, 1), g(COLIBRI, 1), g(JUNGLE, 2), g(HAVANA, 3)] });
    expect(ofType(events, 'took').map((e) => [e.bar, e.seat, sum(e.chits)])).toEqual([
      [COLIBRI, 1, 55],
      [HAVANA, 3, 10],
      [JUNGLE, 2, 20],
      [JAZZ_HOUSE, 0, 30],
    ]);
  });

  it('D3.3 a deal at a bar is finished before the bars right of it are settled', () => {
    const state = arranged({ players: 4, supply: SUPPLY4, hands: [[g(COLIBRI, 6)], [g(COLIBRI, 5)], [g(HAVANA, 3)], [g(JUNGLE, 3)]] });
    const { state: dealing, events } = play(state, place(0, COLIBRI), ...pickAll([g(COLIBRI, 6), g(COLIBRI, 5), g(HAVANA, 3), g(JUNGLE, 3)]));
    expect(dealing.phase.kind).toBe('propose');
    expect(ofType(events, 'took')).toEqual([]);
    expect(dealing.money).toEqual([[], [], [], []]);
    const { events: after } = play(dealing, give(0, 0), give(0, 1), accept(1));
    expect(ofType(after, 'took').map((e) => e.bar)).toEqual([COLIBRI, COLIBRI, HAVANA, JUNGLE]);
  });

  it('D3.4 played cards go to the discard pile in seat order; the next seat deals one card each, from the seat after them, themself last', () => {
    const state = arranged({
      players: 4,
      supply: SUPPLY4,
      hands: [[g(0, 1)], [g(1, 1)], [g(2, 1)], [g(3, 1)]],
      deck: [r(0, 3), r(1, 3), r(2, 3), r(3, 3)],
    });
    const { state: after, events } = play(state, place(0, 0), ...pickAll([g(0, 1), g(1, 1), g(2, 1), g(3, 1)]));
    expect(after.round).toBe(2);
    expect(after.dealer).toBe(1);
    expect(after.discard).toEqual([g(0, 1), g(1, 1), g(2, 1), g(3, 1)]);
    expect(ofType(events, 'dealt').map((e) => [e.seat, e.cards])).toEqual([
      [2, [r(0, 3)]],
      [3, [r(1, 3)]],
      [0, [r(2, 3)]],
      [1, [r(3, 3)]],
    ]);
    expect(after.hands.map((h) => h.length)).toEqual([5, 5, 5, 5]);
    expect(after.table).toEqual([null, null, null, null]);
  });

  it('D3.4 when the deck runs out the discard pile, this round’s cards included, is shuffled into a new deck and dealing goes on', () => {
    let seen = false;
    randomGame(3, 'reshuffle', (before, m, after, events) => {
      if (before.phase.kind !== 'reshuffle') return;
      seen = true;
      // 36 cards, 15 in hands, 21 in the deck: after seven rounds of three cards the deck is empty.
      expect(before.deck).toEqual([]);
      expect(pending(before)).toEqual({ kind: 'chance', chance: { kind: 'shuffle', size: before.discard.length } });
      expect(before.discard.length + before.hands.flat().length).toBe(36);
      expect(events[0]).toEqual({ type: 'shuffled', what: 'discard', size: before.discard.length });
      expect(after.discard).toEqual([]);
      expect(after.hands.every((h) => h.length === 5)).toBe(true);
      expect(after.deck.length + 15).toBe(36);
      expect('chance' in m).toBe(true);
    });
    expect(seen).toBe(true);
  });
});

describe('D4 settling a bar', () => {
  const deal4 = (hands: Card[]) => play(arranged({ players: 4, supply: SUPPLY4, hands: hands.map((c) => [c]) }), place(0, COLIBRI), ...pickAll(hands));

  it('D4.1 no card at a bar: its chits stay', () => {
    const { state, events } = deal4([g(COLIBRI, 1), g(HAVANA, 1), r(HAVANA, 3), g(COTTON_CLUB, 1)]);
    expect(events).toContainEqual({ type: 'bar-quiet', bar: JUNGLE, reason: 'no-card' });
    // Round 2 has laid a 5 beside the 20 that stayed (the supply after SUPPLY4 is smallest first).
    expect(state.round).toBe(2);
    expect(state.barChits[JUNGLE]).toEqual([20, 5]);
    expect(state.barChits[COLIBRI]).toEqual([5]);
  });

  it('D4.2 a lone gambler takes all the chits; two gamblers make a deal', () => {
    const { state, events } = deal4([g(COLIBRI, 1), g(HAVANA, 1), g(HAVANA, 2), g(COTTON_CLUB, 1)]);
    expect(events).toContainEqual({ type: 'took', seat: 0, bar: COLIBRI, chits: [5, 50], reason: 'alone' });
    expect(state.phase).toMatchObject({ kind: 'propose', deal: { bar: HAVANA, parties: [2, 1], chits: [10] } });
  });

  it('D4.3 a lone raider confiscates the chits and the gamblers get nothing; two raiders deal among themselves, without the gamblers', () => {
    const one = deal4([g(COLIBRI, 6), r(COLIBRI, 3), g(HAVANA, 1), g(COTTON_CLUB, 1)]);
    expect(one.events).toContainEqual({ type: 'took', seat: 1, bar: COLIBRI, chits: [5, 50], reason: 'raid' });
    expect(one.state.money[0]).toEqual([]);
    const two = deal4([g(COLIBRI, 6), r(COLIBRI, 3), r(COLIBRI, 4), g(COLIBRI, 5)]);
    expect(two.state.phase).toMatchObject({ kind: 'propose', deal: { bar: COLIBRI, parties: [2, 1] } });
  });

  it('D4.4 raid cards without a gambler: the raid fails and the chits stay', () => {
    const { state, events } = deal4([r(COLIBRI, 6), r(COLIBRI, 3), g(HAVANA, 1), g(COTTON_CLUB, 1)]);
    expect(events).toContainEqual({ type: 'bar-quiet', bar: COLIBRI, reason: 'raid-failed' });
    expect(state.barChits[COLIBRI]).toEqual([5, 50, 5]); // and round 2's chit beside them
    expect(state.money[0]).toEqual([]);
  });

  it('D4.5 a bar with no chits is not settled: nothing happens there', () => {
    const start = play(arranged({ players: 3, hands: [[g(COLIBRI, 1)], [g(COLIBRI, 2)], [g(HAVANA, 1)]] }), place(0, HAVANA)).state;
    // As in the three-player game's last round, where Cotton Club and Jungle may be empty: here Colibri is emptied.
    const empty: GameState = { ...start, barChits: [[], ...start.barChits.slice(1)] };
    const { state, events } = play(empty, ...pickAll([g(COLIBRI, 1), g(COLIBRI, 2), g(HAVANA, 1)]));
    expect(events).toContainEqual({ type: 'bar-quiet', bar: COLIBRI, reason: 'no-chits' });
    expect(ofType(events, 'deal-opened')).toEqual([]);
    expect(state.money[0]).toEqual([]);
  });
});

describe('D5 deals and duels', () => {
  /** Four gamblers at Colibri (5 + the extra 50): dice 6 (Udo), 2 (Claudia), 4 (Stefan), 1 (Karin). */
  const colibri = () =>
    play(
      arranged({ players: 4, supply: SUPPLY4, hands: [[g(COLIBRI, 6)], [g(COLIBRI, 2)], [g(COLIBRI, 4)], [g(COLIBRI, 1)]] }),
      place(0, COLIBRI),
      ...pickAll([g(COLIBRI, 6), g(COLIBRI, 2), g(COLIBRI, 4), g(COLIBRI, 1)]),
    ).state;

  it('D5.1 the strongest card proposes: the parties are listed strongest first', () => {
    expect(colibri().phase).toMatchObject({ kind: 'propose', deal: { parties: [0, 2, 1, 3], chits: [50, 5], to: [] } });
    expect(pending(colibri())).toEqual({ kind: 'decide', seats: [0] });
  });

  it('D5.1 between equal dice numbers the card of the seat furthest clockwise from the dealer is stronger, the dealer nearest', () => {
    expect(isStronger({ seat: 6, dice: 3 }, { seat: 2, dice: 3 }, 0, 7)).toBe(true);
    expect(isStronger({ seat: 2, dice: 3 }, { seat: 6, dice: 3 }, 0, 7)).toBe(false);
    // The dealer counts as nearest: with seat 5 dealing, seat 5 is weaker than seat 4 (furthest clockwise).
    expect(isStronger({ seat: 4, dice: 4 }, { seat: 5, dice: 4 }, 5, 8)).toBe(true);
    const state = play(
      arranged({ players: 7, supply: SUPPLY4, hands: [[g(HAVANA, 3)], [g(HAVANA, 4)], [g(JUNGLE, 1)], [g(JUNGLE, 2)], [g(COTTON_CLUB, 1)], [g(COTTON_CLUB, 2)], [g(HAVANA, 3)]] }),
      place(0, HAVANA),
      ...pickAll([g(HAVANA, 3), g(HAVANA, 4), g(JUNGLE, 1), g(JUNGLE, 2), g(COTTON_CLUB, 1), g(COTTON_CLUB, 2), g(HAVANA, 3)]),
    ).state;
    expect(state.phase).toMatchObject({ kind: 'propose', deal: { bar: HAVANA, parties: [1, 6, 0] } });
  });

  it('D5.2 the proposer gives the bar’s chits one at a time, largest first, to any party (themself included, or nobody but one)', () => {
    const state = colibri();
    expect(legal(state, 0)).toEqual([0, 2, 1, 3].map((to) => ({ type: 'give', to })));
    expect(legal(state, 2)).toEqual([]);
    const { state: half, events } = play(state, give(0, 3));
    expect(events).toEqual([{ type: 'gave', bar: COLIBRI, chit: 50, to: 3 }]);
    expect(half.phase).toMatchObject({ kind: 'propose', deal: { to: [3] } });
    const { state: full, events: last } = play(half, give(0, 3));
    expect(last[1]).toEqual({
      type: 'proposed',
      bar: COLIBRI,
      proposer: 0,
      shares: [
        { seat: 0, chits: [] },
        { seat: 2, chits: [] },
        { seat: 1, chits: [] },
        { seat: 3, chits: [50, 5] },
      ],
    });
    expect(pending(full)).toEqual({ kind: 'decide', seats: [2, 1, 3] });
  });

  it('D5.2 only the proposer gives, and only to a party of the deal', () => {
    const state = play(
      arranged({ players: 4, supply: SUPPLY4, hands: [[g(COLIBRI, 6)], [g(COLIBRI, 2)], [g(HAVANA, 4)], [g(HAVANA, 1)]] }),
      place(0, COLIBRI),
      ...pickAll([g(COLIBRI, 6), g(COLIBRI, 2), g(HAVANA, 4), g(HAVANA, 1)]),
    ).state;
    expect(refused(state, give(1, 1))).toMatchObject({ code: 'give/not-proposer', rule: 'D5.2' });
    expect(refused(state, give(0, 2))).toMatchObject({ code: 'give/not-a-party', rule: 'D5.2' });
    expect(refused(state, give(0, 9))).toMatchObject({ code: 'give/not-a-party', rule: 'D5.2' });
  });

  it('D5.3 the other parties answer at once and in secret: others see who answered, never what, until the last answer shows all', () => {
    const asked = play(colibri(), give(0, 0), give(0, 2)).state;
    const { state, events } = play(asked, refuse(1));
    expect(events).toEqual([{ type: 'answered', seat: 1, answer: 'refuse' }]);
    expect(razziaDorra.tell(events[0] as GameEvent)).toEqual({ to: [1], event: events[0], others: { type: 'answered', seat: 1, answer: null } });
    expect(view(state, 1).phase).toMatchObject({ kind: 'answer', answered: [false, true, false, false], answer: 'refuse' });
    expect(view(state, 2).phase).toMatchObject({ kind: 'answer', answered: [false, true, false, false], answer: null });
    expect(JSON.stringify(view(state, 3))).not.toContain('refuse');
    expect(pending(state)).toEqual({ kind: 'decide', seats: [2, 3] });
    expect(refused(state, accept(1))).toMatchObject({ code: 'answer/already-given', rule: 'D5.3' });
    expect(refused(state, accept(0))).toMatchObject({ code: 'answer/proposer', rule: 'D5.3' });
    const { events: shown } = play(state, accept(3), accept(2));
    expect(shown).toContainEqual({
      type: 'answers-shown',
      bar: COLIBRI,
      answers: [
        { seat: 2, answer: 'accept' },
        { seat: 1, answer: 'refuse' },
        { seat: 3, answer: 'accept' },
      ],
    });
  });

  it('D5.4 if all accept, each party takes their share', () => {
    const { state, events } = play(colibri(), give(0, 2), give(0, 0), accept(2), accept(1), accept(3));
    expect(ofType(events, 'took').map((e) => [e.seat, e.chits, e.reason])).toEqual([
      [2, [50], 'deal'],
      [0, [5], 'deal'],
    ]);
    expect(state.money).toEqual([[5], [], [50], []]);
    expect(state.barChits[COLIBRI]).toEqual([5]); // emptied, and round 2's chit laid
  });

  it('D5.5 acceptors take their shares; the proposer duels the weakest refuser, the winner the next weakest, the last winner takes the rest', () => {
    // Udo (6) keeps the 5, gives the 50 to Stefan (4), who accepts; Claudia (2) and Karin (1) refuse.
    const { state, events } = play(colibri(), give(0, 2), give(0, 0), accept(2), refuse(1), refuse(3));
    expect(ofType(events, 'took')).toEqual([{ type: 'took', seat: 2, bar: COLIBRI, chits: [50], reason: 'deal' }]);
    expect(events.at(-1)).toEqual({ type: 'duel-started', bar: COLIBRI, first: 0, second: 3, stake: [5] });
    expect(state.barChits[COLIBRI]).toEqual([5]);
    // Udo rolls 1 (7), Karin 6 (7): equal totals, the lower dice number wins (D5.6): Karin duels Claudia next.
    const { state: next, events: first } = play(state, die(1), die(6));
    expect(first).toEqual([
      { type: 'rolled', seat: 0, value: 1, total: 7 },
      { type: 'rolled', seat: 3, value: 6, total: 7 },
      { type: 'duel-won', bar: COLIBRI, winner: 3, loser: 0 },
      { type: 'duel-started', bar: COLIBRI, first: 1, second: 3, stake: [5] },
    ]);
    const { state: done, events: second } = play(next, die(2), die(3));
    expect(second.slice(0, 4)).toEqual([
      { type: 'rolled', seat: 1, value: 2, total: 4 },
      { type: 'rolled', seat: 3, value: 3, total: 4 },
      { type: 'duel-won', bar: COLIBRI, winner: 3, loser: 1 },
      { type: 'took', seat: 3, bar: COLIBRI, chits: [5], reason: 'duel' },
    ]);
    expect(done.money.slice(0, 4)).toEqual([[], [], [50], [5]]);
  });

  it('D5.5 if the rest holds no chit, no duel is fought', () => {
    const { state, events } = play(colibri(), give(0, 2), give(0, 2), accept(2), refuse(1), accept(3));
    expect(ofType(events, 'duel-started')).toEqual([]);
    expect(state.money[2]).toEqual([50, 5]);
    expect(state.phase.kind).not.toBe('duel');
  });

  it('D5.6 the stronger card’s player rolls first; each adds their dice number; the higher total wins', () => {
    const dueling = play(colibri(), give(0, 0), give(0, 0), refuse(2), accept(1), accept(3)).state;
    expect(pending(dueling)).toEqual({ kind: 'chance', chance: { kind: 'die', sides: 6 } });
    expect(dueling.phase).toMatchObject({ kind: 'duel', duel: { first: 0, second: 2, rolls: [] } });
    const { state, events } = play(dueling, die(2), die(5));
    expect(events.slice(0, 3)).toEqual([
      { type: 'rolled', seat: 0, value: 2, total: 8 },
      { type: 'rolled', seat: 2, value: 5, total: 9 },
      { type: 'duel-won', bar: COLIBRI, winner: 2, loser: 0 },
    ]);
    expect(state.money[2]).toEqual([50, 5]);
  });

  it('D5.6 on equal totals the lower dice number wins; between equal dice numbers the seat furthest clockwise from the dealer', () => {
    expect(winsDuel({ seat: 0, dice: 6 }, 1, { seat: 1, dice: 2 }, 5, 0, 4)).toBe(false);
    expect(winsDuel({ seat: 1, dice: 2 }, 5, { seat: 0, dice: 6 }, 1, 0, 4)).toBe(true);
    expect(winsDuel({ seat: 2, dice: 3 }, 4, { seat: 6, dice: 3 }, 4, 0, 8)).toBe(false);
    expect(winsDuel({ seat: 6, dice: 3 }, 4, { seat: 2, dice: 3 }, 4, 0, 8)).toBe(true);
    expect(winsDuel({ seat: 6, dice: 3 }, 4, { seat: 2, dice: 3 }, 4, 5, 8)).toBe(false); // seat 2 is 5 from dealer 5
    // Odds over the 36 rolls: a 6 against a 1 wins 35 of them (the one tie, 7 against 7, goes to the 1).
    expect(duelOdds({ seat: 0, dice: 6 }, { seat: 1, dice: 1 }, 0, 4)).toBeCloseTo(35 / 36);
    expect(duelOdds({ seat: 0, dice: 4 }, { seat: 1, dice: 4 }, 0, 4) + duelOdds({ seat: 1, dice: 4 }, { seat: 0, dice: 4 }, 0, 4)).toBeCloseTo(1);
  });
});

describe('D6 end', () => {
  it.each([3, 4, 8])('D6.1 with %i players the game ends after the round that laid the last chits; no cards are dealt after it', (n) => {
    let lastEvents: readonly GameEvent[] = [];
    const { state } = randomGame(n, `end-${n}`, (_b, _m, _a, events) => {
      lastEvents = events;
    });
    expect(state.phase).toEqual({ kind: 'over' });
    expect(state.round).toBe(roundCount(n));
    expect(state.supply).toEqual([]);
    expect(lastEvents.map((e) => e.type).slice(-2)).toEqual(['round-ended', 'game-over']);
    expect(ofType(lastEvents, 'dealt')).toEqual([]);
    expect(state.hands.every((h) => h.length === 4)).toBe(true);
    expect(refused(state, pick(0, state.hands[0]?.[0] as Card))).toMatchObject({ code: 'game/over', rule: 'D6.1' });
    expect(legal(state, 0)).toEqual([]);
  });

  it('D6.1 chits still at the bars belong to nobody', () => {
    const { state } = randomGame(5, 'leftovers');
    const won = state.money.flat();
    expect(sum(won) + sum(state.barChits.flat())).toBe(sum(fullSupply(5)));
    const outcome = pending(state);
    expect(outcome.kind === 'over' && outcome.outcome.scores).toEqual(state.money.map(sum));
  });

  it('D6.2 the richest player wins; tied players share the win', () => {
    const { state } = randomGame(4, 'winner');
    const tied: GameState = { ...state, money: [[50, 5], [30, 25], [10], []] };
    expect(pending(tied)).toEqual({ kind: 'over', outcome: { scores: [55, 55, 10, 0], winners: [0, 1], places: [1, 1, 3, 4] } });
    const alone: GameState = { ...state, money: [[5], [50], [10], []] };
    expect(pending(alone)).toEqual({ kind: 'over', outcome: { scores: [5, 50, 10, 0], winners: [1], places: [3, 1, 2, 4] } });
  });
});
