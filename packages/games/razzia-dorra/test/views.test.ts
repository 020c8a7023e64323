// Hidden information (docs/rules/razzia-dorra.md): what each viewer sees, and what the events tell each of them.

import { Rng } from '@razzia/contract';
import { describe, expect, it } from 'vitest';
import { eventFor, GameViewSchema, legalInView, razziaDorra, sampleState, unseenCards, view, type GameEvent } from '../src/index.ts';
import { COLIBRI, HAVANA, JUNGLE, arranged, g, give, pick, pickAll, place, play, r, randomGame, refuse } from './helpers.ts';

const hands = [
  [g(COLIBRI, 6), g(HAVANA, 2), r(JUNGLE, 6)],
  [g(COLIBRI, 2), g(HAVANA, 3)],
  [g(HAVANA, 1), g(JUNGLE, 4)],
  [g(JUNGLE, 1), g(HAVANA, 6)],
];
const placing = arranged({ players: 4, hands, supply: [5, 10, 15, 20, 25, 30, 40] });

describe('views', () => {
  it('a seat sees its own hand; nobody sees another’s; a spectator sees no hand; hand sizes are public', () => {
    for (const seat of [0, 1, 2, 3]) {
      const v = view(placing, seat);
      expect(v.hand).toEqual(placing.hands[seat]);
      expect(v.handSizes).toEqual([5, 5, 5, 5]);
    }
    expect(view(placing, null).hand).toBeNull();
    expect(view(placing, 9).viewer).toBeNull(); // no such seat: a spectator's view
  });

  it('the deck’s and the supply’s contents are in no view: only their sizes', () => {
    for (const viewer of [0, 3, null]) {
      const v = view(placing, viewer);
      expect(v.deckSize).toBe(34);
      expect(v.supplySize).toBe(77);
      expect(Object.keys(v)).not.toContain('deck');
      expect(Object.keys(v)).not.toContain('supply');
    }
  });

  it('the extra chit is shown to everyone while the dealer places it (D3.1)', () => {
    expect(view(placing, 2).phase).toEqual({ kind: 'place', extra: 40 });
    expect(view(placing, null).phase).toEqual({ kind: 'place', extra: 40 });
  });

  it('a face-down card is seen by its owner only; everyone sees who has chosen; all are seen once revealed (D3.2, D3.3)', () => {
    const { state, events } = play(placing, place(0, COLIBRI), pick(2, g(HAVANA, 1)));
    expect(view(state, 2).table).toEqual([null, null, g(HAVANA, 1), null]);
    for (const viewer of [0, 1, 3, null]) {
      expect(view(state, viewer).table).toEqual([null, null, null, null]);
      expect(view(state, viewer).phase).toEqual({ kind: 'pick', chosen: [false, false, true, false] });
    }
    const picked = events.at(-1) as GameEvent;
    expect(eventFor(picked, 2)).toEqual({ type: 'picked', seat: 2, card: g(HAVANA, 1) });
    for (const viewer of [0, 1, 3, null]) expect(eventFor(picked, viewer)).toEqual({ type: 'picked', seat: 2, card: null });
    const revealed = play(state, pick(0, g(COLIBRI, 6)), pick(1, g(HAVANA, 3)), pick(3, g(JUNGLE, 1))).state;
    expect(view(revealed, null).table).toEqual([g(COLIBRI, 6), g(HAVANA, 3), g(HAVANA, 1), g(JUNGLE, 1)]);
  });

  it('dealt cards are told to their receiver only', () => {
    const started = razziaDorra.start({ names: ['A', 'B', 'C'] });
    if (!started.ok) throw new Error(started.error);
    const first = razziaDorra.resolve(started.state, { kind: 'shuffle', order: Array.from({ length: 72 }, (_, i) => i) });
    if (!first.ok) throw new Error(first.error.message);
    const second = razziaDorra.resolve(first.state, { kind: 'shuffle', order: Array.from({ length: 36 }, (_, i) => i) });
    if (!second.ok) throw new Error(second.error.message);
    const dealt = second.events.filter((e) => e.type === 'dealt');
    expect(dealt).toHaveLength(3);
    for (const e of dealt) {
      expect(razziaDorra.tell(e)).toEqual({ to: [e.seat], event: e, others: { ...e, cards: null } });
      expect(eventFor(e, e.seat)).toEqual(e);
      expect(eventFor(e, null)).toMatchObject({ cards: null, count: 5 });
    }
  });

  it('answers are secret until the last; then shown to all; the proposal and the dice are public (D5.3, D5.6)', () => {
    const cards = [g(COLIBRI, 6), g(COLIBRI, 2), g(HAVANA, 1), g(JUNGLE, 1)];
    const state = play(arranged({ players: 4, hands: cards.map((c) => [c]) }), place(0, COLIBRI), ...pickAll(cards), give(0, 0)).state;
    expect(view(state, null).phase).toMatchObject({ kind: 'propose', deal: { to: [0] } });
    const { state: after, events } = play(state, give(0, 0), refuse(1));
    expect(events.map((e) => eventFor(e, 3))).toContainEqual({ type: 'answers-shown', bar: COLIBRI, answers: [{ seat: 1, answer: 'refuse' }] });
    expect(events.map((e) => eventFor(e, 3)).at(-1)).toMatchObject({ type: 'duel-started', first: 0, second: 1 });
    expect(view(after, 3).phase).toMatchObject({ kind: 'duel', duel: { answers: [null, 'refuse', null, null], rolls: [] } });
  });

  it('legal moves computed from a seat’s own view are the seat’s legal moves', () => {
    randomGame(6, 'legal-in-view', (before) => {
      for (let seat = 0; seat < 6; seat++) expect(legalInView(view(before, seat))).toEqual(razziaDorra.legal(before, seat));
      expect(legalInView(view(before, null))).toEqual([]);
    });
  });

  it('a state sampled from a view shows that seat the same view, deals exactly the unseen cards, and fits the schema', () => {
    const rng = Rng.fromSeed('sample');
    randomGame(7, 'sampled', (before) => {
      if (before.version % 5 !== 0) return;
      for (const seat of [0, 3, 6]) {
        const v = view(before, seat);
        const sampled = sampleState(v, seat, rng);
        expect(view(sampled, seat)).toEqual(v);
        expect(GameViewSchema.safeParse(v).success).toBe(true);
        const key = (c: { bar: number; kind: string; dice: number }) => `${c.bar}${c.kind}${c.dice}`;
        const hidden = [...sampled.deck, ...sampled.hands.filter((_, s) => s !== seat).flat()];
        if (before.phase.kind === 'pick') hidden.push(...sampled.table.filter((c, s) => c !== null && s !== seat).map((c) => c as never));
        expect(hidden.map(key).sort()).toEqual(unseenCards(v).map(key).sort());
      }
    });
  });
});
