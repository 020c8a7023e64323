// What follows from a decision or a chance outcome without anyone deciding: dealing, laying out chits, revealing,
// settling the bars left to right (D4), deals and duels (D5), the end of a round (D3.4) and of the game (D6).
// Every function works on a Draft (a fresh top-level copy that only the current call sees) and replaces, never
// writes into, the arrays it shares with the state it came from.

import { moneyOf, richest, sameCard } from './components.ts';
import { isStronger, strongestFirst, winsDuel } from './strength.ts';
import type { Answer, Applied, Bar, Card, Chit, Deal, Duel, GameEvent, GameState, Seat } from './types.ts';

export type Draft = { -readonly [K in keyof GameState]: GameState[K] };

/** A copy to work on: every accepted move is one version step. */
export function draft(state: GameState): Draft {
  return { ...state, version: state.version + 1 };
}

export function done(state: Draft, events: GameEvent[]): Applied {
  return { ok: true, state, events };
}

/** Seats in dealing order: the seat after the dealer first, the dealer last (D2.1, D3.4). */
export function dealingOrder(dealer: Seat, players: number): Seat[] {
  return Array.from({ length: players }, (_, k) => (dealer + 1 + k) % players);
}

/** D3: a new round: the next dealer (seat 0 first, D2.2), cards dealt, chits laid out. */
export function beginRound(d: Draft, events: GameEvent[]): Applied {
  const n = d.names.length;
  d.dealer = d.round === 0 ? 0 : (d.dealer + 1) % n; // D3.4 the seat after the dealer deals next
  d.round += 1;
  events.push({ type: 'round-started', round: d.round, dealer: d.dealer });
  if (d.round === 1) {
    // D2.1: five cards each, the seat after the dealer taking the top five, the dealer last.
    const deck = d.deck.slice();
    const hands = d.hands.slice();
    for (const seat of dealingOrder(d.dealer, n)) {
      const cards = deck.splice(0, 5);
      hands[seat] = cards;
      events.push({ type: 'dealt', seat, count: cards.length, cards });
    }
    d.deck = deck;
    d.hands = hands;
    return layOut(d, events);
  }
  return dealRound(d, dealingOrder(d.dealer, n), events);
}

/** D3.4: one card to each of `toDeal`, in order; an empty deck is first rebuilt from the discard pile (chance). */
export function dealRound(d: Draft, toDeal: readonly Seat[], events: GameEvent[]): Applied {
  const deck = d.deck.slice();
  const hands = d.hands.slice();
  for (let i = 0; i < toDeal.length; i++) {
    const seat = toDeal[i] as Seat;
    const card = deck.shift();
    if (!card) {
      d.deck = deck;
      d.hands = hands;
      d.phase = { kind: 'reshuffle', toDeal: toDeal.slice(i) }; // D3.4 the discard pile is shuffled into a new deck
      return done(d, events);
    }
    hands[seat] = [...(hands[seat] as Card[]), card];
    events.push({ type: 'dealt', seat, count: 1, cards: [card] });
  }
  d.deck = deck;
  d.hands = hands;
  return layOut(d, events);
}

/** D3.1: one chit at each bar, left to right, while the supply lasts; then the extra one for the dealer to place.
 * In the three-player game's last round only two chits are left: they go to the two leftmost bars. */
export function layOut(d: Draft, events: GameEvent[]): Applied {
  const supply = d.supply.slice();
  const barChits = d.barChits.slice();
  const laid: (Chit | null)[] = [];
  for (let bar = 0; bar < d.bars; bar++) {
    const chit = supply.shift();
    if (chit === undefined) laid.push(null);
    else {
      laid.push(chit);
      barChits[bar] = [...(barChits[bar] as Chit[]), chit];
    }
  }
  const extra = supply.shift() ?? null;
  d.supply = supply;
  d.barChits = barChits;
  events.push({ type: 'chits-laid', chits: laid, extra });
  d.phase = extra === null ? { kind: 'pick' } : { kind: 'place', extra };
  return done(d, events);
}

/** D3.3: every card is on the table: reveal them together and settle the bars. */
export function reveal(d: Draft, events: GameEvent[]): Applied {
  events.push({ type: 'revealed', cards: d.table as Card[] });
  return settleFrom(d, 0, events);
}

/** D3.3: the bars from `bar` rightwards, one after the other; a deal stops the walk until it is settled. */
export function settleFrom(d: Draft, bar: Bar, events: GameEvent[]): Applied {
  for (let b = bar; b < d.bars; b++) if (settleBar(d, b, events) === 'deal') return done(d, events);
  return endRound(d, events);
}

/** D4: one bar. Returns 'deal' when the bar waits for a proposal. */
function settleBar(d: Draft, bar: Bar, events: GameEvent[]): 'settled' | 'deal' {
  const here: { seat: Seat; card: Card }[] = [];
  d.table.forEach((card, seat) => {
    if (card && card.bar === bar) here.push({ seat, card });
  });
  if (here.length === 0) {
    events.push({ type: 'bar-quiet', bar, reason: 'no-card' }); // D4.1 the chits stay
    return 'settled';
  }
  const chits = d.barChits[bar] as Chit[];
  if (chits.length === 0) {
    events.push({ type: 'bar-quiet', bar, reason: 'no-chits' }); // D4.5
    return 'settled';
  }
  const raiders = here.filter((h) => h.card.kind === 'raid');
  const gamblers = here.filter((h) => h.card.kind === 'gambler');
  if (gamblers.length === 0) {
    events.push({ type: 'bar-quiet', bar, reason: 'raid-failed' }); // D4.4
    return 'settled';
  }
  // D4.3 with a raid card only the raiders count; D4.2 otherwise the gamblers.
  const dealing = raiders.length > 0 ? raiders : gamblers;
  if (dealing.length === 1) {
    take(d, (dealing[0] as { seat: Seat }).seat, bar, chits, raiders.length > 0 ? 'raid' : 'alone', events);
    return 'settled';
  }
  const n = d.names.length;
  const parties = strongestFirst(
    dealing.map((h) => ({ seat: h.seat, dice: h.card.dice })),
    d.dealer,
    n,
  ).map((c) => c.seat); // D5.1 the strongest proposes
  const sorted = [...chits].sort((a, b) => b - a); // D5.2 given largest first
  d.phase = { kind: 'propose', deal: { bar, parties, chits: sorted, to: [] } };
  events.push({ type: 'deal-opened', bar, parties, chits: sorted });
  return 'deal';
}

/** Money moves from a bar to a seat: `chits` leave the bar (one of each listed) and join the seat's money. */
function take(d: Draft, seat: Seat, bar: Bar, chits: readonly Chit[], reason: 'alone' | 'raid' | 'deal' | 'duel', events: GameEvent[]): void {
  if (chits.length === 0) return;
  const left = (d.barChits[bar] as Chit[]).slice();
  for (const chit of chits) left.splice(left.indexOf(chit), 1);
  const barChits = d.barChits.slice();
  barChits[bar] = left;
  const money = d.money.slice();
  money[seat] = [...(money[seat] as Chit[]), ...chits];
  d.barChits = barChits;
  d.money = money;
  events.push({ type: 'took', seat, bar, chits: [...chits], reason });
}

/** The chits a deal gives `seat`, largest first. */
export function shareOf(deal: Deal, seat: Seat): Chit[] {
  return deal.chits.filter((_, i) => deal.to[i] === seat);
}

/** D5.2: the proposer gives the next chit; the last one completes the proposal and the others answer (D5.3). */
export function give(d: Draft, deal: Deal, to: Seat, events: GameEvent[]): Applied {
  const chit = deal.chits[deal.to.length] as Chit;
  const next: Deal = { ...deal, to: [...deal.to, to] };
  events.push({ type: 'gave', bar: deal.bar, chit, to });
  if (next.to.length < next.chits.length) {
    d.phase = { kind: 'propose', deal: next };
    return done(d, events);
  }
  events.push({
    type: 'proposed',
    bar: deal.bar,
    proposer: deal.parties[0] as Seat,
    shares: next.parties.map((seat) => ({ seat, chits: shareOf(next, seat) })),
  });
  d.phase = { kind: 'answer', deal: next, answers: d.names.map(() => null) };
  return done(d, events);
}

/** D5.3: one secret answer; the last one shows them all and the deal is settled (D5.4, D5.5). */
export function answer(d: Draft, deal: Deal, answers: readonly (Answer | null)[], seat: Seat, given: Answer, events: GameEvent[]): Applied {
  const now = answers.slice();
  now[seat] = given;
  events.push({ type: 'answered', seat, answer: given });
  const others = deal.parties.slice(1);
  if (others.some((s) => now[s] === null)) {
    d.phase = { kind: 'answer', deal, answers: now };
    return done(d, events);
  }
  events.push({ type: 'answers-shown', bar: deal.bar, answers: others.map((s) => ({ seat: s, answer: now[s] as Answer })) });
  return closeDeal(d, deal, now, events);
}

function closeDeal(d: Draft, deal: Deal, answers: readonly (Answer | null)[], events: GameEvent[]): Applied {
  const proposer = deal.parties[0] as Seat;
  const refusers = deal.parties.filter((s) => answers[s] === 'refuse');
  // D5.4/D5.5 the acceptors take their shares.
  for (const seat of deal.parties.slice(1)) if (answers[seat] === 'accept') take(d, seat, deal.bar, shareOf(deal, seat), 'deal', events);
  if (refusers.length === 0) {
    take(d, proposer, deal.bar, shareOf(deal, proposer), 'deal', events); // D5.4
    return settleFrom(d, deal.bar + 1, events);
  }
  // D5.5 the rest (the proposer's and the refusers' shares) is fought for; with no chit in it there is no duel.
  const stake = deal.chits.filter((_, i) => deal.to[i] === proposer || refusers.includes(deal.to[i] as Seat));
  if (stake.length === 0) return settleFrom(d, deal.bar + 1, events);
  const n = d.names.length;
  const dice = (seat: Seat) => (d.table[seat] as Card).dice;
  const challengers = strongestFirst(
    refusers.map((seat) => ({ seat, dice: dice(seat) })),
    d.dealer,
    n,
  )
    .reverse()
    .map((c) => c.seat); // D5.5 the proposer duels the weakest refuser first
  return startDuel(d, { bar: deal.bar, stake, answers, champion: proposer, challengers }, events);
}

function startDuel(d: Draft, chain: Pick<Duel, 'bar' | 'stake' | 'answers' | 'champion' | 'challengers'>, events: GameEvent[]): Applied {
  const challenger = chain.challengers[0] as Seat;
  const champion = { seat: chain.champion, dice: (d.table[chain.champion] as Card).dice };
  const other = { seat: challenger, dice: (d.table[challenger] as Card).dice };
  // D5.6 the stronger card's player rolls first.
  const [first, second] = isStronger(champion, other, d.dealer, d.names.length) ? [champion.seat, other.seat] : [other.seat, champion.seat];
  d.phase = { kind: 'duel', duel: { ...chain, first, second, rolls: [] } };
  events.push({ type: 'duel-started', bar: chain.bar, first, second, stake: chain.stake });
  return done(d, events);
}

/** D5.6: one die roll; after the second the duel is decided and the chain goes on, or its winner takes the rest. */
export function roll(d: Draft, duel: Duel, value: number, events: GameEvent[]): Applied {
  const roller = duel.rolls.length === 0 ? duel.first : duel.second;
  const dice = (seat: Seat) => (d.table[seat] as Card).dice;
  events.push({ type: 'rolled', seat: roller, value, total: dice(roller) + value });
  const rolls = [...duel.rolls, value];
  if (rolls.length < 2) {
    d.phase = { kind: 'duel', duel: { ...duel, rolls } };
    return done(d, events);
  }
  const first = { seat: duel.first, dice: dice(duel.first) };
  const second = { seat: duel.second, dice: dice(duel.second) };
  const firstWins = winsDuel(first, rolls[0] as number, second, rolls[1] as number, d.dealer, d.names.length);
  const [winner, loser] = firstWins ? [duel.first, duel.second] : [duel.second, duel.first];
  events.push({ type: 'duel-won', bar: duel.bar, winner, loser });
  const challengers = duel.challengers.slice(1); // D5.5 the winner duels the next weakest refuser
  if (challengers.length > 0) return startDuel(d, { bar: duel.bar, stake: duel.stake, answers: duel.answers, champion: winner, challengers }, events);
  take(d, winner, duel.bar, duel.stake, 'duel', events); // D5.5 the last winner takes the rest
  return settleFrom(d, duel.bar + 1, events);
}

/** D3.4/D6.1: played cards go to the discard pile and the next round begins, unless the last chits were laid. */
function endRound(d: Draft, events: GameEvent[]): Applied {
  events.push({ type: 'round-ended', round: d.round });
  if (d.supply.length === 0) {
    // D6.1 over after the round that laid the last chits; no cards are dealt, chits left at bars are nobody's.
    d.phase = { kind: 'over' };
    const totals = moneyOf(d.money);
    events.push({ type: 'game-over', money: totals, winners: richest(totals) });
    return done(d, events);
  }
  d.discard = [...d.discard, ...(d.table as Card[])]; // D3.4 in seat order
  d.table = d.names.map(() => null);
  return beginRound(d, events);
}

/** The hand without one copy of `card`. */
export function withoutCard(hand: readonly Card[], card: Card): Card[] {
  const i = hand.findIndex((c) => sameCard(c, card));
  return i < 0 ? [...hand] : [...hand.slice(0, i), ...hand.slice(i + 1)];
}

