// The decisions (D3.1 place, D3.2 pick, D5.2 give, D5.3 accept or refuse) and the chance outcomes (D2.1 and D3.4
// shuffles, D5.6 dice). Pure: never mutates its arguments, never throws on bad input; a refusal is a value.

import { checkOutcome, shuffled, type ChanceOutcome, type ChanceSpec } from '@razzia/contract';
import { sameCard } from './components.ts';
import { ruleError, shown } from './errors.ts';
import { answer, beginRound, dealRound, done, draft, give, reveal, roll, withoutCard } from './flow.ts';
import type { Action, Applied, Card, GameEvent, GameState, Phase, Seat } from './types.ts';

const fail = (code: string, rule: string, message: string): Applied => ({ ok: false, error: ruleError(code, rule, message) });

/** The chance a phase waits for, or null when a seat decides (or the game is over). */
export function chanceOf(state: GameState): ChanceSpec | null {
  const phase = state.phase;
  switch (phase.kind) {
    case 'shuffle':
      return { kind: 'shuffle', size: phase.what === 'supply' ? state.supply.length : state.deck.length };
    case 'reshuffle':
      return { kind: 'shuffle', size: state.discard.length };
    case 'duel':
      return { kind: 'die', sides: 6 };
    default:
      return null;
  }
}

/** The rule a chance phase follows, for refusing decisions while it is pending. */
const CHANCE_RULE: Partial<Record<Phase['kind'], string>> = { shuffle: 'D2.1', reshuffle: 'D3.4', duel: 'D5.6' };

export function apply(state: GameState, seat: Seat, action: Action): Applied {
  const n = state.names.length;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= n)
    return fail('seat/no-such-seat', 'D2', `there is no seat ${shown(seat)} at a ${n}-player table`);
  if (typeof action !== 'object' || action === null) return fail('action/malformed', 'D3', 'an action is an object with a type');
  const phase = state.phase;
  if (phase.kind === 'over') return fail('game/over', 'D6.1', 'the game is over');
  const chanceRule = CHANCE_RULE[phase.kind];
  if (chanceRule) return fail('chance/pending', chanceRule, `the game waits for ${phase.kind === 'duel' ? 'a die roll' : 'a shuffle'}, not a decision`);
  const type = (action as { type?: unknown }).type;
  switch (type) {
    case 'place':
      return place(state, seat, (action as { bar?: unknown }).bar);
    case 'pick':
      return pick(state, seat, (action as { card?: unknown }).card);
    case 'give':
      return giveTo(state, seat, (action as { to?: unknown }).to);
    case 'accept':
    case 'refuse':
      return answerWith(state, seat, type);
    default:
      return fail('action/unknown', 'D3', `unknown action type ${shown(type)}: a decision is place, pick, give, accept or refuse`);
  }
}

function place(state: GameState, seat: Seat, bar: unknown): Applied {
  const phase = state.phase;
  if (phase.kind !== 'place') return fail('place/not-now', 'D3.1', 'the extra chit is placed only at the start of a round');
  if (seat !== state.dealer) return fail('place/not-dealer', 'D3.1', `only the dealer, seat ${state.dealer}, places the extra chit`);
  if (typeof bar !== 'number' || !Number.isInteger(bar) || bar < 0 || bar >= state.bars)
    return fail('place/no-such-bar', 'D3.1', `the bars in play are 0 to ${state.bars - 1}, not ${shown(bar)}`);
  const d = draft(state);
  const barChits = state.barChits.slice();
  barChits[bar] = [...(barChits[bar] ?? []), phase.extra];
  d.barChits = barChits;
  d.phase = { kind: 'pick' };
  return done(d, [{ type: 'chit-placed', seat, bar, chit: phase.extra }]);
}

function pick(state: GameState, seat: Seat, card: unknown): Applied {
  const phase = state.phase;
  if (phase.kind === 'place') return fail('pick/not-yet', 'D3.1', 'nobody picks a card before the dealer has placed the extra chit');
  if (phase.kind !== 'pick') return fail('pick/not-now', 'D3.2', 'cards are chosen only while every seat chooses, at the start of a round');
  if (state.table[seat] !== null) return fail('pick/already-chosen', 'D3.2', 'you have already laid your card this round');
  const hand = state.hands[seat] as readonly Card[];
  const chosen = asCard(card) ? hand.find((c) => sameCard(c, card as Card)) : undefined;
  if (!chosen) return fail('pick/not-in-hand', 'D3.2', `${shown(card)} is not a card in your hand`);
  const d = draft(state);
  const hands = state.hands.slice();
  hands[seat] = withoutCard(hand, chosen);
  const table = state.table.slice();
  table[seat] = chosen;
  d.hands = hands;
  d.table = table;
  const events: GameEvent[] = [{ type: 'picked', seat, card: chosen }];
  // D3.3 when the last card is down, all are revealed together.
  if (table.some((c) => c === null)) return done(d, events);
  return reveal(d, events);
}

function asCard(value: unknown): value is Card {
  return typeof value === 'object' && value !== null;
}

function giveTo(state: GameState, seat: Seat, to: unknown): Applied {
  const phase = state.phase;
  if (phase.kind !== 'propose') return fail('give/not-now', 'D5.2', 'no proposal is being made');
  const proposer = phase.deal.parties[0] as Seat;
  if (seat !== proposer) return fail('give/not-proposer', 'D5.2', `seat ${proposer}, with the strongest card, proposes the split`);
  if (typeof to !== 'number' || !phase.deal.parties.includes(to))
    return fail('give/not-a-party', 'D5.2', `a chit goes to a party of the deal (${phase.deal.parties.join(', ')}), not ${shown(to)}`);
  return give(draft(state), phase.deal, to, []);
}

function answerWith(state: GameState, seat: Seat, given: 'accept' | 'refuse'): Applied {
  const phase = state.phase;
  if (phase.kind !== 'answer') return fail('answer/not-now', 'D5.3', 'no proposal waits for an answer');
  const { deal, answers } = phase;
  if (seat === deal.parties[0]) return fail('answer/proposer', 'D5.3', 'the proposer does not answer their own proposal');
  if (!deal.parties.includes(seat)) return fail('answer/not-a-party', 'D5.3', `seat ${seat} is not a party to this deal`);
  if (answers[seat] !== null) return fail('answer/already-given', 'D5.3', 'you have already answered');
  return answer(draft(state), deal, answers, seat, given, []);
}

/** A chance outcome for the pending chance. */
export function resolve(state: GameState, outcome: ChanceOutcome): Applied {
  const spec = chanceOf(state);
  if (!spec) return fail('chance/not-pending', state.phase.kind === 'over' ? 'D6.1' : 'D3', 'no chance is pending: a seat is to decide');
  const kind = typeof outcome === 'object' && outcome !== null ? (outcome as { kind?: unknown }).kind : undefined;
  if (kind !== 'die' && kind !== 'shuffle') return fail('chance/bad-outcome', CHANCE_RULE[state.phase.kind] as string, 'a chance outcome is a die or a shuffle');
  const problem = checkOutcome(spec, outcome);
  if (problem) return fail('chance/bad-outcome', CHANCE_RULE[state.phase.kind] as string, problem);
  const phase = state.phase;
  const d = draft(state);
  switch (phase.kind) {
    case 'shuffle': {
      const order = (outcome as { order: readonly number[] }).order;
      if (phase.what === 'supply') {
        d.supply = shuffled(state.supply, order); // D2.1
        d.phase = { kind: 'shuffle', what: 'deck' };
        return done(d, [{ type: 'shuffled', what: 'supply', size: order.length }]);
      }
      d.deck = shuffled(state.deck, order); // D2.1
      return beginRound(d, [{ type: 'shuffled', what: 'deck', size: order.length }]);
    }
    case 'reshuffle': {
      const order = (outcome as { order: readonly number[] }).order;
      d.deck = shuffled(state.discard, order); // D3.4
      d.discard = [];
      return dealRound(d, phase.toDeal, [{ type: 'shuffled', what: 'discard', size: order.length }]);
    }
    case 'duel':
      return roll(d, phase.duel, (outcome as { value: number }).value, []);
    default:
      return fail('chance/not-pending', 'D3', 'no chance is pending');
  }
}
