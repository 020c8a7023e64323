// The hidden-information rules: one filter builds every view, and `tell` addresses every event. A hand is its
// owner's; banked tiles are their owner's until the end (others see only how many, per raid); the draw pile's
// order is nobody's. Everything else is public.

import type { Told } from '@razzia/contract';
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

export function view(state: GameState, viewer: Viewer): GameView {
  const own = viewer === null ? undefined : state.players[viewer];
  return {
    viewer,
    names: state.names,
    raid: state.raid,
    middle: state.middle,
    dog: state.dog,
    players: state.players.map(publicPlayer),
    deckSize: state.deck.length,
    discard: state.discard,
    box: state.box,
    phase: state.phase,
    hand: own ? own.hand : null,
    banked: own ? own.banked : null,
    alibis: own ? alibiCount(own.banked) : null,
    reckoning: state.reckoning,
    // B9.5: at the end every banked tile is shown.
    final: state.result === null ? null : { banked: state.players.map((p) => p.banked), result: state.result },
    version: state.version,
  };
}

/** B3.2: a drawn card is told to its drawer only; everything else that happens is public. */
export function tell(event: GameEvent): Told<GameEvent> {
  if (event.type === 'drew') return { to: [event.seat], event, others: { type: 'drew', seat: event.seat, card: null } };
  return { to: 'all', event };
}
