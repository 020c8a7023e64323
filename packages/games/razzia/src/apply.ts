// apply(state, action): the rules of play (R3–R8). Pure: never mutates its argument, never throws on bad input.

import { BOOTY_KINDS, KIND_INFO, type BootyKind, type CardKind, type Estate } from './cards.ts';
import { ruleError } from './errors.ts';
import { highestChequeHolder } from './setup.ts';
import { scoreRound, totals, winners } from './scoring.ts';
import type {
  Action,
  ApplyResult,
  Auction,
  AuctionKind,
  Chance,
  Cheque,
  GameEvent,
  GameState,
  Intent,
  PileIndex,
  PlayerState,
  RoundEndReason,
  RuleError,
  Seat,
} from './types.ts';

/** R4.2: a full auction follows when the row holds this many booty cards. */
export const FULL_ROW = 7;

type Fail = { readonly ok: false; readonly error: RuleError };
const fail = (code: string, rule: string, message: string): Fail => ({ ok: false, error: ruleError(code, rule, message) });

/** The next state while an action is worked out: a fresh shallow copy that only this call sees, so writing its
 * fields never touches the caller's state; nested objects are replaced, never written to. */
type Draft = { -readonly [K in keyof GameState]: GameState[K] };

function draft(state: GameState): Draft {
  // Every field by name, in one literal: one object shape for every state, which keeps apply fast.
  return {
    names: state.names,
    round: state.round,
    players: state.players,
    centre: state.centre,
    row: state.row,
    policeLine: state.policeLine,
    policeLimit: state.policeLimit,
    pileSizes: state.pileSizes,
    phase: state.phase,
    results: state.results,
    outOfPlay: state.outOfPlay,
    // Every accepted action is one version step, whatever follows from it.
    version: state.version + 1,
    secret: state.secret,
  };
}

export function apply(state: GameState, action: Action): ApplyResult {
  if (typeof action !== 'object' || action === null) return fail('action/malformed', 'R3.2', 'an action is an object');
  return applyDecision(state, (action as { seat: unknown }).seat, action);
}

/** A decision of `seat` (as the game contract passes it: the seat beside the decision, not inside it). */
export function applyDecision(state: GameState, seat: unknown, action: Intent | Action): ApplyResult {
  if (typeof action !== 'object' || action === null) return fail('action/malformed', 'R3.2', 'an action is an object');
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= state.players.length)
    return fail('seat/no-such-seat', 'R2.1', `there is no seat ${String(seat)} at a ${state.players.length}-player table`);
  const phase = state.phase;
  if (phase.kind === 'over') return fail('game/over', 'R8.3', 'the game is over');
  const type = (action as { type: unknown }).type;
  switch (type) {
    case 'draw':
    case 'thief':
    case 'call': {
      if (phase.kind === 'auction')
        return fail('turn/auction-running', 'R6.2', `an auction is running: seat ${phase.auction.order[phase.auction.next]} is to bid or pass`);
      if (phase.seat !== seat) return fail('turn/not-your-turn', 'R3.1', `it is seat ${phase.seat}'s turn, not seat ${seat}'s`);
      if (type === 'draw') return draw(state, seat, (action as { pile: unknown }).pile);
      if (type === 'thief') return useThieves(state, seat, (action as { take: unknown }).take);
      return openAuction(draft(state), 'court', seat, []);
    }
    case 'bid':
    case 'pass': {
      if (phase.kind !== 'auction') return fail('auction/none-running', 'R6.2', 'there is no auction to bid or pass in');
      const auction = phase.auction;
      const speaker = auction.order[auction.next];
      if (speaker !== seat) return fail('auction/not-your-chance', 'R6.2', `it is seat ${speaker}'s chance to bid, not seat ${seat}'s`);
      if (type === 'pass') {
        if (mustBid(auction)) return fail('pass/forced-bid', 'R6.4', 'everybody passed on your court auction: you must bid a cheque');
        return speak(draft(state), auction, { seat, bid: null, automatic: false }, [{ type: 'passed', seat, automatic: false }]);
      }
      const cheque = (action as { cheque: unknown }).cheque;
      const player = state.players[seat] as PlayerState;
      if (typeof cheque !== 'number' || !player.faceUp.includes(cheque))
        return fail('bid/not-your-cheque', 'R6.3', `cheque ${String(cheque)} is not one of your face-up cheques (${player.faceUp.join(', ')})`);
      if (auction.high && cheque <= auction.high.cheque)
        return fail('bid/not-higher', 'R6.3', `a bid must beat the highest bid, ${auction.high.cheque}`);
      return speak(draft(state), auction, { seat, bid: cheque, automatic: false }, [{ type: 'bid', seat, cheque }]);
    }
    default:
      return fail('action/unknown', 'R3.2', `unknown action type ${JSON.stringify(type)}: a turn is draw, thief or call; a chance is bid or pass`);
  }
}

/** R6.4: in a court auction the caller may not pass if every earlier player passed. */
export function mustBid(auction: Auction): boolean {
  return auction.kind === 'court' && auction.high === null && auction.order[auction.next] === auction.trigger;
}

/** R6.3: a player none of whose face-up cheques beats the highest bid passes without being asked. */
export function canOutbid(player: PlayerState, high: Cheque | null): boolean {
  const best = player.faceUp[player.faceUp.length - 1];
  return best !== undefined && (high === null || best > high);
}

/** R3.1: the first seat clockwise after `from` (ending with `from` itself) that holds a face-up cheque, or -1. */
export function nextActive(players: readonly PlayerState[], from: Seat): Seat {
  const n = players.length;
  for (let k = 1; k <= n; k++) {
    const s = (from + k) % n;
    if ((players[s] as PlayerState).faceUp.length > 0) return s;
  }
  return -1;
}

function draw(state: GameState, seat: Seat, pile: unknown): ApplyResult {
  if (pile !== 0 && pile !== 1) return fail('draw/no-such-pile', 'R4.1', `pile ${JSON.stringify(pile)} does not exist: name pile 0 or 1`);
  const sizes = state.pileSizes;
  if (sizes[pile] === 0) return fail('draw/pile-empty', 'R4.1', `pile ${pile} is empty`);
  const { secret } = state;
  const tops: [number, number] = [secret.pileTops[0], secret.pileTops[1]];
  const newSizes: [number, number] = [sizes[0], sizes[1]];
  const card = secret.deck[tops[pile]] as CardKind;
  tops[pile]++;
  newSizes[pile]--;
  const events: GameEvent[] = [{ type: 'card-drawn', seat, pile, card }];
  const other = (1 - pile) as PileIndex;
  if (newSizes[pile] === 0 && newSizes[other] > 1) {
    // R4.4: the other pile's bottom ⌊m/2⌋ cards, order kept, become the emptied pile.
    const m = newSizes[other];
    const keep = Math.ceil(m / 2);
    tops[pile] = tops[other] + keep;
    newSizes[pile] = m - keep;
    newSizes[other] = keep;
    events.push({ type: 'piles-split', emptied: pile, moved: m - keep });
  }
  const next = draft(state);
  next.pileSizes = newSizes;
  next.secret = { setup: secret.setup, deck: secret.deck, pileTops: tops };
  if (card === 'police') {
    next.policeLine = state.policeLine + 1;
    // R4.3: the limit-th police card ends the round at once, without an auction.
    if (next.policeLine >= state.policeLimit) return endRound(next, 'police', events);
    return openAuction(next, 'police', seat, events);
  }
  next.row = [...state.row, card];
  // R4.2: a seventh booty card triggers a full auction.
  if (next.row.length >= FULL_ROW) return openAuction(next, 'full', seat, events);
  return endTurn(next, seat, events);
}

function useThieves(state: GameState, seat: Seat, take: unknown): ApplyResult {
  const player = state.players[seat] as PlayerState;
  const thieves = player.estate.thief;
  if (thieves < 1) return fail('thief/no-thieves', 'R5.1', 'you have no thieves in your estate');
  const row = state.row;
  if (row.length === 0) return fail('thief/empty-row', 'R5.1', 'there is no booty in the row to steal');
  if (!Array.isArray(take) || take.length === 0)
    return fail('thief/nothing-taken', 'R5.1', 'name at least one position in the row to take');
  if (take.length > thieves)
    return fail('thief/too-many', 'R5.1', `you have ${thieves} thie${thieves === 1 ? 'f' : 'ves'}: you can take at most ${thieves} card${thieves === 1 ? '' : 's'}`);
  for (const position of take) {
    if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position >= row.length)
      return fail('thief/no-such-position', 'R5.1', `the row has positions 0 to ${row.length - 1}, not ${JSON.stringify(position)}`);
  }
  // R5.1: the positions taken are a set, in any order, each named once.
  const positions = (take as readonly number[]).slice().sort((a, b) => a - b);
  for (let i = 1; i < positions.length; i++)
    if (positions[i] === positions[i - 1]) return fail('thief/position-twice', 'R5.1', `position ${positions[i]} is named twice: take each card once`);
  const cards: BootyKind[] = [];
  const rest: BootyKind[] = [];
  let j = 0;
  for (let i = 0; i < row.length; i++) {
    if (positions[j] === i) {
      cards.push(row[i] as BootyKind);
      j++;
    } else rest.push(row[i] as BootyKind);
  }
  // R5.1: the used thieves leave the game; the taken cards (a thief among them, R5.2) join the estate.
  const estate = addToEstate({ ...player.estate, thief: thieves - positions.length }, cards);
  const next = draft(state);
  next.players = replacePlayer(state.players, seat, { faceUp: player.faceUp, faceDown: player.faceDown, estate });
  next.outOfPlay = { ...state.outOfPlay, thief: state.outOfPlay.thief + positions.length };
  next.row = rest;
  return endTurn(next, seat, [{ type: 'thieves-used', seat, positions: [...positions], cards }]);
}

/** R6.2: everyone holding a face-up cheque gets one chance, clockwise from the trigger's left, trigger last. */
function openAuction(state: Draft, kind: AuctionKind, trigger: Seat, events: GameEvent[]): ApplyResult {
  const n = state.players.length;
  const order: Seat[] = [];
  for (let k = 1; k <= n; k++) {
    const s = (trigger + k) % n;
    if ((state.players[s] as PlayerState).faceUp.length > 0) order.push(s);
  }
  events.push({ type: 'auction-opened', kind, trigger, order });
  const auction: Auction = { kind, trigger, order, next: 0, high: null, chances: [] };
  if (order.length === 0) return closeAuction(state, auction, events);
  state.phase = { kind: 'auction', auction };
  return ok(state, events);
}

/** Records one chance and moves on, passing automatically for whoever cannot outbid (R6.3). */
function speak(state: Draft, auction: Auction, chance: Chance, events: GameEvent[]): ApplyResult {
  const chances = [...auction.chances, chance];
  const high = chance.bid !== null ? { seat: chance.seat, cheque: chance.bid } : auction.high;
  let next = auction.next + 1;
  while (next < auction.order.length) {
    const seat = auction.order[next] as Seat;
    if (canOutbid(state.players[seat] as PlayerState, high?.cheque ?? null)) break;
    chances.push({ seat, bid: null, automatic: true });
    events.push({ type: 'passed', seat, automatic: true });
    next++;
  }
  const updated: Auction = { kind: auction.kind, trigger: auction.trigger, order: auction.order, next, high, chances };
  if (next >= auction.order.length) return closeAuction(state, updated, events);
  state.phase = { kind: 'auction', auction: updated };
  return ok(state, events);
}

/** R6.5/R6.6: hand over the prize, or keep or discard the row; then play moves on (R6.7) or the round ends (R8.1). */
function closeAuction(state: Draft, auction: Auction, events: GameEvent[]): ApplyResult {
  const high = auction.high;
  if (high) {
    const winner = state.players[high.seat] as PlayerState;
    const updated: PlayerState = {
      faceUp: winner.faceUp.filter((c) => c !== high.cheque),
      faceDown: [...winner.faceDown, state.centre],
      estate: addToEstate({ ...winner.estate }, state.row),
    };
    events.push({
      type: 'auction-closed',
      kind: auction.kind,
      winner: high.seat,
      cheque: high.cheque,
      cards: state.row,
      centre: state.centre,
      discarded: [],
    });
    state.players = replacePlayer(state.players, high.seat, updated);
    state.centre = high.cheque;
    state.row = [];
  } else {
    const discard = auction.kind === 'full';
    events.push({
      type: 'auction-closed',
      kind: auction.kind,
      winner: null,
      cheque: null,
      cards: [],
      centre: null,
      discarded: discard ? state.row : [],
    });
    if (discard) {
      state.outOfPlay = addCards({ ...state.outOfPlay }, state.row);
      state.row = [];
    }
  }
  return endTurn(state, auction.trigger, events); // R6.7
}

/** R3.1/R6.7: play passes to the next player clockwise who holds a face-up cheque; with none the round ends (R8.1). */
function endTurn(state: Draft, from: Seat, events: GameEvent[]): ApplyResult {
  const following = nextActive(state.players, from);
  if (following < 0) return endRound(state, 'cheques', events);
  events.push({ type: 'turn', seat: following });
  state.phase = { kind: 'turn', seat: following };
  return ok(state, events);
}

/** R8: score the round (R7), remove the black-cross cards (R7.8), then start the next round or end the game. */
function endRound(state: Draft, reason: RoundEndReason, events: GameEvent[]): ApplyResult {
  const round = state.round;
  const scores = scoreRound(state.players, round);
  state.results = [...state.results, { round, reason, scores }];
  events.push({ type: 'round-ended', round, reason }, { type: 'round-scored', round, scores });
  if (round >= 3) {
    const sums = totals(state.results, state.players.length);
    events.push({ type: 'game-over', totals: sums, winners: winners(sums) });
    state.phase = { kind: 'over' };
    return ok(state, events);
  }
  // R8.2: cheques turn face up, row and police line are discarded, the centre cheque and the piles stay;
  // R7.8: the black-cross cards leave every estate.
  const outOfPlay = addCards({ ...state.outOfPlay }, state.row);
  outOfPlay.police += state.policeLine;
  state.players = state.players.map((p) => {
    const estate = withoutBlackCross(p.estate);
    for (const kind of BOOTY_KINDS) outOfPlay[kind] += p.estate[kind] - estate[kind];
    return { faceUp: [...p.faceUp, ...p.faceDown].sort((a, b) => a - b), faceDown: [], estate };
  });
  state.outOfPlay = outOfPlay;
  const starter = highestChequeHolder(state.players); // R2.4
  events.push({ type: 'round-started', round: round + 1, starter });
  state.round = round + 1;
  state.row = [];
  state.policeLine = 0;
  state.phase = { kind: 'turn', seat: starter };
  return ok(state, events);
}

/** R7.8 */
export function withoutBlackCross(estate: Estate): Estate {
  const kept = { ...estate };
  for (const kind of Object.keys(kept) as BootyKind[]) if (KIND_INFO[kind].blackCross) kept[kind] = 0;
  return kept;
}

function addCards(counts: Record<CardKind, number>, cards: readonly CardKind[]): Record<CardKind, number> {
  for (const card of cards) counts[card]++;
  return counts;
}

function addToEstate(estate: Record<BootyKind, number>, cards: readonly BootyKind[]): Estate {
  for (const card of cards) estate[card]++;
  return estate;
}

function replacePlayer(players: readonly PlayerState[], seat: Seat, player: PlayerState): PlayerState[] {
  const copy = players.slice();
  copy[seat] = player;
  return copy;
}

function ok(state: GameState, events: readonly GameEvent[]): ApplyResult {
  return { ok: true, state, events };
}
