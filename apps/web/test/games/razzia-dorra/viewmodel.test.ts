// Dorra's Razzia's view-model and the scene the table draws while a settled round plays out: decisions from the
// server's legal list, the scene at any point of the log against the game's own view at that point (money, chits,
// cards face down and up, the deal in the open), the beats, proposals arranged on screen, the words in every
// language, and the record replay.

import { readFileSync } from 'node:fs';
import { resolveChance, Rng, step, type Move } from '@razzia/contract';
import { eventFor, legal, razziaDorra, shareOf, startGame, view, type Action, type GameEvent, type GameState, type GameView, type Seat } from '@razzia/game-razzia-dorra';
import { plannedSplit } from '@razzia/game-razzia-dorra/bots/greedy';
import type { LogEntry } from '@razzia/protocol/table';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadChrome, translate, type Locale, type MessageKey } from '../../../src/lib/i18n/index.ts';
import { dorraModule } from '../../../src/lib/games/razzia-dorra/module.ts';
import { beatMs, catchUp, MAX_BEHIND, nextBeat, revealBars, sceneAt, toWatch } from '../../../src/lib/games/razzia-dorra/scene.ts';
import { moneyByRound, roundEndBetween, roundStory } from '../../../src/lib/games/razzia-dorra/story.ts';
import {
  awaitedIn,
  cardHelp,
  dealFromView,
  decisionFor,
  describeEntry,
  duelFromView,
  duelPercent,
  givesFor,
  roleOf,
  sortedHand,
  standings,
  startPlan,
  suggestedPlan,
} from '../../../src/lib/games/razzia-dorra/viewmodel.ts';
import { roundStarts } from '../../../src/lib/games/razzia-dorra/replay.ts';
import { dorraEn } from '../../../src/lib/games/razzia-dorra/messages/en.ts';
import { dorraNl } from '../../../src/lib/games/razzia-dorra/messages/nl.ts';
import { dorraEs } from '../../../src/lib/games/razzia-dorra/messages/es.ts';

// The chrome's Dutch and Spanish, as a page in those languages loads them.
await Promise.all([loadChrome('nl'), loadChrome('es')]);
const NAMES = ['Udo', 'Claudia', 'Stefan', 'Karin', 'Miriam', 'Felix', 'Elke', 'Dennis'];
const fixtures = new URL('../../../../../fixtures/razzia-dorra/', import.meta.url).pathname;
const t = (locale: Locale) => (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params, [{ en: dorraEn, nl: dorraNl, es: dorraEs }]);

interface Step {
  /** The state after the move, and the events it produced. */
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** A random legal game through the contract's step, every state along the way (steps[0] is the set-up). */
function playGame(players: number, seed: string): Step[] {
  const started = startGame({ names: NAMES.slice(0, players) });
  if (!started.ok) throw new Error(started.error);
  const rng = Rng.fromSeed(seed);
  const steps: Step[] = [{ state: started.state, events: [] }];
  let state = started.state;
  for (;;) {
    const pending = razziaDorra.pending(state);
    if (pending.kind === 'over') return steps;
    let move: Move<Action>;
    if (pending.kind === 'chance') move = { chance: resolveChance(pending.chance, rng) };
    else {
      const seat = pending.seats[rng.int(pending.seats.length)] as Seat;
      const choices = legal(state, seat);
      move = { seat, action: choices[rng.int(choices.length)] as Action };
    }
    const r = step<GameState, Action, GameEvent>(razziaDorra, state, move);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    steps.push({ state, events: r.events });
  }
}

/** The log one viewer holds after each step: events in the form told to it, numbered from 1. */
function logsFor(steps: readonly Step[], viewer: Seat | null): { log: LogEntry[]; ends: number[] } {
  const log: LogEntry[] = [];
  const ends: number[] = [];
  for (const s of steps) {
    for (const e of s.events) log.push({ seq: log.length + 1, at: 0, kind: 'game', event: eventFor(e, viewer) as unknown as LogEntry['event'] });
    ends.push(log.length);
  }
  return { log, ends };
}

const sorted = (lists: readonly (readonly number[])[]) => lists.map((l) => [...l].sort((a, b) => a - b));

/** The table's cards as a viewer sees them in a view: face up, face down ('back') once chosen, or none. */
function tableOf(v: GameView): (GameView['table'][number] | 'back')[] {
  const chosen = v.phase.kind === 'pick' ? v.phase.chosen : [];
  return v.table.map((card, seat) => card ?? (chosen[seat] ? 'back' : null));
}

const GAMES = [3, 4, 6, 8].map((players) => ({ players, steps: playGame(players, `scene-${players}`) }));

describe('decisionFor (only what the server lists)', () => {
  it('offers each seat exactly its legal decisions, and spectators nothing, over whole games at 3, 4, 6 and 8 seats', () => {
    for (const { players, steps } of GAMES)
      for (const { state } of steps) {
        for (let seat = 0; seat < players; seat++) {
          const mine = legal(state, seat);
          const v = view(state, seat);
          const d = decisionFor(v, seat, mine);
          expect(awaitedIn(v).includes(seat)).toBe(mine.length > 0);
          if (mine.length === 0) {
            expect(d).toBeNull();
            continue;
          }
          switch (d?.kind) {
            case 'place':
              expect(d.bars.map((bar) => ({ type: 'place', bar }))).toEqual(mine);
              break;
            case 'pick':
              expect(d.cards.map((card) => ({ type: 'pick', card }))).toEqual(mine);
              break;
            case 'propose':
              expect(d.to.map((to) => ({ type: 'give', to }))).toEqual(mine);
              expect(roleOf(v, seat)).toBe('proposing');
              break;
            case 'answer':
              expect(mine).toEqual([{ type: 'accept' }, { type: 'refuse' }]);
              expect(d.share).toEqual(shareOf(d.deal, seat));
              expect(roleOf(v, seat)).toBe('answering');
              break;
            default:
              throw new Error(`no decision for seat ${seat} in ${state.phase.kind}`);
          }
        }
        expect(decisionFor(view(state, null), null, [])).toBeNull();
      }
  });
});

describe('sceneAt: the table while a settled round plays out', () => {
  it('with everything shown is the view itself', () => {
    for (const { players, steps } of GAMES)
      for (const viewer of [0, players - 1, null]) {
        const { log, ends } = logsFor(steps, viewer);
        steps.forEach(({ state }, i) => {
          const v = view(state, viewer);
          const upTo = log.slice(0, ends[i]);
          const scene = sceneAt(v, upTo, ends[i] as number);
          expect(scene.waiting).toBe(0);
          expect(scene.barChits).toEqual(v.barChits);
          expect(scene.money).toEqual(v.money);
          expect([scene.round, scene.dealer]).toEqual([v.round, v.dealer]);
          expect(scene.table).toEqual(tableOf(v));
        });
      }
  });

  it('shown up to an earlier move, is the view of that move: money, chits, round, dealer, cards face down or up, the deal in the open and the extra chit', () => {
    let compared = 0;
    let deals = 0;
    for (const { players, steps } of GAMES)
      for (const viewer of [1, null]) {
        const { log, ends } = logsFor(steps, viewer);
        for (let later = 1; later < steps.length; later += 7) {
          const now = view((steps[later] as Step).state, viewer);
          const upTo = log.slice(0, ends[later]);
          // Every earlier move the table might still be showing (the server settles at most a round at once).
          for (let earlier = Math.max(0, later - 40); earlier <= later; earlier++) {
            const then = view((steps[earlier] as Step).state, viewer);
            const scene = sceneAt(now, upTo, ends[earlier] as number);
            expect(sorted(scene.barChits)).toEqual(sorted(then.barChits));
            expect(sorted(scene.money)).toEqual(sorted(then.money));
            expect([scene.round, scene.dealer]).toEqual([then.round, then.dealer]);
            // The cards: what this viewer saw at that move (nobody else's face-down card).
            if (then.phase.kind !== 'shuffle' && then.phase.kind !== 'reshuffle')
              expect(scene.table, `${players} seats, seat ${viewer}, move ${earlier} shown of ${later}`).toEqual(tableOf(then));
            if (then.phase.kind === 'propose' || then.phase.kind === 'answer') {
              expect(scene.deal).toEqual(dealFromView(then));
              deals++;
            }
            if (then.phase.kind === 'place') expect(scene.extra).toBe(then.phase.extra);
            compared++;
          }
        }
      }
    expect(compared).toBeGreaterThan(1000);
    expect(deals).toBeGreaterThan(20);
  });

  it('follows a duel roll by roll and keeps each bar’s outcome until the next reveal', () => {
    let duels = 0;
    for (const { steps } of GAMES) {
      const { log, ends } = logsFor(steps, null);
      const final = view((steps[steps.length - 1] as Step).state, null);
      steps.forEach(({ state }, i) => {
        const then = view(state, null);
        if (then.phase.kind !== 'duel') return;
        const scene = sceneAt(final, log, ends[i] as number);
        const direct = duelFromView(then);
        expect(scene.duel && { ...scene.duel, winner: null }).toEqual(direct);
        expect(scene.focus).toBe(then.phase.duel.bar);
        const fought = scene.results[then.phase.duel.bar]?.duels ?? [];
        expect(fought[fought.length - 1]?.rolls).toEqual(then.phase.duel.rolls);
        duels++;
      });
      // After a round, its results stay (marked as the last round's) while the next round is dealt.
      const ended = log.findIndex((e) => {
        const event = e.event as unknown as GameEvent;
        return event.type === 'round-started' && event.round === 2;
      });
      const scene = sceneAt(final, log, ended + 1);
      expect(scene.resultsOld).toBe(true);
      expect(scene.resultsRound).toBe(1);
      expect(scene.results.some((r) => r !== null)).toBe(true);
    }
    expect(duels).toBeGreaterThan(5);
  });

  it('dwells on what there is to watch, skips what there is not, and jumps ahead when far behind', () => {
    const { steps } = GAMES[1]!;
    const { log } = logsFor(steps, 0);
    let at = 0;
    let beats = 0;
    for (let next = nextBeat(log, at); next; next = nextBeat(log, at)) {
      expect(next.seq).toBeGreaterThan(at);
      const entry = log[next.seq - 1]!;
      // every entry skipped on the way had nothing to watch
      for (const e of log.slice(at, next.seq - 1)) expect(beatMs(e.event as unknown as GameEvent)).toBe(0);
      expect(next.ms).toBe(beatMs(entry.event as unknown as GameEvent));
      at = next.seq;
      beats++;
    }
    expect(at).toBe(log.length);
    expect(beats).toBeGreaterThan(50);
    expect(catchUp(log, log.length - 10)).toBe(log.length - 10);
    const far = catchUp(log, 0);
    expect(log.length).toBeGreaterThan(MAX_BEHIND);
    expect((log[far]?.event as unknown as GameEvent).type).toBe('revealed');
  });

  it('another seat’s pick arriving while I choose is nothing to watch: my decision stays on the table', () => {
    const { steps } = GAMES[3]!;
    const { log } = logsFor(steps, 0);
    const picks = log.filter((e) => e.event.type === 'picked' && (e.event as unknown as { seat: Seat }).seat !== 0);
    expect(picks.length).toBeGreaterThan(12);
    for (const pick of picks) {
      const next = log[pick.seq];
      // up to just before the pick: all shown, nothing to watch; the pick alone, or with more picks, neither
      expect(toWatch(log.slice(0, pick.seq), pick.seq - 1)).toBe(false);
      if (next?.event.type === 'picked') expect(toWatch(log.slice(0, pick.seq + 1), pick.seq - 1)).toBe(false);
    }
    // a reveal still to show is
    const reveal = log.find((e) => e.event.type === 'revealed')!;
    expect(toWatch(log, reveal.seq - 1)).toBe(true);
    expect(toWatch(log, log.length)).toBe(false);
  });
});

describe('the picks turning over, a round’s end, the money round by round', () => {
  it('turns the picks over bar by bar, left to right: only the bars turned so far show their cards (one’s own always)', () => {
    let reveals = 0;
    for (const { steps } of GAMES)
      for (const viewer of [2, null]) {
        const { log } = logsFor(steps, viewer);
        const final = view((steps[steps.length - 1] as Step).state, viewer);
        for (const entry of log.filter((e) => e.event.type === 'revealed').slice(0, 4)) {
          const bars = revealBars(log, entry.seq) as number[];
          const cards = (entry.event as unknown as Extract<GameEvent, { type: 'revealed' }>).cards;
          expect(bars).toEqual([...new Set(cards.map((c) => c.bar))].sort((a, b) => a - b));
          for (let turned = 0; turned <= bars.length; turned++) {
            const scene = sceneAt(final, log, entry.seq, turned);
            const up = new Set(bars.slice(0, turned));
            expect(scene.table).toEqual(cards.map((card, seat) => (seat === viewer || up.has(card.bar) ? card : 'back')));
            expect(scene.focus).toBe(turned === 0 ? null : bars[turned - 1]);
          }
          // Past the reveal, or without the beats (reduced motion), every card is up.
          expect(sceneAt(final, log, entry.seq).table).toEqual(cards);
          reveals++;
        }
        expect(revealBars(log, 1)).toBeNull();
      }
    expect(reveals).toBeGreaterThan(20);
  });

  it('tells each round’s story as the engine played it: the cards at each bar, who won what, the deals and duels, who deals next', () => {
    let deals = 0;
    let duels = 0;
    for (const { players, steps } of GAMES) {
      const { log } = logsFor(steps, null);
      const ends = log.filter((e) => e.event.type === 'round-ended');
      for (const end of ends) {
        const story = roundStory(log, end.seq, players);
        if (!story) throw new Error('no story');
        const round = (end.event as unknown as { round: number }).round;
        expect(story.round).toBe(round);
        // What each won is the engine's own money: after the round's end, less before its reveal.
        const endAt = steps.findIndex((st) => st.events.some((e) => e.type === 'round-ended' && e.round === round));
        let revealAt = endAt;
        while (revealAt > 0 && !(steps[revealAt] as Step).events.some((e) => e.type === 'revealed')) revealAt--;
        const before = money(steps[revealAt - 1] as Step);
        expect(story.won).toEqual(money(steps[endAt] as Step).map((m, seat) => m - (before[seat] ?? 0)));
        for (const b of story.bars) {
          expect(b.cards.length).toBeGreaterThan(0);
          expect(b.cards.every((c) => c.card.bar === b.bar)).toBe(true);
          if (b.deal) deals++;
          duels += b.duels.length;
          for (const d of b.duels) expect(d.winner === d.first || d.winner === d.second).toBe(true);
        }
        const next = log.find((e) => e.seq > end.seq && e.event.type === 'round-started');
        expect(story.dealer).toBe(next ? (next.event as unknown as { dealer: number }).dealer : null);
        expect(roundEndBetween(log, end.seq - 1, end.seq)).toBe(end.seq);
        expect(roundEndBetween(log, end.seq, end.seq)).toBeNull();
      }
      // Round by round, the money ends where the game ends.
      const rounds = moneyByRound(log, players);
      expect(rounds).toHaveLength(ends.length);
      expect(rounds.at(-1)).toEqual(money((steps.at(-1) as Step)));
    }
    expect(deals).toBeGreaterThan(10);
    expect(duels).toBeGreaterThan(5);
    function money(st: Step) {
      return st.state.money.map((m) => m.reduce((a, b) => a + b, 0));
    }
  });
});

describe('proposals arranged on screen (D5.2)', () => {
  it('keeps what was given, sends the rest in order, and suggests the split the greedy bot would make', () => {
    let checked = 0;
    for (const { steps } of GAMES)
      for (const { state } of steps) {
        if (state.phase.kind !== 'propose') continue;
        const deal = state.phase.deal;
        const me = deal.parties[0] as Seat;
        const plan = startPlan(deal);
        expect(plan.slice(0, deal.to.length)).toEqual(deal.to);
        expect(givesFor(deal, plan)).toEqual(plan.slice(deal.to.length));
        expect(plan.slice(deal.to.length).every((s) => s === me)).toBe(true);
        // The suggested split keeps what was given, is complete, and from scratch is the greedy bot's own.
        const suggested = suggestedPlan(deal, view(state, me));
        expect(suggested.slice(0, deal.to.length)).toEqual(deal.to);
        expect(givesFor(deal, suggested)?.length).toBe(deal.chits.length - deal.to.length);
        if (deal.to.length === 0) expect(suggested).toEqual(plannedSplit(deal, view(state, me)));
        const merged = suggested;
        expect(givesFor(deal, [...deal.to, null])).toBe(deal.chits.length === deal.to.length ? [] : null);
        expect(givesFor(deal, merged.map(() => 99))).toBe(deal.chits.length === deal.to.length ? [] : null);
        checked++;
      }
    expect(checked).toBeGreaterThan(10);
    expect(duelPercent(0, 6, 1, 1, { dealer: 0, names: NAMES.slice(0, 4) })).toBeGreaterThan(80);
    expect(duelPercent(1, 1, 0, 6, { dealer: 0, names: NAMES.slice(0, 4) })).toBeLessThan(20);
  });
});

describe('words', () => {
  it('says every event of whole games in every language, without a missing word or placeholder', () => {
    for (const locale of LOCALES) {
      const say = t(locale);
      for (const { steps } of GAMES.slice(0, 2))
        for (const viewer of [0, null]) {
          const { log } = logsFor(steps, viewer);
          for (const entry of log) {
            const line = describeEntry(entry, NAMES, say);
            const type = (entry.event as unknown as GameEvent).type;
            if (['gave', 'round-ended'].includes(type)) expect(line).toBeNull();
            if (['revealed', 'took', 'deal-opened', 'proposed', 'answers-shown', 'duel-started', 'rolled', 'duel-won', 'game-over', 'round-started'].includes(type))
              expect(line, type).toBeTruthy();
            if (line !== null) expect(line).not.toMatch(/dorra\.|\{|\}/);
          }
        }
    }
    const en = t('en');
    expect(describeEntry({ seq: 1, at: 0, kind: 'game', event: { type: 'took', seat: 1, bar: 3, chits: [30, 15], reason: 'raid' } as never }, NAMES, en)).toBe(
      'Claudia raids the Jungle and takes $45k (30 + 15)',
    );
    expect(describeEntry({ seq: 1, at: 0, kind: 'game', event: { type: 'picked', seat: 2, card: null } as never }, NAMES, en)).toBeNull();
    expect(describeEntry({ seq: 1, at: 0, kind: 'game', event: { type: 'picked', seat: 2, card: { bar: 1, kind: 'raid', dice: 6 } } as never }, NAMES, en)).toBe(
      'Stefan lays Havana raid 6 face down',
    );
    expect(t('es')('dorra.money', { n: 45 })).toBe('45 mil $');
    expect(t('nl')('dorra.status.pickWait', { n: 1 })).toBe('Wachten tot 1 speler kiest');
    expect(cardHelp({ bar: 5, kind: 'gambler', dice: 3 }, en)).toMatch(/^Jazz House gambler 3: goes to the Jazz House\./);
    expect(cardHelp({ bar: 0, kind: 'raid', dice: 6 }, t('nl'))).toMatch(/^Colibri razzia 6: gaat naar de Colibri\./);
  });

  it('ranks by money, ties sharing a rank, winners only at the end; hands sort bar by bar', () => {
    const { steps } = GAMES[0]!;
    const final = view((steps[steps.length - 1] as Step).state, null);
    const ranking = standings(final);
    const best = Math.max(...ranking.map((r) => r.total));
    expect(ranking.filter((r) => r.winner).map((r) => r.total)).toEqual(ranking.filter((r) => r.total === best).map(() => best));
    for (const r of ranking) expect(r.rank).toBe(1 + ranking.filter((o) => o.total > r.total).length);
    expect(standings(view((steps[10] as Step).state, null)).some((r) => r.winner)).toBe(false);
    expect(sortedHand([{ bar: 2, kind: 'raid', dice: 3 }, { bar: 0, kind: 'gambler', dice: 6 }, { bar: 2, kind: 'gambler', dice: 1 }])).toEqual([
      { bar: 0, kind: 'gambler', dice: 6 },
      { bar: 2, kind: 'gambler', dice: 1 },
      { bar: 2, kind: 'raid', dice: 3 },
    ]);
  });
});

describe('the rules page’s words (loaded with that page only)', () => {
  it('has the English keys in Dutch and Spanish, none empty, with the same placeholders, really translated', async () => {
    const [{ dorraRulesEn }, { dorraRulesNl }, { dorraRulesEs }] = await Promise.all([
      import('../../../src/lib/games/razzia-dorra/messages/rules/en.ts'),
      import('../../../src/lib/games/razzia-dorra/messages/rules/nl.ts'),
      import('../../../src/lib/games/razzia-dorra/messages/rules/es.ts'),
    ]);
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    for (const dict of [dorraRulesNl, dorraRulesEs] as Record<string, string>[]) {
      expect(Object.keys(dict).sort()).toEqual(Object.keys(dorraRulesEn).sort());
      for (const [key, text] of Object.entries(dorraRulesEn)) {
        expect(dict[key]?.trim(), key).toBeTruthy();
        expect(dict[key], key).not.toBe(text);
        expect(placeholders(dict[key] ?? ''), key).toEqual(placeholders(text));
      }
    }
    for (const key of Object.keys(dorraRulesEn)) expect(key in dorraModule.messages.en, key).toBe(false);
  });
});

describe('replay of a record', () => {
  it('steps through a whole record to the same end as the engine, with a spectator’s views and log, rounds to jump to', async () => {
    const json = JSON.parse(readFileSync(`${fixtures}records/duel-chain.json`, 'utf8'));
    const loaded = await dorraModule.replay(json);
    if (!loaded.ok) throw new Error(loaded.reason);
    const { views, log, ends, rounds, names, illegal } = loaded.replay;
    expect(illegal).toBeNull();
    expect(views).toHaveLength(json.moves.length + 1);
    expect(ends).toHaveLength(views.length);
    expect(names).toEqual(json.players);
    const last = views[views.length - 1] as GameView;
    expect(last.viewer).toBeNull();
    expect(last.hand).toBeNull();
    expect(rounds[0]).toBeGreaterThan(0);
    expect((views[rounds[0]!] as GameView).round).toBe(1);
    for (const e of log) {
      const event = e.event as unknown as GameEvent;
      if (event.type === 'picked' || event.type === 'dealt') expect(event.type === 'picked' ? event.card : event.cards).toBeNull();
    }
    expect(roundStarts([{ round: 0 }, { round: 1 }, { round: 1 }, { round: 2 }])).toEqual([1, 3]);
  });

  it('stops at an illegal move with its rule, and refuses a malformed record in words', async () => {
    const illegal = await dorraModule.replay(JSON.parse(readFileSync(`${fixtures}illegal/pick-twice.json`, 'utf8')));
    expect(illegal.ok && illegal.replay.illegal?.code).toBe('pick/already-chosen');
    const die = await dorraModule.replay(JSON.parse(readFileSync(`${fixtures}illegal/die-7.json`, 'utf8')));
    expect(die.ok && die.replay.illegal?.code).toBe('chance/bad-outcome');
    const malformed = await dorraModule.replay(JSON.parse(readFileSync(`${fixtures}malformed/two-players.json`, 'utf8')));
    expect(malformed.ok).toBe(false);
  });
});
