// What follows a card: the draw (B3.2), the next turn (B3.3), the end of a raid (B8) and of the game (B9).
// Every function takes a fresh draft that only the current `apply` sees and returns the finished step.

import { sortCards } from './cards.ts';
import { arrestedSeats, discardChoices, discardingSeats, scoreGame, takeDiscard } from './reckoning.ts';
import { LAST_RAID, alibiCount, lootPoints, raidValues, sortTiles, type Raid, type Tile } from './tiles.ts';
import type { GameEvent, GameState, PlayerState, Seat, TileKind } from './types.ts';

/** The next state while one move is worked out: its own shallow copy, whose fields are replaced, never written
 * into (nested arrays and objects are shared with the previous state). */
export type Draft = { -readonly [K in keyof GameState]: GameState[K] };

export function draft(state: GameState): Draft {
  return {
    names: state.names,
    memoryAid: state.memoryAid,
    raid: state.raid,
    middle: state.middle,
    dog: state.dog,
    players: state.players,
    deck: state.deck,
    discard: state.discard,
    box: state.box,
    phase: state.phase,
    reckoning: state.reckoning,
    result: state.result,
    // Every accepted move is one version step.
    version: state.version + 1,
  };
}

export type Step = { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] };

const done = (next: Draft, events: GameEvent[]): Step => ({ ok: true, state: next, events });

/** `players` with seat `seat` changed by `patch`. */
export function withPlayer(players: readonly PlayerState[], seat: Seat, patch: Partial<PlayerState>): PlayerState[] {
  return players.map((p, s) => (s === seat ? { ...p, ...patch } : p));
}

/** After the card (and any Guard Dog decision): the raid's end if the middle is empty (B8.1), then the draw. */
export function endTurn(next: Draft, seat: Seat, events: GameEvent[]): Step {
  if (next.middle.length === 0) return endRaid(next, seat, events);
  return draw(next, seat, (seat + 1) % next.players.length, events); // B3.3
}

/** B3.2: `seat` draws the top card; an empty draw pile waits for the discard pile's shuffle (chance) first. */
export function draw(next: Draft, seat: Seat, after: Seat, events: GameEvent[]): Step {
  const [card, ...rest] = next.deck;
  if (card === undefined) {
    next.phase = { kind: 'reshuffle', seat, next: after };
    return done(next, events);
  }
  const player = next.players[seat] as PlayerState;
  next.deck = rest;
  next.players = withPlayer(next.players, seat, { hand: sortCards([...player.hand, card]) });
  events.push({ type: 'drew', seat, card });
  next.phase = { kind: 'turn', seat: after };
  return done(next, events);
}

/** B8: `ender` took the last tile of the raid. */
function endRaid(next: Draft, ender: Seat, events: GameEvent[]): Step {
  const raid = next.raid;
  events.push({ type: 'raid-ended', raid, seat: ender });
  // B8.2: the Boss tile stays only with a 4 or a 5 of this raid beside it.
  const holder = next.players.findIndex((p) => p.loot.includes('boss'));
  if (holder >= 0) {
    const loot = (next.players[holder] as PlayerState).loot;
    const kept = loot.includes(4) || loot.includes(5);
    if (!kept) {
      next.players = withPlayer(next.players, holder, { loot: loot.filter((v) => v !== 'boss') });
      next.box = [...next.box, { raid, value: 'boss' }];
    }
    events.push({ type: 'boss-check', raid, seat: holder, kept });
  } else events.push({ type: 'boss-check', raid, seat: null, kept: false });
  // B8.3: every player banks this raid's tiles face down.
  events.push({ type: 'banked', raid, counts: next.players.map((p) => p.loot.length) });
  next.players = next.players.map((p) => ({ ...p, loot: [], banked: sortTiles([...p.banked, ...p.loot.map((value): Tile => ({ raid, value }))]) }));
  const starter = next.dog ?? (ender + 1) % next.players.length; // B8.5
  if (raid === LAST_RAID) return reckon(next, starter, events); // B3.2: after raid 4 nobody draws
  // B8.4: the next raid's tiles go to the middle; hands, piles and the Guard Dog stay.
  const upcoming = (raid + 1) as Raid;
  next.raid = upcoming;
  next.middle = raidValues(upcoming);
  events.push({ type: 'raid-started', raid: upcoming, seat: starter });
  return draw(next, ender, starter, events); // B8.1: the player who ended the raid still draws
}

/** B9.1-B9.3: alibis are counted, then arrests (3-5 players) or discards (2 players). */
function reckon(next: Draft, starter: Seat, events: GameEvent[]): Step {
  const alibis = next.players.map((p) => alibiCount(p.banked));
  const two = next.players.length === 2;
  const arrested = two ? [] : arrestedSeats(alibis); // B9.2
  const discarding = two ? discardingSeats(alibis, starter) : []; // B9.3
  next.reckoning = { alibis, arrested, discarding, discarded: next.players.map(() => []) };
  events.push({ type: 'alibis-counted', alibis, arrested, discarding });
  return nextDiscard(next, events);
}

/** B9.3: the next seat to discard decides, unless only one discard is possible (then it is made for them). */
export function nextDiscard(next: Draft, events: GameEvent[]): Step {
  for (;;) {
    const reckoning = next.reckoning;
    const seat = reckoning?.discarding[0];
    if (reckoning === null || seat === undefined) return finish(next, events);
    const choices = discardChoices((next.players[seat] as PlayerState).banked);
    if (choices.length !== 1) {
      next.phase = { kind: 'discard', seat };
      return done(next, events);
    }
    makeDiscard(next, seat, choices[0] as TileKind[], events);
  }
}

/** B9.3: `seat` discards `tiles` (already judged legal). */
export function makeDiscard(next: Draft, seat: Seat, tiles: readonly TileKind[], events: GameEvent[]): void {
  const reckoning = next.reckoning;
  const taken = takeDiscard((next.players[seat] as PlayerState).banked, tiles);
  if (reckoning === null || taken === null) throw new Error('makeDiscard: a discard that was not judged legal');
  next.players = withPlayer(next.players, seat, { banked: taken.kept });
  next.reckoning = {
    ...reckoning,
    discarding: reckoning.discarding.filter((s) => s !== seat),
    discarded: reckoning.discarded.map((d, s) => (s === seat ? sortTiles([...d, ...taken.gone]) : d)),
  };
  events.push({ type: 'discarded', seat, tiles: taken.gone, points: lootPoints(taken.gone) });
}

/** B9.4, B9.5: the loot is counted and shown, and the winner named. */
function finish(next: Draft, events: GameEvent[]): Step {
  const reckoning = next.reckoning;
  if (reckoning === null) throw new Error('finish: the game ends only after the alibis are counted');
  const banked = next.players.map((p) => p.banked);
  const result = scoreGame(banked, reckoning.alibis, reckoning.arrested);
  events.push({ type: 'loot-counted', banked, scores: result.scores });
  events.push({ type: 'game-over', scores: result.scores, winners: result.winners, byAlibis: result.byAlibis });
  next.result = result;
  next.phase = { kind: 'over' };
  return done(next, events);
}
