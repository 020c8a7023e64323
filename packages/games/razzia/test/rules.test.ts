// At least one test for every rule R1–R9 of docs/rules/razzia.md, named after it.

import { describe, expect, it } from 'vitest';
import {
  BOOTY_KINDS,
  CHEQUE_SETS,
  KIND_INFO,
  DECK_SIZE,
  apply,
  deal,
  fullDeck,
  legalActions,
  newGame,
  policeLimit,
  summarize,
  view,
  winners,
  type CardKind,
  type GameState,
  type PlayerState,
} from '../src/index.ts';
import { FOUR, bid, call, draw, pass, play, stackedSetup, start, thief, withPiles } from './helpers.ts';

const SETS4 = [[3, 7, 12], [4, 8, 11], [5, 9, 10], [2, 6, 13]]; // seat 3 holds the 13 and starts

describe('R1 components', () => {
  it('R1.1 the deck holds 120 cards: 99 booty and 21 police, in the listed counts', () => {
    const deck = fullDeck();
    expect(deck).toHaveLength(DECK_SIZE);
    expect(deck.filter((c) => c === 'police')).toHaveLength(21);
    const count = (k: CardKind) => deck.filter((c) => c === k).length;
    expect(count('bodyguard')).toBe(16);
    expect(count('car')).toBe(16);
    expect(count('driver')).toBe(10);
    expect(count('thief')).toBe(6);
    expect(count('gold')).toBe(3);
    expect(count('trinket:diamond')).toBe(4);
    expect(count('business:nightclub')).toBe(4);
    expect(BOOTY_KINDS).toHaveLength(17);
  });

  it('R1.2 the black-cross kinds are exactly the trinkets, drivers, thieves and gold', () => {
    const crossed = BOOTY_KINDS.filter((k) => KIND_INFO[k].blackCross).sort();
    expect(crossed).toEqual(
      ['driver', 'gold', 'thief', 'trinket:brooch', 'trinket:chain', 'trinket:diamond', 'trinket:ring', 'trinket:watch'].sort(),
    );
  });

  it('R1.3 with five players the cheques and the centre are exactly 1 to 16', () => {
    const all = [1, ...CHEQUE_SETS[5].flat()].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });
});

describe('R2 set-up', () => {
  it('R2.1 seats are numbered clockwise and the player count is 2 to 5', () => {
    expect(() => newGame({ names: ['solo'], seed: 's' })).toThrow(/2 to 5/);
    expect(newGame({ names: FOUR, seed: 's' }).players).toHaveLength(4);
  });

  it('R2.2 every seat gets one of the player count’s cheque sets, the 1 lies in the centre, and the police limit is 5 or 7', () => {
    for (const n of [2, 3, 4, 5] as const) {
      const game = newGame({ names: FOUR.concat('Anke').slice(0, n), seed: `sets-${n}` });
      const dealt = game.players.map((p) => p.faceUp.join(',')).sort();
      expect(dealt).toEqual(CHEQUE_SETS[n].map((s) => [...s].sort((a, b) => a - b).join(',')).sort());
      expect(game.centre).toBe(1);
      expect(game.policeLimit).toBe(n === 2 ? 5 : 7);
      expect(policeLimit(n)).toBe(game.policeLimit);
    }
  });

  it('R2.2 cheque sets are dealt to seats at random: different seeds give different seats different sets', () => {
    const firstSets = new Set(Array.from({ length: 20 }, (_, i) => deal({ names: FOUR, seed: `d${i}` }).cheques[0]?.join(',')));
    expect(firstSets.size).toBeGreaterThan(1);
  });

  it('R2.3 the 120 cards are shuffled into two piles of 60; the same seed deals the same game', () => {
    const a = deal({ names: FOUR, seed: 'same' });
    expect(a.piles[0]).toHaveLength(60);
    expect(a.piles[1]).toHaveLength(60);
    expect([...a.piles[0], ...a.piles[1]].sort()).toEqual(fullDeck().sort());
    expect(deal({ names: FOUR, seed: 'same' })).toEqual(a);
    expect(deal({ names: FOUR, seed: 'other' }).piles).not.toEqual(a.piles);
  });

  it('R2.4 the holder of the highest cheque starts every round, also when it changed hands', () => {
    const game = start(stackedSetup({ cheques: SETS4, pile0: ['car', ...Array<CardKind>(7).fill('police')] }));
    expect(game.phase).toEqual({ kind: 'turn', seat: 3 });
    // Seat 3 wins the first police auction with its 13 (seat 0 cannot beat it and passes automatically):
    // the 13 lies in the centre now, so in round 2 the 12 of seat 0 is the highest cheque held.
    let { state } = play(game, draw(3), draw(0), pass(1), pass(2), bid(3, 13));
    expect(state.centre).toBe(13);
    for (let police = 2; police <= 6; police++) state = passAuction(play(state, draw(turnSeat(state))).state);
    ({ state } = play(state, draw(turnSeat(state))));
    expect(state.round).toBe(2);
    expect(state.phase).toEqual({ kind: 'turn', seat: 0 });
  });
});

describe('R3 a turn', () => {
  it('R3.1 a player without face-up cheques is skipped in turns and gets no chance in auctions', () => {
    // Two players; seat 1 spends both... use 2 players: seat 0 {2,5,6,9}, seat 1 {3,4,7,8}.
    const game = start(stackedSetup({ names: ['A', 'B'], cheques: [[2, 5, 6, 9], [3, 4, 7, 8]], pile0: [] }));
    // Seat 0 starts (9). Seat 1 calls court auctions and wins them with each cheque until none is left.
    let state = game;
    ({ state } = play(state, draw(0)));
    for (const cheque of [3, 4, 7, 8]) {
      ({ state } = play(state, call(1), pass(0), bid(1, cheque)));
      if (cheque !== 8) ({ state } = play(state, draw(0)));
    }
    expect(state.players[1]?.faceUp).toEqual([]);
    // Seat 1 is skipped: seat 0 has every turn, and an auction has only seat 0 in it.
    expect(state.phase).toEqual({ kind: 'turn', seat: 0 });
    const { state: s2, events } = play(state, draw(0));
    expect(s2.phase).toEqual({ kind: 'turn', seat: 0 });
    const { events: auction } = play(s2, call(0));
    expect(auction).toContainEqual({ type: 'auction-opened', kind: 'court', trigger: 0, order: [0] });
    expect(events.some((e) => e.type === 'turn' && e.seat === 1)).toBe(false);
  });

  it('R3.2 on a turn the only choices are draw, use thieves, or call a court auction', () => {
    const game = newGame({ names: FOUR, seed: 'r32' });
    expect(new Set(legalActions(game).map((a) => a.type))).toEqual(new Set(['draw', 'call']));
  });
});

describe('R4 draw', () => {
  it('R4.1 a player may not draw from an empty pile, and with both piles empty drawing is no choice at all', () => {
    // Every card left in pile 0, none in pile 1 (as when the other pile had one card to split, R4.4):
    let state = withPiles(start(stackedSetup({ names: ['A', 'B'], cheques: [[2, 5, 6, 9], [3, 4, 7, 8]] })), 120);
    expect(state.pileSizes).toEqual([120, 0]);
    expect(apply(state, draw(0, 1))).toMatchObject({ ok: false, error: { code: 'draw/pile-empty', rule: 'R4.1' } });
    expect(legalActions(state).filter((a) => a.type === 'draw')).toEqual([draw(0, 0)]);
    // Drawing pile 0 down: the other pile is empty, so nothing is split until it runs out.
    state = { ...state, pileSizes: [0, 0] } as GameState; // both piles exhausted (late in round 3)
    expect(legalActions(state).some((a) => a.type === 'draw')).toBe(false);
    expect(apply(state, draw(0, 0))).toMatchObject({ ok: false, error: { code: 'draw/pile-empty', rule: 'R4.1' } });
  });

  it('R4.2 the seventh booty card in the row triggers a full auction by the player who drew it', () => {
    const booty: CardKind[] = ['car', 'car', 'car', 'car', 'car', 'car', 'bodyguard'];
    let { state, events } = play(
      start(stackedSetup({ cheques: SETS4, pile0: booty })),
      draw(3),
      draw(0),
      draw(1),
      draw(2),
      draw(3),
      draw(0),
    );
    expect(state.phase.kind).toBe('turn');
    ({ state, events } = play(state, draw(1)));
    expect(events).toContainEqual({ type: 'auction-opened', kind: 'full', trigger: 1, order: [2, 3, 0, 1] });
  });

  it('R4.3 a police card opens a police auction, also with an empty row (the prize is the centre cheque alone)', () => {
    const { state } = play(start(stackedSetup({ cheques: SETS4, pile0: ['police'] })), draw(3), bid(0, 3), pass(1), pass(2), pass(3));
    expect(state.players[0]?.faceDown).toEqual([1]);
    expect(state.players[0]?.estate).toEqual(start(stackedSetup({ cheques: SETS4 })).players[0]?.estate);
    expect(state.centre).toBe(3);
  });

  it('R4.3 the seventh police card (3–5 players) ends the round at once without an auction', () => {
    let state = start(stackedSetup({ cheques: SETS4, pile0: ['car', ...Array<CardKind>(7).fill('police')] }));
    ({ state } = play(state, draw(3)));
    for (let i = 1; i < 7; i++) state = passAuction(play(state, draw(turnSeat(state))).state);
    expect(state.policeLine).toBe(6);
    expect(state.row).toEqual(['car']);
    const { state: after, events } = play(state, draw(turnSeat(state)));
    expect(events.map((e) => e.type)).toEqual(['card-drawn', 'round-ended', 'round-scored', 'round-started']);
    expect(events[1]).toEqual({ type: 'round-ended', round: 1, reason: 'police' });
    expect(after.round).toBe(2);
  });

  it('R4.3 with two players the fifth police card ends the round', () => {
    let state = start(stackedSetup({ names: ['A', 'B'], cheques: [[2, 5, 6, 9], [3, 4, 7, 8]], pile0: Array<CardKind>(5).fill('police') }));
    for (let i = 1; i <= 4; i++) state = passAuction(play(state, draw(turnSeat(state))).state);
    const { events } = play(state, draw(turnSeat(state)));
    expect(events).toContainEqual({ type: 'round-ended', round: 1, reason: 'police' });
  });

  it('R4.4 when a draw empties a pile, the other pile’s bottom ⌊m/2⌋ cards, order kept, become that pile', () => {
    const setup = stackedSetup({ cheques: SETS4, pile0: ['car'] });
    const pile1 = [...setup.piles[0], ...setup.piles[1]].slice(1);
    const { state, events } = play(withPiles(start(setup), 1), draw(3, 0));
    expect(events).toContainEqual({ type: 'piles-split', emptied: 0, moved: 59 });
    expect(state.pileSizes).toEqual([59, 60]);
    // The next card of pile 0 is the 61st card of the old pile 1; pile 1 still starts with its own top card.
    const fromZero = play(state, draw(0, 0)).events[0];
    expect(fromZero).toMatchObject({ type: 'card-drawn', card: pile1[60] });
    const fromOne = play(state, draw(0, 1)).events[0];
    expect(fromOne).toMatchObject({ type: 'card-drawn', card: pile1[0] });
  });
});

describe('R5 thieves', () => {
  it('R5.1 using one of two thieves: take the gold from the middle; the thief count drops by one and the row closes up', () => {
    const base = start(stackedSetup({ cheques: SETS4, pile0: ['thief', 'thief', 'police', 'car', 'gold', 'bodyguard'] }));
    let { state } = play(base, draw(3), draw(0), draw(1), pass(2), pass(3), pass(0), bid(1, 4));
    // R6.7: after seat 1's police auction, seat 2 is next.
    ({ state } = play(state, draw(2), draw(3), draw(0)));
    expect(state.row).toEqual(['car', 'gold', 'bodyguard']);
    expect(state.phase).toEqual({ kind: 'turn', seat: 1 });
    const takes = legalActions(state).filter((a) => a.type === 'thief');
    expect(takes).toHaveLength(3 + 3); // 1 or 2 of 3 cards
    const { state: after } = play(state, thief(1, 1));
    expect(after.players[1]?.estate).toMatchObject({ thief: 1, gold: 1 });
    expect(after.row).toEqual(['car', 'bodyguard']);
    const { state: later } = play(after, draw(2));
    expect(later.row.slice(0, 2)).toEqual(['car', 'bodyguard']);
    expect(later.row).toHaveLength(3);
  });

  it('R5.2 a thief may take another thief', () => {
    const base = start(stackedSetup({ cheques: SETS4, pile0: ['thief', 'police', 'thief'] }));
    // Seat 1 wins the first thief; R6.7 makes it seat 1's turn, and it draws the second thief.
    let { state } = play(base, draw(3), draw(0), bid(1, 4), pass(2), pass(3), pass(0), draw(1));
    expect(state.row).toEqual(['thief']);
    ({ state } = play(state, draw(2), draw(3), draw(0)));
    expect(state.phase).toEqual({ kind: 'turn', seat: 1 });
    const { state: after, events } = play(state, thief(1, 0));
    expect(events[0]).toMatchObject({ type: 'thieves-used', cards: ['thief'] });
    expect(after.players[1]?.estate.thief).toBe(1);
  });
});

describe('R6 auctions', () => {
  it('R6.1 a court auction may be called with an empty row: the prize is the centre cheque', () => {
    const { state } = play(start(stackedSetup({ cheques: SETS4 })), call(3), pass(0), pass(1), pass(2), bid(3, 2));
    expect(state.players[3]?.faceDown).toEqual([1]);
    expect(state.centre).toBe(2);
  });

  it('R6.2 the order starts left of the trigger player, who speaks last', () => {
    const { events } = play(start(stackedSetup({ cheques: SETS4, pile0: ['car', 'police'] })), draw(3), draw(0));
    expect(events.at(-1)).toEqual({ type: 'auction-opened', kind: 'police', trigger: 0, order: [1, 2, 3, 0] });
  });

  it('R6.3 a player none of whose cheques beats the highest bid passes automatically, and may not act for that chance', () => {
    const opened = play(start(stackedSetup({ cheques: SETS4, pile0: ['police'] })), draw(3)).state;
    // seat 0 bids 12: seat 1 (4,8,11) and seat 2 (5,9,10) cannot beat it; seat 3 (13) can.
    const result = apply(opened, bid(0, 12));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.events).toEqual([
      { type: 'bid', seat: 0, cheque: 12 },
      { type: 'passed', seat: 1, automatic: true },
      { type: 'passed', seat: 2, automatic: true },
    ]);
    expect(apply(result.state, pass(1))).toMatchObject({ ok: false, error: { code: 'auction/not-your-chance', rule: 'R6.2' } });
    expect(legalActions(result.state)).toEqual([pass(3), bid(3, 13)]);
  });

  it('R6.3 a bid must be higher than the highest bid so far', () => {
    const opened = play(start(stackedSetup({ cheques: SETS4, pile0: ['police'] })), draw(3), bid(0, 7)).state;
    expect(apply(opened, bid(1, 4))).toMatchObject({ ok: false, error: { code: 'bid/not-higher', rule: 'R6.3' } });
    expect(apply(opened, bid(1, 8)).ok).toBe(true);
  });

  it('R6.4 in a court auction the caller may not pass when everybody before passed, but may once somebody bid', () => {
    const called = play(start(stackedSetup({ cheques: SETS4 })), call(3), pass(0), pass(1), pass(2)).state;
    expect(apply(called, pass(3))).toMatchObject({ ok: false, error: { code: 'pass/forced-bid', rule: 'R6.4' } });
    const bidded = play(start(stackedSetup({ cheques: SETS4 })), call(3), pass(0), bid(1, 4), pass(2)).state;
    expect(apply(bidded, pass(3)).ok).toBe(true);
  });

  it('R6.5 the highest bidder takes the row and the centre cheque face down and puts the winning cheque in the centre; the others keep their cheques', () => {
    const { state } = play(start(stackedSetup({ cheques: SETS4, pile0: ['gold', 'police'] })), draw(3), draw(0), bid(1, 4), bid(2, 5), pass(3), bid(0, 7));
    expect(state.players[0]).toMatchObject({ faceUp: [3, 12], faceDown: [1] });
    expect(state.players[0]?.estate.gold).toBe(1);
    expect(state.players[1]?.faceUp).toEqual([4, 8, 11]);
    expect(state.players[2]?.faceUp).toEqual([5, 9, 10]);
    expect(state.centre).toBe(7);
    // R6.5: a face-down cheque cannot be bid until the next round.
    const next = play(state, draw(1, 0)).state;
    expect(next.phase.kind).toBe('turn');
  });

  it('R6.6 if everybody passes a police auction the row stays; a full auction everybody passes discards the row', () => {
    const police = play(start(stackedSetup({ cheques: SETS4, pile0: ['gold', 'police'] })), draw(3), draw(0), pass(1), pass(2), pass(3), pass(0));
    expect(police.state.row).toEqual(['gold']);
    const full = play(
      start(stackedSetup({ cheques: SETS4, pile0: Array<CardKind>(7).fill('car') })),
      draw(3), draw(0), draw(1), draw(2), draw(3), draw(0), draw(1),
      pass(2), pass(3), pass(0), pass(1),
    );
    expect(full.state.row).toEqual([]);
    expect(full.events.at(-2)).toMatchObject({ type: 'auction-closed', winner: null, discarded: Array(7).fill('car') });
  });

  it('R6.7 after an auction play continues left of the trigger player', () => {
    const { state } = play(start(stackedSetup({ cheques: SETS4, pile0: ['car', 'police'] })), draw(3), draw(0), bid(1, 4), pass(2), pass(3), pass(0));
    expect(state.phase).toEqual({ kind: 'turn', seat: 1 });
  });
});

describe('R7 scoring and R8 round end', () => {
  it('R7.2 if every player has the same number of bodyguards nobody scores for them; zero counts as fewest', () => {
    const { state } = endRoundOne();
    for (const s of state.results[0]?.scores ?? []) expect([-2, 0, 5]).toContain(s.bodyguards);
  });

  it('R7.6/R7.7 businesses and cheques score in round 3 only', () => {
    const { state } = endRoundOne();
    expect(state.results[0]?.scores.every((s) => s.businesses === 0 && s.cheques === 0)).toBe(true);
  });

  it('R7.8 after scoring, trinkets, drivers, thieves and gold leave every estate; bodyguards, cars and businesses stay', () => {
    const { before, state } = endRoundOne();
    const kept = state.players[0]?.estate;
    const had = before.players[0]?.estate;
    expect(had?.gold).toBe(1);
    expect(kept).toMatchObject({ gold: 0, driver: 0, 'trinket:ring': 0, car: had?.car, 'business:casino': had?.['business:casino'] });
  });

  it('R8.1 a round ends at once when no player holds a face-up cheque', () => {
    let state = start(stackedSetup({ names: ['A', 'B'], cheques: [[2, 5, 6, 9], [3, 4, 7, 8]] }));
    // Seat 0 starts (it holds the 9). Each court auction is won by its caller, spending one cheque.
    const spend: [number, number][] = [[0, 2], [1, 3], [0, 5], [1, 4], [0, 6], [1, 7], [0, 9]];
    for (const [seat, cheque] of spend) ({ state } = play(state, call(seat), pass(1 - seat), bid(seat, cheque)));
    expect(state.players[0]?.faceUp).toEqual([]);
    // Seat 1 alone is left: its auction has only itself in it, and its last cheque ends the round.
    const { state: after, events } = play(state, call(1), bid(1, 8));
    expect(events).toContainEqual({ type: 'auction-opened', kind: 'court', trigger: 1, order: [1] });
    expect(events).toContainEqual({ type: 'round-ended', round: 1, reason: 'cheques' });
    expect(after.round).toBe(2);
  });

  it('R8.2 next round: every cheque face up again, row and police line discarded, the centre cheque stays, piles continue', () => {
    const { before, state } = endRoundOne();
    expect(state.round).toBe(2);
    expect(state.row).toEqual([]);
    expect(state.policeLine).toBe(0);
    expect(state.centre).toBe(before.centre);
    expect(state.pileSizes).toEqual(before.pileSizes.map((n, i) => n - (i === 0 ? 1 : 0)));
    state.players.forEach((p, seat) => {
      expect(p.faceDown).toEqual([]);
      expect(p.faceUp.length).toBe(SETS4[seat]?.length);
    });
  });

  it('R8.3 after round 3 the game is over; the highest total wins and ties share the win', () => {
    expect(winners([10, 14, 14, 3])).toEqual([1, 2]);
    let state = newGame({ names: FOUR, seed: 'r83' });
    const rng = { i: 0 };
    while (state.phase.kind !== 'over') {
      const legal = legalActions(state);
      const result = apply(state, legal[rng.i++ % legal.length] as (typeof legal)[number]);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    expect(state.results.map((r) => r.round)).toEqual([1, 2, 3]);
    expect(legalActions(state)).toEqual([]);
    const summary = summarize(state);
    expect(summary.finished).toBe(true);
    expect(summary.winners).toEqual(winners(summary.total));
    expect(apply(state, draw(0))).toMatchObject({ ok: false, error: { code: 'game/over', rule: 'R8.3' } });
  });
});

describe('R9 what is public', () => {
  it('R9 a view shows every estate, cheque and pile size but never the piles, the deck or the PRNG', () => {
    const game = newGame({ names: FOUR, seed: 'r9' });
    for (const viewer of [null, 0, 3]) {
      const v = view(game, viewer);
      expect(v.viewer).toBe(viewer);
      expect(v.pileSizes).toEqual([60, 60]);
      expect(v.players).toEqual(game.players);
      expect(JSON.stringify(v)).not.toMatch(/secret|deck|pileTops|rng|seed|setup/);
      expect(JSON.stringify(v)).not.toContain(JSON.stringify(game.secret.deck.slice(0, 5)).slice(1, -1));
      expect(Object.keys(v).sort()).toEqual(
        ['centre', 'names', 'outOfPlay', 'phase', 'pileSizes', 'players', 'policeLimit', 'policeLine', 'results', 'round', 'row', 'version', 'viewer'].sort(),
      );
    }
  });
});

/** Passes every remaining chance of the running auction. */
function passAuction(state: GameState): GameState {
  while (state.phase.kind === 'auction') {
    const a = legalActions(state).find((x) => x.type === 'pass');
    if (!a) throw new Error('a forced bid: cannot pass');
    ({ state } = play(state, a));
  }
  return state;
}

function turnSeat(state: GameState): number {
  if (state.phase.kind !== 'turn') throw new Error(`not a turn: ${state.phase.kind}`);
  return state.phase.seat;
}

/** Round 1 of a stacked game ending by police: seat 0 holds a car, a casino, a ring, a driver and a gold. */
function endRoundOne(): { before: GameState; state: GameState } {
  const pile: CardKind[] = ['car', 'business:casino', 'trinket:ring', 'driver', 'gold', 'police'];
  let state = start(stackedSetup({ cheques: SETS4, pile0: [...pile, ...Array<CardKind>(6).fill('police')] }));
  // Seats 3, 0, 1, 2, 3 draw booty; seat 0 draws the first police card and wins the five cards with its 3.
  ({ state } = play(state, draw(3), draw(0), draw(1), draw(2), draw(3), draw(0), pass(1), pass(2), pass(3), bid(0, 3)));
  expect((state.players[0] as PlayerState).estate.gold).toBe(1);
  for (let police = 2; police <= 6; police++) state = passAuction(play(state, draw(turnSeat(state))).state);
  const before = state;
  ({ state } = play(state, draw(turnSeat(state))));
  return { before, state };
}
