// Robbery on the game contract: the platform's conformance checks at every player count, and what the contract
// adds: awaited seats (the Guard Dog's holder among them), chance for every reshuffle, the legal list a client
// computes from its view, sampling from a view, and records through the generic replay.

import { checkConformance, checkFairRecord, optionVariants } from '@razzia/contract/conformance';
import { Rng, replay, step } from '@razzia/contract';
import { describe, expect, it } from 'vitest';
import { legalActions, legalInView, robbery, unseenCards, view, type GameState } from '../src/index.ts';
import { act, newGame, play, randomGame, table } from './helpers.ts';

describe('Robbery satisfies the game contract', () => {
  it('a fair record played with every combination of its options verifies, as the server records it', () => {
    expect(optionVariants(robbery)).toEqual([{ memoryAid: false }, { memoryAid: true }]);
    for (const options of optionVariants(robbery))
      expect(checkFairRecord(robbery, { players: 3, options }), JSON.stringify(options)).toMatchObject({ ok: true });
  });

  for (const players of [2, 3, 4, 5])
    it(`at ${players} players: legal lists, purity, schemas, addressing, records and sampling over 40 random games`, () => {
      const report = checkConformance(robbery, { players, games: 40 });
      expect(report.games).toBe(40);
      expect(report.decisions).toBeGreaterThan(40 * 50);
      expect(report.chances).toBeGreaterThan(0); // B3.2: reshuffles are chance
      expect(report.maxAwaited).toBe(1); // one decider at a time
      // B8.3: each of the four raids' end is a moment, told with one decider at a time: nothing stays open across it.
      expect(report.moments).toBe(40 * 4);
      expect(report.momentsOverOpenDecisions).toBe(0);
    });

  it('with the memory aid on (a table option): the same checks over 10 games at 3 players, and the record keeps the option', () => {
    expect(checkConformance(robbery, { players: 3, games: 10, options: { memoryAid: true } }).games).toBe(10);
    expect(robbery.schemas.options.parse({})).toEqual({ memoryAid: false });
    const setup = robbery.deal({ names: ['Ann', 'Ben'], options: { memoryAid: true } }, Rng.fromSeed('aid'));
    const record = robbery.record.write({ setup, moves: [] });
    expect(record.memoryAid).toBe(true);
    const read = robbery.record.read(JSON.parse(JSON.stringify(record)));
    expect(read.ok && read.setup.memoryAid).toBe(true);
    const started = robbery.start(setup);
    expect(started.ok && robbery.view(started.state, null).memoryAid).toBe(true);
    // Off (the default), the record has no such key, as before the option existed.
    expect(robbery.record.write({ setup: robbery.deal({ names: ['Ann', 'Ben'], options: {} }, Rng.fromSeed('aid')), moves: [] })).not.toHaveProperty('memoryAid');
  });

  it('the identity: id, name, designer and seats', () => {
    expect([robbery.id, robbery.name, robbery.designer, robbery.seats]).toEqual(['robbery', 'Robbery', 'Reiner Knizia', { min: 2, max: 5 }]);
    expect(Object.keys(robbery.bots).sort()).toEqual(['greedy', 'random']);
  });

  it('awaits the seat on turn, or the robbed Guard Dog holder (not the player on turn) until they answer', () => {
    const state = table({ middle: [0], dog: 2, seats: [{ hand: [4, 1, 1, 1, 1] }, {}, { loot: [4] }] });
    expect(robbery.pending(state)).toEqual({ kind: 'decide', seats: [0] });
    const asked = act(state, 0, play(4, { from: 2 })).state;
    expect(robbery.pending(asked)).toEqual({ kind: 'decide', seats: [2] });
  });

  it('every reshuffle is a pending shuffle of the discard pile’s size, which only chance may resolve', () => {
    const waiting = act(table({ deck: [], discard: [0, 1, 2, 3], seats: [{}, {}] }), 0, play(4)).state;
    expect(robbery.pending(waiting)).toEqual({ kind: 'chance', chance: { kind: 'shuffle', size: 5 } });
    expect(step(robbery, waiting, { seat: 1, action: play(0) })).toMatchObject({ ok: false, error: { code: 'chance/pending' } });
    expect(step(robbery, waiting, { chance: { kind: 'shuffle', order: [0, 1, 2, 3] } })).toMatchObject({ ok: false, error: { code: 'chance/bad-outcome' } });
    expect(step(robbery, waiting, { chance: { kind: 'shuffle', order: [4, 3, 2, 1, 0] } })).toMatchObject({ ok: true });
    expect(step(robbery, newGame(2, 'c'), { chance: { kind: 'shuffle', order: [0] } })).toMatchObject({ ok: false, error: { code: 'chance/not-pending' } });
  });

  it('the legal list a client computes from its own view is the engine’s, for every seat at every step', () => {
    for (const players of [2, 3, 4, 5])
      randomGame(newGame(players, `legal-${players}`), `legal-${players}`, ({ after }) => {
        for (let seat = 0; seat < players; seat++) expect(legalInView(view(after, seat))).toEqual(legalActions(after, seat));
        expect(legalInView(view(after, null))).toEqual([]);
      });
  });

  it('a sampled state keeps everything the seat sees, deals the unseen cards to the other hands and the pile, and the others’ banked tiles by count', () => {
    const { state } = randomGame(newGame(4, 'sample'), 'sample', undefined, 150);
    expect(state.raid).toBeGreaterThan(1);
    const seen = view(state, 1);
    const sampled = robbery.sample?.(seen, 1, Rng.fromSeed('s')) as GameState;
    expect(view(sampled, 1)).toEqual(seen);
    const hidden = (s: GameState) => [...s.deck, ...s.players.flatMap((p, seat) => (seat === 1 ? [] : p.hand))].map(String).sort();
    expect(hidden(sampled)).toEqual(hidden(state));
    expect(hidden(sampled)).toEqual(unseenCards(seen).map(String).sort());
    const others = (s: GameState) => s.players.flatMap((p, seat) => (seat === 1 ? [] : p.banked)).map((t) => `${t.raid}:${t.value}`).sort();
    expect(others(sampled)).toEqual(others(state));
    for (const [seat, p] of sampled.players.entries()) expect(p.banked.length).toBe(state.players[seat]?.banked.length);
  });

  it('with two players the sample knows the other’s banked tiles exactly: they are all the banked tiles the seat does not hold', () => {
    const { state } = randomGame(newGame(2, 'sample2'), 'sample2', undefined, 120);
    const sampled = robbery.sample?.(view(state, 0), 0, Rng.fromSeed('t')) as GameState;
    expect(sampled.players[1]?.banked).toEqual(state.players[1]?.banked);
  });

  it('replays a record through the generic replay to the same state', () => {
    const game = newGame(3, 'replay');
    const { state, moves } = randomGame(game, 'replay');
    const setup = robbery.deal({ names: game.names, options: {} }, Rng.fromSeed('replay'));
    const replayed = replay(robbery, JSON.parse(JSON.stringify(robbery.record.write({ setup, moves }))));
    expect(replayed.ok && replayed.state).toEqual(state);
  });
});
