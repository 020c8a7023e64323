// The hidden-information rules: one filter builds every view, and `tell` addresses every event. A hand is its
// owner's; banked tiles are their owner's until the end (others see only how many, per raid); the draw pile's
// order is nobody's. Everything else is public — and, without the memory aid, a banked raid's moves fade (B8.3).

import type { Told } from '@razzia/contract';
import { sortCards } from './cards.ts';
import { RAIDS, alibiCount } from './tiles.ts';
import type { GameEvent, GameState, GameView, PlayerState, PlayerView, Viewer } from './types.ts';

function publicPlayer(player: PlayerState): PlayerView {
  return {
    handSize: player.hand.length,
    loot: player.loot,
    // B8.3: how many tiles of each raid, never which (each raid's tiles have their own back).
    bankedCounts: RAIDS.map((raid) => player.banked.filter((t) => t.raid === raid).length),
  };
}

/** B8.3 without the memory aid (ours): the discard pile shows its top card and, under it, what it holds sorted —
 * countable, as at the table, but not in the order played, so it cannot be matched to a banked raid's turns. */
function discardPile(state: GameState): GameState['discard'] {
  if (state.memoryAid || state.discard.length < 2) return state.discard;
  return [...sortCards(state.discard.slice(0, -1)), state.discard.at(-1) as GameState['discard'][number]];
}

export function view(state: GameState, viewer: Viewer): GameView {
  const own = viewer === null ? undefined : state.players[viewer];
  return {
    viewer,
    names: state.names,
    memoryAid: state.memoryAid,
    raid: state.raid,
    middle: state.middle,
    dog: state.dog,
    players: state.players.map(publicPlayer),
    deckSize: state.deck.length,
    discard: discardPile(state),
    box: state.box,
    phase: state.phase,
    hand: own ? own.hand : null,
    banked: own ? own.banked : null,
    // The alibi count is the one counted at B9.1 once it is: a B9.3 discard does not change it (B9.4).
    alibis: own ? (state.reckoning?.alibis[viewer as number] ?? alibiCount(own.banked)) : null,
    reckoning: state.reckoning,
    // B9.5: at the end every banked tile is shown.
    final: state.result === null ? null : { banked: state.players.map((p) => p.banked), result: state.result },
    version: state.version,
  };
}

/**
 * B8.3 without the memory aid (ours): what the table keeps of a move once its raid is banked — who played, who took
 * a tile and from whom, who held the Guard Dog — never which card, which tile or who kept the Boss. Null: the event
 * is kept whole (it says nothing of what was banked).
 */
export function faded(event: GameEvent): GameEvent | null {
  switch (event.type) {
    case 'played':
      return { ...event, card: null };
    case 'took':
      return { ...event, tile: null };
    case 'no-effect':
      return { ...event, card: null, reason: null };
    case 'guard-asked':
    case 'guarded':
      return { ...event, tile: null };
    case 'boss-check':
      return { ...event, seat: null, kept: null };
    default:
      return null;
  }
}

/** B8.3: banking a raid makes its moves fade (without the memory aid). */
export const fadesEarlier = (event: GameEvent): boolean => event.type === 'banked';

/**
 * B3.2: a drawn card is told to its drawer only; everything else that happens is public. Without the memory aid
 * (`state`, the game after the move, says), a raid's moves carry their faded form and banking fades them: told to
 * whoever is at the table whole, they reach anyone who catches up later only faded. Without `state` (the bots'
 * observers), only the forms told at the moment.
 */
export function tell(event: GameEvent, state?: Pick<GameState, 'memoryAid'>): Told<GameEvent> {
  const told: Told<GameEvent> = event.type === 'drew' ? { to: [event.seat], event, others: { type: 'drew', seat: event.seat, card: null } } : { to: 'all', event };
  if (state === undefined || state.memoryAid) return told;
  const form = faded(event);
  return { ...told, ...(form ? { faded: form } : {}), ...(fadesEarlier(event) ? { fadesEarlier: true as const } : {}) };
}
