// Hidden information (docs/rules/razzia-dorra.md, "Hidden information"): the one filter every payload goes through.
// A seat sees its own hand, its own face-down card and its own answer; nobody sees another's before the reveal,
// nor the deck's or the supply's order. Events are addressed here too: `tell` says who sees what.

import type { Told } from '@razzia/contract';
import type { Answer, GameEvent, GameState, GameView, Phase, PhaseView, Seat, Viewer } from './types.ts';

/** A real seat at this table, or null (a spectator, or a number that is no seat). */
function seatOf(state: GameState, viewer: Viewer): Seat | null {
  return typeof viewer === 'number' && Number.isInteger(viewer) && viewer >= 0 && viewer < state.names.length ? viewer : null;
}

export function view(state: GameState, viewer: Viewer): GameView {
  const seat = seatOf(state, viewer);
  // D3.2/D3.3: cards are face down while seats choose; in every other phase the table is face up (or empty).
  const faceDown = state.phase.kind === 'pick';
  return {
    viewer: seat,
    names: state.names,
    round: state.round,
    rounds: state.rounds,
    dealer: state.dealer,
    bars: state.bars,
    barChits: state.barChits,
    money: state.money,
    hand: seat === null ? null : (state.hands[seat] ?? null),
    handSizes: state.hands.map((h) => h.length),
    table: state.table.map((card, s) => (!faceDown || s === seat ? card : null)),
    deckSize: state.deck.length,
    supplySize: state.supply.length,
    discard: state.discard,
    phase: phaseView(state, state.phase, seat),
    version: state.version,
  };
}

function phaseView(state: GameState, phase: Phase, seat: Seat | null): PhaseView {
  switch (phase.kind) {
    case 'pick':
      return { kind: 'pick', chosen: state.table.map((c) => c !== null) };
    case 'answer':
      // D5.3 answers stay secret until the last is given: only who has answered is public.
      return {
        kind: 'answer',
        deal: phase.deal,
        answered: phase.answers.map((a) => a !== null),
        answer: seat === null ? null : ((phase.answers[seat] ?? null) as Answer | null),
      };
    default:
      return phase;
  }
}

/** Who sees an event: a seat's cards, face-down card and answer only that seat; the rest get the redacted form. */
export function tell(event: GameEvent): Told<GameEvent> {
  switch (event.type) {
    case 'dealt':
      return { to: [event.seat], event, others: { ...event, cards: null } };
    case 'picked':
      return { to: [event.seat], event, others: { ...event, card: null } };
    case 'answered':
      return { to: [event.seat], event, others: { ...event, answer: null } };
    default:
      return { to: 'all', event };
  }
}

/** The form of `event` that `viewer` receives. */
export function eventFor(event: GameEvent, viewer: Viewer): GameEvent {
  const told = tell(event);
  if (told.to === 'all') return told.event;
  return viewer !== null && told.to.includes(viewer) ? told.event : told.others;
}
