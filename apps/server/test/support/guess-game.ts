// A tiny game that exercises what the platform must handle beyond Razzia!: every seat decides at once and in
// secret, then chance (a die) settles the round. Three rounds of "guess the die": pick 1, 2 or 3 in secret; when
// all have picked, the picks are shown and a die is rolled; a pick equal to ((die - 1) mod 3) + 1 scores a point.

import { placesBy, type Applied, type ChanceOutcome, type GameDef, type Pending, type Told } from '@razzia/contract';
import { z } from 'zod';

export interface GuessState {
  readonly names: readonly string[];
  readonly round: number;
  readonly picks: readonly (number | null)[];
  readonly scores: readonly number[];
  readonly rolling: boolean;
  readonly lastRoll: number | null;
}
export type GuessAction = { readonly type: 'pick'; readonly n: number };
export type GuessEvent =
  | { readonly type: 'picked'; readonly seat: number; readonly n?: number }
  | { readonly type: 'revealed'; readonly picks: readonly number[] }
  | { readonly type: 'rolled'; readonly value: number; readonly winners: readonly number[] };
export interface GuessView {
  readonly viewer: number | null;
  readonly round: number;
  readonly scores: readonly number[];
  readonly chosen: readonly boolean[];
  readonly mine: number | null;
  readonly lastRoll: number | null;
}

const ROUNDS = 3;
const Action = z.strictObject({ type: z.literal('pick'), n: z.int() });
const Event = z.union([
  z.strictObject({ type: z.literal('picked'), seat: z.int(), n: z.int().optional() }),
  z.strictObject({ type: z.literal('revealed'), picks: z.array(z.int()) }),
  z.strictObject({ type: z.literal('rolled'), value: z.int(), winners: z.array(z.int()) }),
]);
const View = z.strictObject({
  viewer: z.int().nullable(),
  round: z.int(),
  scores: z.array(z.int()),
  chosen: z.array(z.boolean()),
  mine: z.int().nullable(),
  lastRoll: z.int().nullable(),
});
const Setup = z.strictObject({ names: z.array(z.string()) });

const err = (code: string, message: string): Applied<GuessState, GuessEvent> => ({ ok: false, error: { code, rule: 'G1', message } });

export const guess: GameDef<GuessState, GuessAction, GuessView, GuessEvent, { names: readonly string[] }, Record<string, never>> = {
  id: 'guess',
  name: 'Guess the die',
  designer: 'the test suite',
  seats: { min: 2, max: 4 },
  schemas: { options: z.strictObject({}) as never, setup: Setup as never, action: Action as never, view: View as never, event: Event as never },
  defaultOptions: {},
  deal: ({ names }) => ({ names: [...names] }),
  start: (setup) => ({
    ok: true,
    state: { names: setup.names, round: 1, picks: setup.names.map(() => null), scores: setup.names.map(() => 0), rolling: false, lastRoll: null },
  }),
  pending(s): Pending {
    if (s.round > ROUNDS) {
      const best = Math.max(...s.scores);
      return { kind: 'over', outcome: { scores: s.scores, winners: s.scores.flatMap((v, i) => (v === best ? [i] : [])), places: placesBy(s.scores.map((v) => [v])) } };
    }
    if (s.rolling) return { kind: 'chance', chance: { kind: 'die', sides: 6 } };
    return { kind: 'decide', seats: s.picks.flatMap((p, i) => (p === null ? [i] : [])) };
  },
  legal(s, seat) {
    if (s.round > ROUNDS || s.rolling || s.picks[seat] !== null) return [];
    return [1, 2, 3].map((n) => ({ type: 'pick' as const, n }));
  },
  apply(s, seat, action) {
    if (s.round > ROUNDS) return err('game/over', 'the game is over');
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.names.length) return err('seat/none', `no seat ${seat}`);
    if (s.rolling || s.picks[seat] !== null) return err('pick/not-now', 'you have picked already');
    if (action?.type !== 'pick' || ![1, 2, 3].includes(action.n)) return err('pick/range', 'pick 1, 2 or 3');
    const picks = s.picks.map((p, i) => (i === seat ? action.n : p));
    const events: GuessEvent[] = [{ type: 'picked', seat, n: action.n }];
    const all = picks.every((p) => p !== null);
    if (all) events.push({ type: 'revealed', picks: picks as number[] });
    return { ok: true, state: { ...s, picks, rolling: all }, events };
  },
  resolve(s, outcome: ChanceOutcome) {
    if (outcome.kind !== 'die') return err('chance/kind', 'a die');
    const target = ((outcome.value - 1) % 3) + 1;
    const winners = s.picks.flatMap((p, i) => (p === target ? [i] : []));
    const scores = s.scores.map((v, i) => v + (winners.includes(i) ? 1 : 0));
    return {
      ok: true,
      state: { ...s, round: s.round + 1, picks: s.names.map(() => null), scores, rolling: false, lastRoll: outcome.value },
      events: [{ type: 'rolled', value: outcome.value, winners }],
    };
  },
  view: (s, viewer) => ({
    viewer,
    round: s.round,
    scores: s.scores,
    chosen: s.picks.map((p) => p !== null),
    mine: viewer === null ? null : (s.picks[viewer] ?? null),
    lastRoll: s.lastRoll,
  }),
  // A pick is the picker's until all are shown: the others learn only that the seat has chosen.
  tell: (e): Told<GuessEvent> => (e.type === 'picked' ? { to: [e.seat], event: e, others: { type: 'picked', seat: e.seat } } : { to: 'all', event: e }),
  bots: {
    random: { id: 'random', description: 'picks at random', choose: ({ legal }, random) => legal[Math.floor(random() * legal.length)] as GuessAction },
    greedy: { id: 'greedy', description: 'always picks 2', choose: ({ legal }) => legal.find((a) => a.n === 2) ?? (legal[0] as GuessAction) },
  },
  record: {
    format: 'guess-record/1',
    write: ({ setup, moves }) => ({ format: 'guess-record/1', players: setup.names, moves }),
    read: (json) => {
      const r = z.looseObject({ format: z.literal('guess-record/1'), players: z.array(z.string()), moves: z.array(z.any()) }).safeParse(json);
      return r.success ? { ok: true, setup: { names: r.data.players }, moves: r.data.moves } : { ok: false, message: 'not a guess record' };
    },
    summary: (s) => ({ scores: s.scores, finished: s.round > ROUNDS }),
  },
  text: { event: (e) => e.type, result: (s) => s.scores.join(' ') },
};

/**
 * The same game with what no real game does today, for the edge of a pause: a moment told while a simultaneous
 * decision stays open (each pick is one), and a sampler, so a searching bot can sit at it and be thinking when
 * another seat's pick pauses the table.
 */
export const guessWithMoments: typeof guess = {
  ...guess,
  moment: (e) => e.type === 'picked',
  sample: (view, seat, random) => ({
    names: view.scores.map((_, s) => `Seat ${s}`),
    round: view.round,
    picks: view.chosen.map((chosen, s) => (s === seat ? view.mine : chosen ? 1 + random.int(3) : null)),
    scores: view.scores,
    rolling: false,
    lastRoll: view.lastRoll,
  }),
};
