// apply(state, seat, action) and resolve(state, outcome): the rules of play. Pure: never mutates its arguments,
// never throws on bad input (anything a client or a record may send is judged and refused as a value).

import { checkOutcome, shuffled } from '@razzia/contract/chance';
import type { ChanceOutcome } from '@razzia/contract';
import { isCard, withoutOne, type Card } from './cards.ts';
import { effectOf } from './effects.ts';
import { refuse } from './errors.ts';
import { draft, draw, endTurn, makeDiscard, nextDiscard, withPlayer, type Draft } from './flow.ts';
import { discardChoices, discardKey, kindsPoints, takeDiscard, DISCARD_TOTAL } from './reckoning.ts';
import { isTileValue, lootPoints, sortValues, type TileValue } from './tiles.ts';
import type { Applied, GameEvent, GameState, PlayerState, Seat, TileKind } from './types.ts';

const FIELDS: Readonly<Record<string, readonly string[]>> = {
  play: ['type', 'card', 'from', 'take'],
  guard: ['type', 'give'],
  discard: ['type', 'tiles'],
};

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

export function apply(state: GameState, seat: Seat, action: unknown): Applied {
  const n = state.players.length;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= n)
    return refuse('seat/no-such-seat', 'B1.1', `there is no seat ${show(seat)} at a ${n}-player table`);
  const phase = state.phase;
  if (phase.kind === 'over') return refuse('game/over', 'B9.5', 'the game is over');
  if (typeof action !== 'object' || action === null || Array.isArray(action))
    return refuse('action/unknown', 'B3.1', 'an action is an object with a type: play, guard or discard');
  const fields = action as Record<string, unknown>;
  const type = fields.type;
  const allowed = typeof type === 'string' && Object.hasOwn(FIELDS, type) ? (FIELDS[type] as readonly string[]) : null;
  if (allowed === null) return refuse('action/unknown', 'B3.1', `unknown action type ${show(type)}: play, guard or discard`);
  for (const key of Object.keys(fields))
    if (!allowed.includes(key) && fields[key] !== undefined) return refuse('action/unknown-field', 'B3.1', `a ${type} action has no field ${show(key)}`);
  if (phase.kind === 'reshuffle') return refuse('draw/reshuffle-pending', 'B3.2', 'the discard pile is to be shuffled into a new draw pile first');
  if (type === 'play') {
    if (phase.kind === 'guard') return refuse('guard/awaited', 'B6.2', `seat ${phase.seat} is to give the tile or the Guard Dog first`);
    if (phase.kind === 'discard') return refuse('discard/awaited', 'B9.3', `seat ${phase.seat} is to discard first`);
    if (phase.seat !== seat) return refuse('turn/not-your-turn', 'B3.3', `it is seat ${phase.seat}'s turn, not seat ${seat}'s`);
    return play(state, seat, fields.card, fields.from, fields.take);
  }
  if (type === 'guard') {
    if (phase.kind !== 'guard' || phase.seat !== seat)
      return refuse('guard/not-asked', 'B6.2', `seat ${seat} is not being robbed while holding the Guard Dog`);
    return guard(state, phase, fields.give);
  }
  if (phase.kind !== 'discard' || phase.seat !== seat) return refuse('discard/not-asked', 'B9.3', `seat ${seat} is not to discard now`);
  return discard(state, seat, fields.tiles);
}

/** B3.1: a card from the hand, face up onto the discard pile, then resolved (B4-B7). */
function play(state: GameState, seat: Seat, card: unknown, from: unknown, take: unknown): Applied {
  const player = state.players[seat] as PlayerState;
  if (!isCard(card) || !player.hand.includes(card))
    return refuse('play/not-in-hand', 'B3.1', `${show(card)} is not a card in your hand`);
  const effect = effectOf(state, seat, card);
  const rule = typeof card === 'number' ? 'B4.1' : card === 'boss' ? 'B5.1' : card === 'dog' ? 'B6.1' : 'B7.1';
  // B3.4 first: nobody takes from themself, whatever the card.
  if (from === seat) return refuse('steal/from-self', 'B3.4', 'you cannot steal from yourself');
  if (take !== undefined && effect.kind !== 'choose')
    return refuse(card === 'greedy' ? 'greedy/middle-empty' : 'play/no-choice', rule, `only a Greedy Thief chooses its tile (${show(card)} does not)`);
  if (from !== undefined) {
    if (card === 'greedy') return refuse('greedy/not-from-player', 'B7.1', 'a Greedy Thief takes only from the middle, never from a player');
    if (card === 'dog') return refuse('play/no-choice', 'B6.1', 'the Guard Dog card takes the figure from wherever it is: name nobody');
    if (typeof from !== 'number' || !Number.isInteger(from) || from < 0 || from >= state.players.length)
      return refuse('steal/no-such-seat', 'B1.1', `there is no seat ${show(from)} to steal from`);
  }
  const tile = card as TileValue;
  switch (effect.kind) {
    case 'take':
      if (from !== undefined) return refuse('steal/middle-first', rule, `the middle has a ${show(tile)}: it is taken from there, from nobody`);
      return done(state, seat, card, (next, events) => takeFromMiddle(next, seat, tile, events));
    case 'choose':
      if (take === undefined) return refuse('greedy/choose', 'B7.1', `name the tile you take from the middle (${effect.tiles.map(show).join(', ')})`);
      if (!isTileValue(take) || !effect.tiles.includes(take)) return refuse('greedy/not-in-middle', 'B7.1', `the middle holds no ${show(take)} tile`);
      return done(state, seat, card, (next, events) => takeFromMiddle(next, seat, take, events));
    case 'steal':
      if (from === undefined)
        return refuse('steal/choose-victim', 'B4.2', `a steal the card allows must be made: name whom you rob (seat ${effect.victims.join(' or ')})`);
      if (!effect.victims.includes(from as Seat)) return noSuchTile(state, from as Seat, tile, rule);
      return done(state, seat, card, (next, events) => steal(next, seat, from as Seat, tile, events));
    case 'dog':
      return done(state, seat, card, (next, events) => {
        next.dog = seat;
        events.push({ type: 'dog-taken', seat, from: effect.from });
      });
    case 'none':
      if (from !== undefined) return noSuchTile(state, from as Seat, tile, rule);
      return done(state, seat, card, (_next, events) => {
        events.push({ type: 'no-effect', seat, card, reason: effect.reason });
      });
  }
}

/** A steal naming a player who has no such tile this raid: perhaps only among their banked tiles (B3.4). */
function noSuchTile(state: GameState, from: Seat, tile: TileValue, rule: string): Applied {
  const victim = state.players[from] as PlayerState;
  if (victim.banked.some((t) => t.value === tile))
    return refuse('steal/banked', 'B3.4', `seat ${from}'s banked tiles are safe; they hold no ${show(tile)} of this raid`);
  return refuse('steal/no-such-tile', rule === 'B4.1' ? 'B4.2' : rule, `seat ${from} holds no ${show(tile)} tile of this raid`);
}

/** The card leaves the hand for the discard pile, its effect follows, then the end of the turn (B3.1-B3.3). */
function done(state: GameState, seat: Seat, card: Card, effect: (next: Draft, events: GameEvent[]) => void): Applied {
  const next = draft(state);
  const player = state.players[seat] as PlayerState;
  next.players = withPlayer(state.players, seat, { hand: withoutOne(player.hand, card) });
  next.discard = [...state.discard, card];
  const events: GameEvent[] = [{ type: 'played', seat, card }];
  effect(next, events);
  if (next.phase.kind === 'guard') return { ok: true, state: next, events };
  return endTurn(next, seat, events);
}

function takeFromMiddle(next: Draft, seat: Seat, tile: TileValue, events: GameEvent[]): void {
  next.middle = withoutOne(next.middle, tile);
  const player = next.players[seat] as PlayerState;
  next.players = withPlayer(next.players, seat, { loot: sortValues([...player.loot, tile]) });
  events.push({ type: 'took', seat, raid: next.raid, tile, from: null });
}

/** B4.2, B5.1: the tile moves, unless the victim holds the Guard Dog: then they choose (B6.2). */
function steal(next: Draft, thief: Seat, victim: Seat, tile: TileValue, events: GameEvent[]): void {
  if (next.dog === victim) {
    next.phase = { kind: 'guard', seat: victim, thief, tile };
    events.push({ type: 'guard-asked', seat: victim, thief, tile });
    return;
  }
  moveTile(next, victim, thief, tile, events);
}

function moveTile(next: Draft, from: Seat, to: Seat, tile: TileValue, events: GameEvent[]): void {
  const giver = next.players[from] as PlayerState;
  const taker = next.players[to] as PlayerState;
  next.players = withPlayer(withPlayer(next.players, from, { loot: withoutOne(giver.loot, tile) }), to, { loot: sortValues([...taker.loot, tile]) });
  events.push({ type: 'took', seat: to, raid: next.raid, tile, from });
}

/** B6.2: the Guard Dog's holder gives the tile or the dog; then the thief's turn ends. */
function guard(state: GameState, phase: Extract<GameState['phase'], { kind: 'guard' }>, give: unknown): Applied {
  if (give !== 'tile' && give !== 'dog') return refuse('guard/give-tile-or-dog', 'B6.2', `give "tile" or "dog", not ${show(give)}`);
  const next = draft(state);
  const { seat, thief, tile } = phase;
  const events: GameEvent[] = [{ type: 'guarded', seat, thief, tile, give }];
  if (give === 'tile') moveTile(next, seat, thief, tile, events);
  else {
    next.dog = thief;
    events.push({ type: 'dog-taken', seat: thief, from: seat });
  }
  return endTurn(next, thief, events);
}

/** B9.3: the two-player discard. */
function discard(state: GameState, seat: Seat, tiles: unknown): Applied {
  if (!Array.isArray(tiles) || !tiles.every(isKind)) return refuse('discard/not-tiles', 'B9.3', 'name the tiles by value and alibis');
  const banked = (state.players[seat] as PlayerState).banked;
  const choices = discardChoices(banked);
  if (!choices.some((c) => discardKey(c) === discardKey(tiles))) {
    if (takeDiscard(banked, tiles) === null) return refuse('discard/not-yours', 'B9.3', 'you do not hold all of these tiles');
    if (lootPoints(banked) < DISCARD_TOTAL) return refuse('discard/total', 'B9.3', 'your tiles total less than 10: discard them all');
    return refuse('discard/total', 'B9.3', `discard tiles totalling exactly ${kindsPoints(choices[0] ?? [])}`);
  }
  const next = draft(state);
  const events: GameEvent[] = [];
  makeDiscard(next, seat, tiles, events);
  return nextDiscard(next, events);
}

function isKind(value: unknown): value is TileKind {
  if (typeof value !== 'object' || value === null) return false;
  const { value: v, alibis } = value as { value: unknown; alibis: unknown };
  return isTileValue(v) && typeof alibis === 'number' && Number.isInteger(alibis);
}

/** B3.2: the shuffled discard pile becomes the draw pile, and the waiting player draws. */
export function resolve(state: GameState, outcome: ChanceOutcome): Applied {
  const phase = state.phase;
  if (phase.kind !== 'reshuffle') return refuse('chance/not-pending', 'B3.2', 'no shuffle is pending');
  const problem = checkOutcome({ kind: 'shuffle', size: state.discard.length }, outcome);
  if (problem !== null || outcome.kind !== 'shuffle') return refuse('chance/bad-outcome', 'B3.2', problem ?? 'a shuffle is pending');
  const next = draft(state);
  next.deck = shuffled(state.discard, outcome.order);
  next.discard = [];
  return draw(next, phase.seat, phase.next, [{ type: 'reshuffled', cards: state.discard.length }]);
}
