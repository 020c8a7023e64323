// At least one test for every rule B1–B9 of docs/rules/robbery.md, named after it.

import { describe, expect, it } from 'vitest';
import {
  CARD_KINDS,
  DECK_SIZE,
  RAIDS,
  TILES,
  alibiCount,
  allTiles,
  dealWith,
  discardChoices,
  fullDeck,
  legalActions,
  pointsOf,
  raidValues,
  resolve,
  robbery,
  startGame,
  summarize,
  view,
  type Card,
  type GameState,
  type Tile,
  type TileValue,
} from '../src/index.ts';
import { Rng } from '@razzia/contract';
import { NAMES, act, acts, newGame, play, refusal, table } from './helpers.ts';

const count = <T>(items: readonly T[], item: T) => items.filter((x) => x === item).length;
const tiles = (raid: 1 | 2 | 3 | 4, ...values: TileValue[]): Tile[] => values.map((value) => ({ raid, value }));

describe('B1 components', () => {
  it('B1.1 two to five players: a deal or a set-up for one or six is refused', () => {
    expect(() => dealWith(['solo'], Rng.fromSeed('x'))).toThrow(/2 to 5/);
    expect(() => dealWith(NAMES.concat('Fay'), Rng.fromSeed('x'))).toThrow(/2 to 5/);
    expect(startGame({ names: ['solo'], deck: fullDeck() })).toMatchObject({ ok: false, error: expect.stringContaining('B1.1') });
    for (const n of [2, 3, 4, 5]) expect(newGame(n, 'b1').players).toHaveLength(n);
  });

  it('B1.2 the deck holds 55 cards: six each of 0 to 5, six Boss, six Guard Dog and seven Greedy Thief cards', () => {
    const deck = fullDeck();
    expect(deck).toHaveLength(DECK_SIZE);
    for (const v of [0, 1, 2, 3, 4, 5] as Card[]) expect(count(deck, v)).toBe(6);
    expect([count(deck, 'boss'), count(deck, 'dog'), count(deck, 'greedy')]).toEqual([6, 6, 7]);
    expect(CARD_KINDS).toHaveLength(9);
  });

  it('B1.3 four raids of nine tiles each: 0, 1, 2, 3, 3, 3, 4, 5 and the Boss, with the alibi dots of the table', () => {
    for (const raid of RAIDS) expect(raidValues(raid)).toEqual([0, 1, 2, 3, 3, 3, 4, 5, 'boss']);
    const dots = (raid: 1 | 2 | 3 | 4) => TILES[raid].filter((t) => t.alibis > 0).map((t) => [t.value, t.alibis]);
    expect(dots(1)).toEqual([[0, 2]]);
    expect(dots(2)).toEqual([[0, 2], [1, 1]]);
    expect(dots(3)).toEqual([[0, 2], [1, 1], [2, 1]]);
    expect(dots(4)).toEqual([[0, 2], [1, 1], [2, 1], [4, 1], [5, 1]]);
    expect(alibiCount(allTiles())).toBe(15);
  });

  it('B1.3 tiles of one raid with the same value are identical (the table gives them the same dots)', () => {
    for (const raid of RAIDS)
      for (const a of TILES[raid]) for (const b of TILES[raid]) if (a.value === b.value) expect(a.alibis).toBe(b.alibis);
  });

  it('B1.3 the Boss tile scores 5 and has no alibi', () => {
    expect(pointsOf('boss')).toBe(5);
    for (const raid of RAIDS) expect(TILES[raid].find((t) => t.value === 'boss')?.alibis).toBe(0);
  });

  it('B1.4 the Guard Dog is not a tile and scores nothing: the holder at the end scores only its tiles', () => {
    const state = table({ raid: 4, middle: [3], dog: 1, seats: [{ hand: [3, 0, 0, 0, 0], banked: tiles(1, 5) }, { banked: tiles(1, 0) }, {}] });
    const { state: end } = act(state, 0, play(3));
    expect(end.result?.scores).toEqual([8, 0, 0]);
  });
});

describe('B2 set-up', () => {
  it('B2.1 seat 0 takes the top five cards, seat 1 the next five, …; the rest is the draw pile, the discard pile is empty', () => {
    const setup = dealWith(NAMES.slice(0, 3), Rng.fromSeed('b2'));
    const started = startGame(setup);
    if (!started.ok) throw new Error(started.error);
    const sorted = (cards: readonly Card[]) => [...cards].sort((a, b) => CARD_KINDS.indexOf(a) - CARD_KINDS.indexOf(b));
    for (const seat of [0, 1, 2]) expect(started.state.players[seat]?.hand).toEqual(sorted(setup.deck.slice(5 * seat, 5 * seat + 5)));
    expect(started.state.deck).toEqual(setup.deck.slice(15));
    expect(started.state.discard).toEqual([]);
  });

  it('B2.1 a deal that is not the 55 cards of B1.2 is refused', () => {
    const deck = fullDeck();
    deck[0] = 'boss';
    expect(startGame({ names: ['A', 'B'], deck })).toMatchObject({ ok: false, error: expect.stringContaining('B1.2') });
    expect(startGame({ names: ['A', 'B'], deck: deck.slice(1) })).toMatchObject({ ok: false });
  });

  it('B2.2 raid 1’s tiles and the Guard Dog are in the middle and seat 0 starts', () => {
    const state = newGame(4, 'b2.2');
    expect(state.raid).toBe(1);
    expect(state.middle).toEqual(raidValues(1));
    expect(state.dog).toBeNull();
    expect(robbery.pending(state)).toEqual({ kind: 'decide', seats: [0] });
  });
});

describe('B3 a turn', () => {
  it('B3.1 any card may be played, even one that takes nothing: it goes onto the discard pile and nothing else happens', () => {
    const state = table({ middle: [3], seats: [{ hand: [0, 1, 2, 4, 5] }, {}] });
    expect(legalActions(state, 0)).toEqual([0, 1, 2, 4, 5].map((card) => play(card as Card)));
    const { state: next, events } = act(state, 0, play(4));
    expect(events.slice(0, 2)).toEqual([
      { type: 'played', seat: 0, card: 4 },
      { type: 'no-effect', seat: 0, card: 4, reason: 'nowhere' },
    ]);
    expect(next.discard).toEqual([4]);
    expect(next.middle).toEqual([3]);
  });

  it('B3.1 a card that is not in the hand cannot be played', () => {
    const state = table({ seats: [{ hand: [0, 1, 2, 3, 4] }, {}] });
    expect(refusal(state, 0, play(5))).toMatchObject({ code: 'play/not-in-hand', rule: 'B3.1' });
    expect(refusal(state, 0, { type: 'play', card: 'joker' })).toMatchObject({ code: 'play/not-in-hand', rule: 'B3.1' });
  });

  it('B3.2 then the player draws the top card of the draw pile: back to five cards', () => {
    const state = table({ deck: ['boss', 'dog'], seats: [{}, {}] });
    const { state: next, events } = act(state, 0, play(0));
    expect(next.players[0]?.hand).toEqual([1, 2, 3, 4, 'boss']);
    expect(next.deck).toEqual(['dog']);
    expect(events.at(-1)).toEqual({ type: 'drew', seat: 0, card: 'boss' });
  });

  it('B3.2 a draw that finds the draw pile empty waits for the discard pile (the card just played included) to be shuffled', () => {
    const state = table({ deck: [], discard: ['dog', 'greedy'], seats: [{}, {}] });
    const { state: waiting } = act(state, 0, play(2));
    expect(robbery.pending(waiting)).toEqual({ kind: 'chance', chance: { kind: 'shuffle', size: 3 } });
    expect(legalActions(waiting, 0)).toEqual([]);
    expect(legalActions(waiting, 1)).toEqual([]);
    expect(waiting.players[0]?.hand).toHaveLength(4);
    // the order [2, 0, 1]: the card played last (2) on top, then the Guard Dog, then the Greedy Thief
    const r = resolve(waiting, { kind: 'shuffle', order: [2, 0, 1] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events).toEqual([
      { type: 'reshuffled', cards: 3 },
      { type: 'drew', seat: 0, card: 2 },
    ]);
    expect(r.state.deck).toEqual(['dog', 'greedy']);
    expect(r.state.discard).toEqual([]);
    expect(r.state.players[0]?.hand).toHaveLength(5);
    expect(r.state.phase).toEqual({ kind: 'turn', seat: 1 });
  });

  it('B3.2 a shuffle outcome that is not a permutation of the discard pile is refused', () => {
    const { state: waiting } = act(table({ deck: [], discard: ['dog'], seats: [{}, {}] }), 0, play(2));
    expect(resolve(waiting, { kind: 'shuffle', order: [0, 0] })).toMatchObject({ ok: false, error: { code: 'chance/bad-outcome' } });
    expect(resolve(waiting, { kind: 'die', value: 1 })).toMatchObject({ ok: false });
    expect(resolve(table({ seats: [{}, {}] }), { kind: 'shuffle', order: [] })).toMatchObject({ ok: false, error: { code: 'chance/not-pending' } });
  });

  it('B3.2 no decision is taken while the shuffle is pending', () => {
    const { state: waiting } = act(table({ deck: [], seats: [{}, {}] }), 0, play(2));
    expect(refusal(waiting, 1, play(0))).toMatchObject({ code: 'draw/reshuffle-pending', rule: 'B3.2' });
  });

  it('B3.3 then the next seat clockwise is on turn, and nobody else may play', () => {
    let state = table({ seats: [{}, {}, {}] });
    expect(refusal(state, 1, play(0))).toMatchObject({ code: 'turn/not-your-turn', rule: 'B3.3' });
    state = act(state, 0, play(0)).state;
    expect(state.phase).toEqual({ kind: 'turn', seat: 1 });
    state = act(state, 1, play(1)).state;
    state = act(state, 2, play(2)).state;
    expect(state.phase).toEqual({ kind: 'turn', seat: 0 });
  });

  it('B3.4 nobody steals from themself: a card whose only tile is one’s own takes nothing, and naming oneself is refused', () => {
    const state = table({ middle: [0, 1], seats: [{ hand: [3, 0, 0, 0, 0], loot: [3] }, {}] });
    expect(legalActions(state, 0)).toContainEqual(play(3));
    expect(refusal(state, 0, play(3, { from: 0 }))).toMatchObject({ code: 'steal/from-self', rule: 'B3.4' });
    expect(act(state, 0, play(3)).events[1]).toEqual({ type: 'no-effect', seat: 0, card: 3, reason: 'yours' });
  });

  it('B3.4 banked tiles of earlier raids are safe', () => {
    const state = table({ raid: 2, middle: [0, 1], seats: [{ hand: [3, 0, 0, 0, 0] }, { banked: tiles(1, 3, 3) }] });
    expect(legalActions(state, 0)).toContainEqual(play(3));
    expect(refusal(state, 0, play(3, { from: 1 }))).toMatchObject({ code: 'steal/banked', rule: 'B3.4' });
    expect(act(state, 0, play(3)).state.players[1]?.banked).toEqual(tiles(1, 3, 3));
  });
});

describe('B4 number cards', () => {
  it('B4.1 a number card takes a tile of its value from the middle, even when other players hold one too', () => {
    const state = table({ middle: [3, 4], seats: [{ hand: [3, 0, 0, 0, 0] }, { loot: [3] }] });
    expect(legalActions(state, 0).filter((a) => a.type === 'play' && a.card === 3)).toEqual([play(3)]);
    expect(refusal(state, 0, play(3, { from: 1 }))).toMatchObject({ code: 'steal/middle-first', rule: 'B4.1' });
    const { state: next, events } = act(state, 0, play(3));
    expect(events[1]).toEqual({ type: 'took', seat: 0, raid: 1, tile: 3, from: null });
    expect(next.middle).toEqual([4]);
    expect(next.players[0]?.loot).toEqual([3]);
    expect(next.players[1]?.loot).toEqual([3]);
  });

  it('B4.1 only a Greedy Thief chooses its tile: a number card with `take` is refused', () => {
    const state = table({ seats: [{}, {}] });
    expect(refusal(state, 0, play(3, { take: 3 }))).toMatchObject({ code: 'play/no-choice', rule: 'B4.1' });
  });

  it('B4.2 otherwise it steals one from a player who has one, and the steal must be made', () => {
    const state = table({ middle: [0], seats: [{ hand: [4, 1, 1, 1, 1] }, { loot: [4, 4] }, {}] });
    expect(legalActions(state, 0).filter((a) => a.type === 'play' && a.card === 4)).toEqual([play(4, { from: 1 })]);
    expect(refusal(state, 0, play(4))).toMatchObject({ code: 'steal/choose-victim', rule: 'B4.2' });
    expect(refusal(state, 0, play(4, { from: 2 }))).toMatchObject({ code: 'steal/no-such-tile', rule: 'B4.2' });
    expect(refusal(state, 0, play(4, { from: 5 }))).toMatchObject({ code: 'steal/no-such-seat', rule: 'B1.1' });
    const { state: next, events } = act(state, 0, play(4, { from: 1 }));
    expect(events[1]).toEqual({ type: 'took', seat: 0, raid: 1, tile: 4, from: 1 });
    expect(next.players[0]?.loot).toEqual([4]);
    expect(next.players[1]?.loot).toEqual([4]);
  });

  it('B4.2 with several players holding one, the player on turn chooses whom to rob', () => {
    const state = table({ middle: [0], seats: [{ hand: [3, 1, 1, 1, 1] }, { loot: [3] }, { loot: [3] }, { loot: [3, 5] }] });
    expect(legalActions(state, 0).filter((a) => a.type === 'play' && a.card === 3)).toEqual([
      play(3, { from: 1 }),
      play(3, { from: 2 }),
      play(3, { from: 3 }),
    ]);
    const { state: next } = act(state, 0, play(3, { from: 2 }));
    expect(next.players.map((p) => p.loot)).toEqual([[3], [3], [], [3, 5]]);
  });

  it('B4.2 if nobody has one, nothing happens', () => {
    const state = table({ middle: [0], seats: [{ hand: [5, 1, 1, 1, 1] }, { loot: [3] }] });
    expect(act(state, 0, play(5)).events[1]).toEqual({ type: 'no-effect', seat: 0, card: 5, reason: 'nowhere' });
  });

  it('B4.3 a number card never takes or steals a Boss tile, a 5 included', () => {
    const middle = table({ middle: ['boss', 0], seats: [{ hand: [5, 1, 1, 1, 1] }, {}] });
    expect(act(middle, 0, play(5)).state.middle).toEqual([0, 'boss']);
    const held = table({ middle: [0], seats: [{ hand: [5, 1, 1, 1, 1] }, { loot: ['boss'] }] });
    expect(legalActions(held, 0)).toContainEqual(play(5));
    expect(act(held, 0, play(5)).state.players[1]?.loot).toEqual(['boss']);
  });
});

describe('B5 the Boss card', () => {
  it('B5.1 takes the Boss tile from the middle', () => {
    const { state, events } = act(table({ seats: [{ hand: ['boss', 0, 0, 0, 0] }, {}] }), 0, play('boss'));
    expect(events[1]).toEqual({ type: 'took', seat: 0, raid: 1, tile: 'boss', from: null });
    expect(state.players[0]?.loot).toEqual(['boss']);
  });

  it('B5.1 else from the player who holds it', () => {
    const state = table({ middle: [0], seats: [{ hand: ['boss', 0, 0, 0, 0] }, {}, { loot: ['boss'] }] });
    expect(legalActions(state, 0)).toContainEqual(play('boss', { from: 2 }));
    expect(refusal(state, 0, play('boss'))).toMatchObject({ code: 'steal/choose-victim' });
    expect(refusal(state, 0, play('boss', { from: 1 }))).toMatchObject({ code: 'steal/no-such-tile', rule: 'B5.1' });
    expect(act(state, 0, play('boss', { from: 2 })).state.players[0]?.loot).toEqual(['boss']);
  });

  it('B5.1 if the player on turn holds it, nothing happens', () => {
    const state = table({ middle: [0], seats: [{ hand: ['boss', 0, 0, 0, 0], loot: ['boss'] }, {}] });
    expect(act(state, 0, play('boss')).events[1]).toEqual({ type: 'no-effect', seat: 0, card: 'boss', reason: 'yours' });
  });
});

describe('B6 the Guard Dog', () => {
  it('B6.1 a Guard Dog card takes the figure from the middle, or from another player', () => {
    const fromMiddle = act(table({ seats: [{ hand: ['dog', 0, 0, 0, 0] }, {}] }), 0, play('dog'));
    expect(fromMiddle.state.dog).toBe(0);
    expect(fromMiddle.events[1]).toEqual({ type: 'dog-taken', seat: 0, from: null });
    const fromPlayer = act(table({ dog: 1, seats: [{ hand: ['dog', 0, 0, 0, 0] }, {}] }), 0, play('dog'));
    expect(fromPlayer.state.dog).toBe(0);
    expect(fromPlayer.events[1]).toEqual({ type: 'dog-taken', seat: 0, from: 1 });
  });

  it('B6.1 if the player on turn has it already, nothing happens; naming somebody is refused', () => {
    const state = table({ dog: 0, seats: [{ hand: ['dog', 0, 0, 0, 0] }, {}] });
    expect(act(state, 0, play('dog')).events[1]).toEqual({ type: 'no-effect', seat: 0, card: 'dog', reason: 'yours' });
    expect(refusal(table({ dog: 1, seats: [{ hand: ['dog', 0, 0, 0, 0] }, {}] }), 0, play('dog', { from: 1 }))).toMatchObject({ rule: 'B6.1' });
  });

  const robbed = () => table({ middle: [0], dog: 1, seats: [{ hand: [4, 'boss', 1, 1, 1] }, { loot: [4, 'boss'] }, {}] });

  it('B6.2 a steal from the Guard Dog’s holder waits for the holder’s decision: give the tile or the dog', () => {
    const { state, events } = act(robbed(), 0, play(4, { from: 1 }));
    expect(events.slice(1)).toEqual([{ type: 'guard-asked', seat: 1, thief: 0, tile: 4 }]);
    expect(robbery.pending(state)).toEqual({ kind: 'decide', seats: [1] });
    expect(legalActions(state, 1)).toEqual([
      { type: 'guard', give: 'tile' },
      { type: 'guard', give: 'dog' },
    ]);
    expect(legalActions(state, 0)).toEqual([]);
    expect(refusal(state, 0, play(1))).toMatchObject({ code: 'guard/awaited', rule: 'B6.2' });
    expect(refusal(state, 0, { type: 'guard', give: 'tile' })).toMatchObject({ code: 'guard/not-asked', rule: 'B6.2' });
    expect(refusal(state, 1, { type: 'guard', give: 'cat' })).toMatchObject({ code: 'guard/give-tile-or-dog', rule: 'B6.2' });
    // the thief has not drawn yet
    expect(state.players[0]?.hand).toHaveLength(4);
  });

  it('B6.2 giving the tile: the tile moves, the holder keeps the dog, the thief draws and the next seat plays', () => {
    const { state: asked } = act(robbed(), 0, play(4, { from: 1 }));
    const { state, events } = act(asked, 1, { type: 'guard', give: 'tile' });
    expect(events.slice(0, 2)).toEqual([
      { type: 'guarded', seat: 1, thief: 0, tile: 4, give: 'tile' },
      { type: 'took', seat: 0, raid: 1, tile: 4, from: 1 },
    ]);
    expect(state.players[0]?.loot).toEqual([4]);
    expect(state.dog).toBe(1);
    expect(state.players[0]?.hand).toHaveLength(5);
    expect(state.phase).toEqual({ kind: 'turn', seat: 1 });
  });

  it('B6.2 giving the dog instead: the thief gets the figure, the tile stays', () => {
    const { state: asked } = act(robbed(), 0, play(4, { from: 1 }));
    const { state, events } = act(asked, 1, { type: 'guard', give: 'dog' });
    expect(events[1]).toEqual({ type: 'dog-taken', seat: 0, from: 1 });
    expect(state.dog).toBe(0);
    expect(state.players[1]?.loot).toEqual([4, 'boss']);
    expect(state.players[0]?.loot).toEqual([]);
  });

  it('B6.2 the Boss tile may be defended the same way', () => {
    const { state } = act(robbed(), 0, play('boss', { from: 1 }));
    expect(state.phase).toEqual({ kind: 'guard', seat: 1, thief: 0, tile: 'boss' });
    expect(act(state, 1, { type: 'guard', give: 'dog' }).state.players[1]?.loot).toContain('boss');
  });

  it('B6.2 a player without the dog is simply robbed', () => {
    const state = table({ middle: [0], dog: 2, seats: [{ hand: [4, 1, 1, 1, 1] }, { loot: [4] }, {}] });
    expect(act(state, 0, play(4, { from: 1 })).state.players[0]?.loot).toEqual([4]);
  });
});

describe('B7 the Greedy Thief', () => {
  it('B7.1 takes any one tile of the player’s choice from the middle, the Boss included: one legal choice per value', () => {
    const state = table({ middle: [0, 3, 3, 'boss'], seats: [{ hand: ['greedy', 1, 1, 1, 1] }, { loot: [5] }] });
    expect(legalActions(state, 0).filter((a) => a.type === 'play' && a.card === 'greedy')).toEqual([
      play('greedy', { take: 0 }),
      play('greedy', { take: 3 }),
      play('greedy', { take: 'boss' }),
    ]);
    const { state: next } = act(state, 0, play('greedy', { take: 'boss' }));
    expect(next.players[0]?.loot).toEqual(['boss']);
    expect(next.middle).toEqual([0, 3, 3]);
  });

  it('B7.1 never from a player, and the tile must be named and in the middle', () => {
    const state = table({ middle: [0, 3], seats: [{ hand: ['greedy', 1, 1, 1, 1] }, { loot: [5] }] });
    expect(refusal(state, 0, play('greedy', { from: 1 }))).toMatchObject({ code: 'greedy/not-from-player', rule: 'B7.1' });
    expect(refusal(state, 0, play('greedy', { take: 5 }))).toMatchObject({ code: 'greedy/not-in-middle', rule: 'B7.1' });
    expect(refusal(state, 0, play('greedy'))).toMatchObject({ code: 'greedy/choose', rule: 'B7.1' });
  });
});

describe('B8 end of a raid', () => {
  const lastTile = (over: Partial<Parameters<typeof table>[0]> = {}) =>
    table({ middle: [3], deck: ['dog', 'greedy'], seats: [{ hand: [3, 0, 0, 0, 0], loot: [0, 1, 5] }, { loot: [2, 3, 3, 4, 'boss'] }, {}], ...over });

  it('B8.1 a raid ends as soon as the last tile leaves the middle, and the player who took it still draws', () => {
    const { state, events } = act(lastTile(), 0, play(3));
    expect(events.map((e) => e.type)).toEqual(['played', 'took', 'raid-ended', 'boss-check', 'banked', 'raid-started', 'drew']);
    expect(events[2]).toEqual({ type: 'raid-ended', raid: 1, seat: 0 });
    expect(state.players[0]?.hand).toHaveLength(5);
  });

  it('B8.1 steals never end a raid', () => {
    const state = table({ middle: [0], seats: [{ hand: [4, 1, 1, 1, 1] }, { loot: [4] }] });
    expect(act(state, 0, play(4, { from: 1 })).state.raid).toBe(1);
  });

  it('B8.2 the Boss tile’s holder keeps it with a 4 or a 5 of this raid', () => {
    const { state, events } = act(lastTile(), 0, play(3));
    expect(events[3]).toEqual({ type: 'boss-check', raid: 1, seat: 1, kept: true });
    expect(state.players[1]?.banked).toContainEqual({ raid: 1, value: 'boss' });
    expect(state.box).toEqual([]);
  });

  it('B8.2 without a 4 or a 5 of this raid, the Boss tile goes back to the box (a banked 5 of an earlier raid does not help)', () => {
    const state = lastTile({ raid: 2, seats: [{ hand: [3, 0, 0, 0, 0], loot: [0, 1, 4, 5] }, { loot: [2, 3, 3, 'boss'], banked: tiles(1, 5) }, {}] });
    const { state: next, events } = act(state, 0, play(3));
    expect(events[3]).toEqual({ type: 'boss-check', raid: 2, seat: 1, kept: false });
    expect(next.box).toEqual([{ raid: 2, value: 'boss' }]);
    expect(next.players[1]?.banked).toEqual([...tiles(1, 5), ...tiles(2, 2, 3, 3)]);
  });

  it('B8.3 everyone banks this raid’s tiles face down: others see only how many', () => {
    const { state, events } = act(lastTile(), 0, play(3));
    expect(events[4]).toEqual({ type: 'banked', raid: 1, counts: [4, 5, 0] });
    expect(state.players.map((p) => p.loot)).toEqual([[], [], []]);
    expect(state.players[0]?.banked).toEqual(tiles(1, 0, 1, 3, 5));
    const seenBy2 = view(state, 2);
    expect(seenBy2.players.map((p) => p.bankedCounts)).toEqual([[4, 0, 0, 0], [5, 0, 0, 0], [0, 0, 0, 0]]);
    expect(JSON.stringify(seenBy2)).not.toContain('"raid":1,"value"');
    expect(view(state, 0).banked).toEqual(tiles(1, 0, 1, 3, 5));
    expect(view(state, 0).alibis).toBe(2);
  });

  it('B8.4 the next raid’s tiles go to the middle; hands, piles and the Guard Dog stay', () => {
    const before = lastTile({ dog: 2, discard: [1, 2] });
    const { state, events } = act(before, 0, play(3));
    expect(state.raid).toBe(2);
    expect(state.middle).toEqual(raidValues(2));
    expect(state.dog).toBe(2);
    expect(state.discard).toEqual([1, 2, 3]);
    expect(state.deck).toEqual(['greedy']);
    expect(state.players[1]?.hand).toEqual(before.players[1]?.hand);
    expect(events).toContainEqual({ type: 'raid-started', raid: 2, seat: 2 });
  });

  it('B8.4 a Guard Dog still in the middle stays there', () => {
    expect(act(lastTile(), 0, play(3)).state.dog).toBeNull();
  });

  it('B8.5 the next raid starts with the Guard Dog’s holder', () => {
    expect(act(lastTile({ dog: 2 }), 0, play(3)).state.phase).toEqual({ kind: 'turn', seat: 2 });
  });

  it('B8.5 even when the holder just ended the raid, who then plays twice running', () => {
    expect(act(lastTile({ dog: 0 }), 0, play(3)).state.phase).toEqual({ kind: 'turn', seat: 0 });
  });

  it('B8.5 with the dog in the middle, the seat after the one who ended the raid starts', () => {
    const state = lastTile({ turn: 2, seats: [{}, { loot: [2, 3, 3, 4, 'boss'] }, { hand: [3, 0, 0, 0, 0] }] });
    expect(act(state, 2, play(3)).state.phase).toEqual({ kind: 'turn', seat: 0 });
  });
});

describe('B9 end of the game', () => {
  /** Raid 4 with one tile left, which seat 0 takes with its 3. */
  const finale = (banked: Tile[][], over: Partial<Parameters<typeof table>[0]> = {}): GameState =>
    table({ raid: 4, middle: [3], deck: [], seats: banked.map((b, s) => ({ hand: s === 0 ? [3, 0, 0, 0, 0] : undefined, banked: b })), ...over });

  it('B9.1 after raid 4 the alibis are counted, and nobody draws', () => {
    const { state, events } = act(finale([tiles(1, 0), tiles(2, 1, 3), tiles(4, 4, 5)]), 0, play(3));
    expect(events).toContainEqual({ type: 'alibis-counted', alibis: [2, 1, 2], arrested: [1], discarding: [] });
    expect(events.some((e) => e.type === 'drew')).toBe(false);
    expect(state.players[0]?.hand).toHaveLength(4);
    expect(robbery.pending(state).kind).toBe('over');
  });

  it('B9.2 three to five players: the fewest alibis are arrested, all tied ones included, and cannot win', () => {
    const { state } = act(finale([tiles(1, 0, 5), tiles(2, 5, 5, 3), tiles(3, 1, 2), tiles(3, 3)]), 0, play(3));
    expect(state.reckoning?.alibis).toEqual([2, 0, 2, 0]);
    expect(state.reckoning?.arrested).toEqual([1, 3]);
    expect(state.result).toEqual({ scores: [8, 13, 3, 3], winners: [0], byAlibis: false, places: [1, 3, 2, 4] });
  });

  it('B9.2, B9.4 the places say the same: an arrested player ranks after every free player, whatever they scored', () => {
    // Seat 1 has the most loot (13) but no alibi: arrested, it ranks below seat 2's 3 points, not second.
    const { state } = act(finale([tiles(1, 0, 5), tiles(2, 5, 5, 3), tiles(3, 1, 2), tiles(3, 3)]), 0, play(3));
    const outcome = robbery.pending(state);
    expect(outcome).toEqual({ kind: 'over', outcome: { scores: [8, 13, 3, 3], winners: [0], places: [1, 3, 2, 4] } });
  });

  it('B9.2 if every player has the same number of alibis, nobody is arrested', () => {
    const { state } = act(finale([tiles(1, 5), tiles(2, 4), tiles(3, 3)]), 0, play(3));
    expect(state.reckoning?.alibis).toEqual([0, 0, 0]);
    expect(state.reckoning?.arrested).toEqual([]);
    expect(state.result?.winners).toEqual([0]);
  });

  it('B9.3 two players: the one with fewer alibis is not arrested but discards tiles worth exactly 10, of their choice', () => {
    const { state, events } = act(finale([tiles(1, 0, 5, 4), tiles(2, 5, 4, 3, 3, 2)]), 0, play(3));
    expect(events).toContainEqual({ type: 'alibis-counted', alibis: [2, 0], arrested: [], discarding: [1] });
    expect(robbery.pending(state)).toEqual({ kind: 'decide', seats: [1] });
    const k = (value: TileValue, alibis = 0) => ({ value, alibis });
    expect(legalActions(state, 1)).toEqual([
      { type: 'discard', tiles: [k(2), k(3), k(5)] },
      { type: 'discard', tiles: [k(3), k(3), k(4)] },
    ]);
    expect(legalActions(state, 0)).toEqual([]);
    const { state: end, events: after } = act(state, 1, { type: 'discard', tiles: [k(4), k(3), k(3)] });
    expect(after[0]).toEqual({ type: 'discarded', seat: 1, tiles: tiles(2, 3, 3, 4), points: 10 });
    expect(end.players[1]?.banked).toEqual(tiles(2, 2, 5));
    expect(end.result).toEqual({ scores: [12, 7], winners: [0], byAlibis: false, places: [1, 2] });
  });

  it('B9.3, B9.4 the alibi count is the one counted at B9.1: a discard does not change it, in the view, the reckoning or the record', () => {
    // Seat 0 (2 alibis) discards its 0 with two dots among its 10: its count stays 2 everywhere.
    const { state } = act(finale([[...tiles(1, 0, 5), ...tiles(2, 5)], [...tiles(3, 0, 1, 2, 5)]], { dog: 0 }), 0, play(3));
    expect(state.reckoning?.alibis).toEqual([2, 4]);
    expect(state.reckoning?.discarding).toEqual([0]);
    const { state: end } = act(state, 0, { type: 'discard', tiles: [{ value: 0, alibis: 2 }, { value: 5, alibis: 0 }, { value: 5, alibis: 0 }] });
    expect(end.players[0]?.banked).toEqual(tiles(4, 3));
    expect(view(end, 0).alibis).toBe(2);
    expect(view(end, 1).alibis).toBe(4);
    expect(end.reckoning?.alibis).toEqual([2, 4]);
    expect(summarize(end).alibis).toEqual([2, 4]);
  });

  it('B9.3 a discard that does not total 10, or of tiles the player does not hold, is refused', () => {
    const { state } = act(finale([tiles(1, 0, 5, 4), tiles(2, 5, 4, 3, 3, 2)]), 0, play(3));
    expect(refusal(state, 1, { type: 'discard', tiles: [{ value: 5, alibis: 0 }, { value: 4, alibis: 0 }] })).toMatchObject({ code: 'discard/total', rule: 'B9.3' });
    expect(refusal(state, 1, { type: 'discard', tiles: [{ value: 5, alibis: 0 }, { value: 5, alibis: 0 }] })).toMatchObject({ code: 'discard/not-yours', rule: 'B9.3' });
    expect(refusal(state, 1, { type: 'discard', tiles: [{ value: 5, alibis: 1 }, { value: 3, alibis: 0 }, { value: 2, alibis: 0 }] })).toMatchObject({ code: 'discard/not-yours' });
    expect(refusal(state, 0, { type: 'discard', tiles: [] })).toMatchObject({ code: 'discard/not-asked', rule: 'B9.3' });
  });

  it('B9.3 tiles of value 0 may be among the discarded: each choice is listed once by value and alibis', () => {
    const { state } = act(finale([tiles(1, 0).concat(tiles(2, 0)), tiles(3, 0).concat(tiles(2, 5, 5))]), 0, play(3));
    expect(legalActions(state, 1)).toEqual([
      { type: 'discard', tiles: [{ value: 5, alibis: 0 }, { value: 5, alibis: 0 }] },
      { type: 'discard', tiles: [{ value: 0, alibis: 2 }, { value: 5, alibis: 0 }, { value: 5, alibis: 0 }] },
    ]);
  });

  it('B9.3 with no choice worth exactly 10, the smallest total above 10 (here the only one, so it is made for the player)', () => {
    const { state, events } = act(finale([tiles(1, 0), tiles(2, 5, 3, 3)]), 0, play(3));
    expect(events).toContainEqual({ type: 'discarded', seat: 1, tiles: tiles(2, 3, 3, 5), points: 11 });
    expect(state.phase).toEqual({ kind: 'over' });
    expect(discardChoices([...tiles(2, 5, 4), ...tiles(3, 4, 3)]).map((c) => c.map((t) => t.value))).toEqual([[3, 4, 4]]);
  });

  it('B9.3 with all tiles worth less than 10, they are all discarded', () => {
    const { state, events } = act(finale([tiles(1, 0), tiles(2, 3, 3)]), 0, play(3));
    expect(events).toContainEqual({ type: 'discarded', seat: 1, tiles: tiles(2, 3, 3), points: 6 });
    expect(state.players[1]?.banked).toEqual([]);
    expect(state.result?.scores).toEqual([3, 0]);
  });

  it('B9.3 with equal alibis both discard, the one who would start the next raid first', () => {
    const banked = [[...tiles(1, 0, 5), ...tiles(2, 5)], [...tiles(3, 0, 5), ...tiles(2, 4)]];
    const { state, events } = act(finale(banked, { dog: 1 }), 0, play(3));
    expect(events).toContainEqual({ type: 'alibis-counted', alibis: [2, 2], arrested: [], discarding: [1, 0] });
    // seat 1's tiles make 9: all go, without a decision; then seat 0 chooses
    expect(events).toContainEqual({ type: 'discarded', seat: 1, tiles: [...tiles(2, 4), ...tiles(3, 0, 5)], points: 9 });
    expect(robbery.pending(state)).toEqual({ kind: 'decide', seats: [0] });
    expect(act(state, 0, { type: 'discard', tiles: [{ value: 5, alibis: 0 }, { value: 5, alibis: 0 }] }).state.result?.scores).toEqual([3, 0]);
    // with the dog in the middle, the seat after the one who ended raid 4 would start
    expect(act(finale(banked), 0, play(3)).events).toContainEqual({ type: 'alibis-counted', alibis: [2, 2], arrested: [], discarding: [1, 0] });
    expect(act(finale(banked, { dog: 0 }), 0, play(3)).events).toContainEqual({ type: 'alibis-counted', alibis: [2, 2], arrested: [], discarding: [0, 1] });
  });

  it('B9.4 the highest score wins; tied scores go to the most alibis', () => {
    const { state, events } = act(finale([tiles(1, 0, 5), tiles(2, 1, 4, 3), tiles(1, 3)]), 0, play(3));
    expect(state.reckoning?.arrested).toEqual([2]);
    expect(events.at(-1)).toEqual({ type: 'game-over', scores: [8, 8, 3], winners: [0], byAlibis: true });
    expect(state.result?.places).toEqual([1, 2, 3]);
  });

  it('B9.4 players still tied share the win', () => {
    const { state } = act(finale([tiles(1, 0, 5), tiles(3, 1, 2, 5), tiles(1, 3)]), 0, play(3));
    expect(state.result).toEqual({ scores: [8, 8, 3], winners: [0, 1], byAlibis: false, places: [1, 1, 3] });
    expect(robbery.pending(state)).toEqual({ kind: 'over', outcome: { scores: [8, 8, 3], winners: [0, 1], places: [1, 1, 3] } });
  });

  it('B9.5 the game is over: every banked and discarded tile is shown to everyone, and nobody may act', () => {
    const banked = [tiles(1, 0, 5, 4), tiles(2, 5, 4, 3, 3, 2)];
    const { state: asked } = act(finale(banked), 0, play(3));
    expect(view(asked, 0).final).toBeNull();
    const { state } = act(asked, 1, { type: 'discard', tiles: [{ value: 2, alibis: 0 }, { value: 3, alibis: 0 }, { value: 5, alibis: 0 }] });
    for (const viewer of [0, 1, null]) {
      const seen = view(state, viewer);
      expect(seen.final?.banked).toEqual([[...tiles(1, 0, 4, 5), ...tiles(4, 3)], tiles(2, 3, 4)]);
      expect(seen.reckoning?.discarded).toEqual([[], tiles(2, 2, 3, 5)]);
    }
    for (const seat of [0, 1]) expect(legalActions(state, seat)).toEqual([]);
    expect(refusal(state, 0, play(0))).toMatchObject({ code: 'game/over', rule: 'B9.5' });
  });
});
