// Every statement of the English rulebook (restated in docs/rules/robbery.md) that can be shown in play, each its own test
// named by the sentence, played with the engine. The rulebook has no worked examples with names; its
// sentences are the examples. Rule numbers refer to docs/rules/robbery.md.

import { describe, expect, it } from 'vitest';
import { RAID_NAMES, allTiles, fullDeck, legalActions, raidValues, robbery, view, type Tile, type TileValue } from '../src/index.ts';
import { act, acts, newGame, play, randomGame, refusal, table } from './helpers.ts';

const tiles = (raid: 1 | 2 | 3 | 4, ...values: TileValue[]): Tile[] => values.map((value) => ({ raid, value }));

describe('rulebook: contents and set-up', () => {
  it('“36 Loot tiles (9 tiles each for 4 raids)”', () => {
    expect(allTiles()).toHaveLength(36);
  });

  it('“55 cards: 6 Boss cards, 6 Guard Dog cards, 7 Greedy Thief cards, 36 Number cards from 0-5”', () => {
    const deck = fullDeck();
    expect(deck).toHaveLength(55);
    expect(deck.filter((c) => typeof c === 'number')).toHaveLength(36);
  });

  it('“Place the Guard Dog figure in the middle. Shuffle the cards. Give each player a hand of five cards and keep the remaining cards face down in a draw pile.”', () => {
    const state = newGame(5, 'setup');
    expect(state.dog).toBeNull();
    expect(state.players.map((p) => p.hand.length)).toEqual([5, 5, 5, 5, 5]);
    expect(state.deck).toHaveLength(30);
    expect(view(state, null).deckSize).toBe(30);
  });

  it('“At the beginning of each raid, place all the Loot tiles of the respective raid in the middle.”', () => {
    const seen: number[] = [];
    randomGame(newGame(3, 'raids'), 'raids', ({ before, after }) => {
      if (after.raid !== before.raid) {
        expect(after.middle).toEqual(raidValues(after.raid));
        seen.push(after.raid);
      }
    });
    expect(seen).toEqual([2, 3, 4]);
  });

  it('“The Guard Dog figure only starts in the middle during Raid 1.”: it is not put back for later raids', () => {
    const state = table({ middle: [3], dog: 1, seats: [{ hand: [3, 0, 0, 0, 0] }, { loot: [0, 1, 2, 3, 3, 4, 5, 'boss'] }] });
    expect(act(state, 0, play(3)).state.dog).toBe(1);
  });

  it('“Raids are played in the following order: Sketches, Sculptures, Antiquities, Paintings”', () => {
    expect([1, 2, 3, 4].map((r) => RAID_NAMES[r as 1])).toEqual(['sketches', 'sculptures', 'antiquities', 'paintings']);
  });
});

describe('rulebook: how to play', () => {
  it('“On your turn, play a card from your hand face up onto the discard pile in the middle. Then take the tile shown on the card, either from the middle or from another player, and place it face up in front of you.”', () => {
    const state = table({ middle: [0, 1, 2], seats: [{ hand: [2, 3, 0, 0, 0] }, { loot: [3] }] });
    const first = act(state, 0, play(2)).state;
    expect(first.discard).toEqual([2]);
    expect(view(first, 1).players[0]?.loot).toEqual([2]);
    const second = act(act(first, 1, play(4)).state, 0, play(3, { from: 1 })).state;
    expect(view(second, null).players[0]?.loot).toEqual([2, 3]);
  });

  it('“Finally, end your turn by drawing the top card of the draw pile to replenish your hand to five cards.”', () => {
    const { state } = act(table({ deck: ['dog'], seats: [{}, {}] }), 0, play(0));
    expect(state.players[0]?.hand).toContain('dog');
    expect(state.players[0]?.hand).toHaveLength(5);
  });

  it('“When the draw pile is emptied, reshuffle the discard pile into a new draw pile.”', () => {
    const { state } = act(table({ deck: [], discard: [4, 5], seats: [{}, {}] }), 0, play(0));
    expect(robbery.pending(state)).toEqual({ kind: 'chance', chance: { kind: 'shuffle', size: 3 } });
    const r = robbery.resolve(state, { kind: 'shuffle', order: [0, 1, 2] });
    expect(r.ok && r.state.deck).toEqual([5, 0]);
    expect(r.ok && r.state.players[0]?.hand).toContain(4);
  });

  it('“If you play a card that does not let you take a tile, nothing else happens.”', () => {
    const state = table({ middle: [1], seats: [{ hand: [5, 0, 0, 0, 0] }, {}] });
    const { state: next, events } = act(state, 0, play(5));
    expect(events.map((e) => e.type)).toEqual(['played', 'no-effect', 'drew']);
    expect(next.middle).toEqual([1]);
    expect(next.players.map((p) => p.loot)).toEqual([[], []]);
  });
});

describe('rulebook: the cards', () => {
  it('“When you play a Number card, take the corresponding Loot tile from the middle of the table. If there are multiple tiles with the same value, only take one.”', () => {
    const { state } = act(table({ seats: [{}, {}] }), 0, play(3));
    expect(state.players[0]?.loot).toEqual([3]);
    expect(state.middle.filter((v) => v === 3)).toHaveLength(2);
  });

  it('“If there are no tiles with that value in the middle, steal a tile with that value from another player.”', () => {
    const state = table({ middle: [0], seats: [{ hand: [4, 0, 0, 0, 0] }, {}, { loot: [4] }] });
    expect(legalActions(state, 0)).toContainEqual(play(4, { from: 2 }));
    expect(act(state, 0, play(4, { from: 2 })).state.players[0]?.loot).toEqual([4]);
  });

  it('“Take the Guard Dog figure when you play a Guard Dog card.”', () => {
    expect(act(table({ seats: [{ hand: ['dog', 0, 0, 0, 0] }, {}] }), 0, play('dog')).state.dog).toBe(0);
  });

  it('“If you steal a tile from another player who has the Guard Dog figure, then they can decide to give you the Guard Dog figure instead of the tile.”', () => {
    const state = table({ middle: [0], dog: 1, seats: [{ hand: [5, 0, 0, 0, 0] }, { loot: [5] }] });
    const asked = act(state, 0, play(5, { from: 1 })).state;
    const gaveDog = act(asked, 1, { type: 'guard', give: 'dog' }).state;
    expect([gaveDog.dog, gaveDog.players[1]?.loot]).toEqual([0, [5]]);
    const gaveTile = act(asked, 1, { type: 'guard', give: 'tile' }).state;
    expect([gaveTile.dog, gaveTile.players[0]?.loot]).toEqual([1, [5]]);
  });

  it('“When you play a Greedy Thief card, take a single tile of your choice from the middle.”', () => {
    const { state } = act(table({ seats: [{ hand: ['greedy', 0, 0, 0, 0] }, {}] }), 0, play('greedy', { take: 5 }));
    expect(state.players[0]?.loot).toEqual([5]);
  });

  it('“You cannot use this card to take a tile from another player.”', () => {
    const state = table({ middle: [0], seats: [{ hand: ['greedy', 0, 0, 0, 0] }, { loot: [5] }] });
    expect(legalActions(state, 0).filter((a) => a.type === 'play' && a.card === 'greedy')).toEqual([play('greedy', { take: 0 })]);
    expect(refusal(state, 0, play('greedy', { from: 1 }))).toMatchObject({ rule: 'B7.1' });
  });

  it('“When you play a Boss card, take the Boss tile.”', () => {
    expect(act(table({ seats: [{ hand: ['boss', 0, 0, 0, 0] }, {}] }), 0, play('boss')).state.players[0]?.loot).toEqual(['boss']);
  });

  it('“At the end of the round, you can only keep the Boss tile if you also hold a 4 or 5 value tile from the same round, otherwise you must discard the Boss tile.”', () => {
    const end = (loot: TileValue[]) =>
      act(table({ middle: [3], seats: [{ hand: [3, 0, 0, 0, 0] }, { loot }] }), 0, play(3)).state.players[1]?.banked.some((t) => t.value === 'boss');
    expect(end(['boss', 4])).toBe(true);
    expect(end(['boss', 5])).toBe(true);
    expect(end(['boss', 3, 2])).toBe(false);
  });
});

describe('rulebook: alibis, the end of a raid and of the game', () => {
  it('“On certain Loot tiles, like the number 0 tiles, you will find white dots called Alibis. Every white dot counts as one Alibi.”', () => {
    const state = table({ raid: 2, middle: [0, 1], seats: [{}, { banked: tiles(1, 0, 3) }] });
    expect(view(state, 1).alibis).toBe(2);
  });

  it('“A raid ends as soon as the last tile is taken from the middle.”', () => {
    const state = table({ middle: [2], seats: [{ hand: [2, 0, 0, 0, 0] }, { loot: [0, 1, 3, 3, 3, 4, 5, 'boss'] }] });
    expect(act(state, 0, play(2)).events).toContainEqual({ type: 'raid-ended', raid: 1, seat: 0 });
  });

  it('“The player who has the Boss tile may only keep this tile if they also hold a 4 or 5 value tile from the same raid – otherwise the Boss tile is returned to the box”', () => {
    const { state, events } = act(table({ middle: [3], seats: [{ hand: [3, 0, 0, 0, 0] }, { loot: ['boss', 0] }] }), 0, play(3));
    expect(events).toContainEqual({ type: 'boss-check', raid: 1, seat: 1, kept: false });
    expect(state.box).toEqual([{ raid: 1, value: 'boss' }]);
  });

  it('“All players put their Loot tiles in a facedown stack in front of them. They are now safe and can\'t be stolen by other players.”', () => {
    const { state } = act(table({ middle: [3], seats: [{ hand: [3, 4, 0, 0, 0] }, { loot: [4, 'boss'] }] }), 0, play(3));
    expect(state.players[1]?.loot).toEqual([]);
    expect(view(state, 0).players[1]).toEqual({ handSize: 5, loot: [], bankedCounts: [2, 0, 0, 0] });
    // later in raid 2, with no 4 left in the middle: the banked 4 of raid 1 cannot be stolen
    const later = table({ raid: 2, middle: [0, 1], seats: [{ hand: [4, 0, 0, 0, 0] }, { banked: state.players[1]?.banked }] });
    expect(legalActions(later, 0).filter((a) => a.type === 'play' && a.card === 4)).toEqual([play(4)]);
    expect(act(later, 0, play(4)).state.players[1]?.banked).toEqual(tiles(1, 4, 'boss'));
  });

  it('“Then prepare the next raid. Place all the Loot tiles for the next raid face up in the middle. Keep your hand of cards as is for the next raid. Do not shuffle the deck.”', () => {
    const before = table({ middle: [3], deck: [5, 'dog', 'boss'], discard: [1], seats: [{ hand: [3, 0, 0, 0, 0] }, { hand: [2, 2, 2, 2, 2] }] });
    const { state } = act(before, 0, play(3));
    expect(state.middle).toEqual(raidValues(2));
    expect(state.players[1]?.hand).toEqual([2, 2, 2, 2, 2]);
    expect(state.deck).toEqual(['dog', 'boss']);
    expect(state.discard).toEqual([1, 3]);
  });

  it('“The player with the Guard Dog figure keeps it and starts the new raid.”', () => {
    const { state } = act(table({ middle: [3], dog: 2, seats: [{ hand: [3, 0, 0, 0, 0] }, {}, {}] }), 0, play(3));
    expect([state.dog, state.phase]).toEqual([2, { kind: 'turn', seat: 2 }]);
  });

  it('“The game ends after the fourth raid.”', () => {
    const { state } = randomGame(newGame(4, 'four raids'), 'four raids');
    expect(state.raid).toBe(4);
    expect(state.phase).toEqual({ kind: 'over' });
    expect(state.players.reduce((n, p) => n + p.banked.length, 0) + state.box.length).toBe(36);
  });

  it('“With three to five players, the player with the fewest Alibis is arrested (eliminated); if there is a tie, all players with the lowest number of Alibis are eliminated.”', () => {
    const last = (banked: Tile[][]) => act(table({ raid: 4, middle: [3], seats: banked.map((b, s) => ({ hand: s === 0 ? [3, 0, 0, 0, 0] : undefined, banked: b })) }), 0, play(3)).state;
    expect(last([tiles(1, 0), tiles(2, 1), tiles(3, 5)]).reckoning?.arrested).toEqual([2]);
    expect(last([tiles(1, 0), tiles(2, 5), tiles(3, 5), tiles(3, 1)]).reckoning?.arrested).toEqual([1, 2]);
  });

  it('“With two players, the player with the fewest Alibis is not eliminated, but they must discard tiles with a total value of 10.”', () => {
    const { state } = act(table({ raid: 4, middle: [3], seats: [{ hand: [3, 0, 0, 0, 0], banked: tiles(1, 0) }, { banked: [...tiles(2, 5, 4, 3), ...tiles(3, 3, 2)] }] }), 0, play(3));
    expect(state.reckoning?.arrested).toEqual([]);
    const choice = legalActions(state, 1)[0];
    if (choice?.type !== 'discard') throw new Error('seat 1 is to discard');
    expect(choice.tiles.reduce((s, t) => s + (t.value === 'boss' ? 5 : t.value), 0)).toBe(10);
    expect(act(state, 1, choice).state.result?.scores).toEqual([3, 7]);
  });

  it('“Loot: Next, players add up the values of their Loot tiles. Each Boss tile is worth 5 points.”', () => {
    const { state } = act(table({ raid: 4, middle: [3], seats: [{ hand: [3, 0, 0, 0, 0], banked: [...tiles(1, 0, 'boss', 4), ...tiles(2, 'boss', 5)] }, { banked: tiles(3, 0, 1, 2) }, { banked: tiles(4, 0) }] }), 0, play(3));
    expect(state.result?.scores).toEqual([3 + 5 + 4 + 5 + 5, 3, 0]);
  });

  it('“The player with the most points wins!”', () => {
    const { state } = acts(table({ raid: 4, middle: [3], seats: [{ hand: [3, 0, 0, 0, 0], banked: tiles(1, 0) }, { banked: tiles(2, 0, 5) }, { banked: tiles(3, 0, 4) }] }), [0, play(3)]);
    expect(state.result).toEqual({ scores: [3, 5, 4], winners: [1], byAlibis: false, places: [3, 1, 2] });
  });

  it('“If there is a tie, the tied players count their Alibis. The player with the most Alibis wins.”', () => {
    const last = (second: Tile[]) =>
      act(table({ raid: 4, middle: [3], seats: [{ hand: [3, 0, 0, 0, 0], banked: tiles(1, 0, 5) }, { banked: second }, { banked: tiles(3, 1) }] }), 0, play(3)).state;
    // seat 2 has the fewest alibis (1) and is arrested; seats 0 (2 alibis) and 1 (3) remain
    expect(last([...tiles(4, 0, 4), ...tiles(2, 3)]).result).toEqual({ scores: [8, 7, 1], winners: [0], byAlibis: false, places: [1, 2, 3] });
    expect(last([...tiles(4, 0, 4), ...tiles(2, 4)]).result).toEqual({ scores: [8, 8, 1], winners: [1], byAlibis: true, places: [2, 1, 3] });
  });
});
