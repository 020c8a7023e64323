// Razzia!'s view-model: decisions from the server's legal list, score projection, the unseen-card tracker, the
// log in words; and the chrome's clock countdown and notices.

import { describe, expect, it } from 'vitest';
import { apply, legalActions, legalIntents, newGame, view, KIND_INFO, CARD_KINDS, Rng, type GameState } from '@razzia/game-razzia';
import type { LogEntry } from '@razzia/protocol/table';
import { translate } from '../../../src/lib/i18n/index.ts';
import { razziaEn } from '../../../src/lib/games/razzia/messages/en.ts';
import { cardList, decisionFor, describeEntry, isLegal, projection, standings, unseen } from '../../../src/lib/games/razzia/viewmodel.ts';
import { clockSeconds } from '../../../src/lib/table/clock.ts';
import { describeNotice } from '../../../src/lib/table/describe.ts';

const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params, [{ en: razziaEn, nl: razziaEn, es: razziaEn }]);
const game = (event: object): LogEntry => ({ seq: 1, at: 0, kind: 'game', event: event as LogEntry['event'] });
const notice = (event: object): LogEntry => ({ seq: 1, at: 0, kind: 'table', event: event as LogEntry['event'] });
const NAMES = ['Miriam', 'Felix', 'Elke', 'Dennis'];

/** Random legal games, every state along the way, with the events that led to it. */
function* walk(seed: string, players = 4): Generator<{ state: GameState; events: readonly unknown[] }> {
  let state = newGame({ names: NAMES.slice(0, players), seed });
  const rng = Rng.fromSeed(seed);
  yield { state, events: [] };
  while (state.phase.kind !== 'over') {
    const legal = legalActions(state);
    const r = apply(state, legal[rng.int(legal.length)]!);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    yield { state, events: r.events };
  }
}

describe('decisionFor (legal-move highlighting)', () => {
  it('offers exactly the legal moves the server lists for the seat that decides, and nothing to anybody else', () => {
    for (const { state } of walk('decide')) {
      const legal = legalActions(state);
      for (let seat = 0; seat < 4; seat++) {
        const d = decisionFor(view(state, seat), seat, legalIntents(state, seat));
        const mine = legal.filter((a) => a.seat === seat);
        if (mine.length === 0) {
          expect(d).toBeNull();
          continue;
        }
        if (d?.kind === 'turn') {
          expect(d.draws).toEqual(mine.flatMap((a) => (a.type === 'draw' ? [a.pile] : [])));
          expect(d.call).toBe(mine.some((a) => a.type === 'call'));
          const steals = mine.filter((a) => a.type === 'thief').map((a) => (a.type === 'thief' ? a.take.length : 0));
          expect(d.maxSteal).toBe(Math.max(0, ...steals));
        } else if (d?.kind === 'auction') {
          expect(d.bids).toEqual(mine.flatMap((a) => (a.type === 'bid' ? [a.cheque] : [])));
          expect(d.canPass).toBe(mine.some((a) => a.type === 'pass'));
          expect(d.forced).toBe(!d.canPass);
        } else throw new Error('expected a decision');
      }
      expect(decisionFor(view(state, null), null, [])).toBeNull(); // spectators never get buttons
    }
  });

  it('checks a thief selection against the legal list: only positions on the row, within the thief count', () => {
    let checked = 0;
    for (const { state } of walk('thieves')) {
      const take = legalActions(state).find((a) => a.type === 'thief');
      if (!take || take.type !== 'thief') continue;
      const legal = legalIntents(state, take.seat);
      expect(isLegal(legal, { type: 'thief', take: take.take })).toBe(true);
      expect(isLegal(legal, { type: 'thief', take: [...take.take, 99] })).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('projection (your score if the round ended now)', () => {
  it('is what the round actually scores when it ends with nothing more won', () => {
    let compared = 0;
    let before: GameState | null = null;
    for (let g = 0; g < 20 && compared < 5; g++) for (const { state, events } of walk(`projection-${g}`)) {
      const scored = (events as { type: string; scores?: unknown }[]).find((e) => e.type === 'round-scored');
      const ended = (events as { type: string; reason?: string }[]).find((e) => e.type === 'round-ended');
      // A round ended by the police card changes no estate: the projection just before must match.
      if (scored && ended?.reason === 'police' && before) {
        expect(projection(before)).toEqual(scored.scores);
        compared++;
      }
      before = state;
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe('unseen-card tracker', () => {
  it('counts, kind by kind, exactly what the piles still hold — computed from the public view only', () => {
    for (const { state } of walk('unseen', 3)) {
      const left = unseen(view(state, null));
      const inPiles = Object.fromEntries(CARD_KINDS.map((k) => [k, 0])) as Record<string, number>;
      for (const p of [0, 1] as const)
        for (let i = state.secret.pileTops[p]; i < state.secret.pileTops[p] + state.pileSizes[p]; i++) inPiles[state.secret.deck[i]!]!++;
      expect(left).toEqual(inPiles);
      for (const k of CARD_KINDS) expect(left[k]).toBeLessThanOrEqual(KIND_INFO[k].count);
    }
  });
});

describe('the log in words', () => {
  it('has a sentence for every event of whole games, and reads like the rulebook', () => {
    let seq = 0;
    const seen = new Set<string>();
    for (const { events } of walk('words', 5)) {
      for (const event of events as LogEntry['event'][]) {
        const line = describeEntry({ seq: ++seq, at: 0, kind: 'game', event }, NAMES.concat('Anke'), t);
        if (event.type === 'turn') expect(line).toBeNull();
        else {
          expect(line).toMatch(/\w/);
          expect(line).not.toMatch(/\{|undefined|null/);
          seen.add(event.type);
        }
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(9);
    const won = game({ type: 'auction-closed', kind: 'police', winner: 2, cheque: 9, cards: ['car', 'trinket:watch', 'car'], centre: 1, discarded: [] });
    expect(describeEntry(won, NAMES, t)).toBe('Elke bid 9 and won 3 cards (2× Car, Watch) and the 1');
    expect(describeEntry(game({ type: 'passed', seat: 1, automatic: true }), NAMES, t)).toBe('Felix cannot outbid and passes');
    // Table notices are the chrome's words, the same for every game; a game's module says nothing of them.
    expect(describeNotice(notice({ type: 'timed-out', seat: 3 }), NAMES, t)).toBe('Dennis’s clock ran out: a bot decided for them');
    expect(describeNotice(notice({ type: 'stand-in', seat: 1 }), NAMES, t)).toBe('Felix is away: a bot plays for them until they come back');
    expect(describeNotice(notice({ type: 'stand-in-ended', seat: 1 }), NAMES, t)).toBe('Felix is back and plays again');
    expect(describeEntry(notice({ type: 'stand-in-ended', seat: 1 }), NAMES, t)).toBeNull();
    expect(cardList(['gold'], t)).toBe('Gold coin');
  });
});

describe('standings', () => {
  it('ranks by total and lets tied players share rank and win (R8.3)', () => {
    let last: GameState | null = null;
    for (const { state } of walk('standings')) last = state;
    const s = standings(view(last!, null));
    expect(s.map((x) => x.total)).toEqual([...s.map((x) => x.total)].sort((a, b) => b - a));
    const best = s[0]!.total;
    for (const x of s) expect(x.winner).toBe(x.total === best);
    for (const x of s) expect(x.rank).toBe(1 + s.filter((y) => y.total > x.total).length);
  });
});

describe('turn clock countdown', () => {
  it('counts whole seconds down from the server’s figure, never up and never below zero', () => {
    const at = 1_000_000;
    expect(clockSeconds(30_000, at, at)).toBe(30);
    // the local tick can be older than the message that set the clock
    expect(clockSeconds(30_000, at, at - 200)).toBe(30);
    expect(clockSeconds(30_000, at, at + 1)).toBe(30);
    expect(clockSeconds(30_000, at, at + 1_000)).toBe(29);
    expect(clockSeconds(30_000, at, at + 29_999)).toBe(1);
    expect(clockSeconds(30_000, at, at + 45_000)).toBe(0);
  });
});
