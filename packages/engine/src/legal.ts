// legalActions: every action the rules allow now. An action is legal exactly when it is in this list.
// It reads only public state (R9), so a client can run it on its own view.

import { canOutbid, mustBid } from './apply.ts';
import type { Action, PlayerState, PublicState, Seat } from './types.ts';

export function legalActions(state: PublicState): Action[] {
  const phase = state.phase;
  if (phase.kind === 'over') return [];
  if (phase.kind === 'turn') return turnActions(state, phase.seat);
  const auction = phase.auction;
  const seat = auction.order[auction.next] as Seat;
  const player = state.players[seat] as PlayerState;
  const actions: Action[] = [];
  // R6.4: the court caller may not pass when everybody before passed.
  if (!mustBid(auction)) actions.push({ seat, type: 'pass' });
  const high = auction.high ? auction.high.cheque : 0;
  for (const cheque of player.faceUp) if (cheque > high) actions.push({ seat, type: 'bid', cheque }); // R6.3
  return actions;
}

/** Whose decision it is now: the player on turn or the one to speak in the auction; null once the game is over. */
export function actor(state: PublicState): Seat | null {
  const phase = state.phase;
  if (phase.kind === 'turn') return phase.seat;
  if (phase.kind === 'auction') return phase.auction.order[phase.auction.next] ?? null;
  return null;
}

function turnActions(state: PublicState, seat: Seat): Action[] {
  const actions: Action[] = [];
  // R4.1
  if (state.pileSizes[0] > 0) actions.push({ seat, type: 'draw', pile: 0 });
  if (state.pileSizes[1] > 0) actions.push({ seat, type: 'draw', pile: 1 });
  // R5.1: any 1..k of the row's cards, k = thieves held.
  const player = state.players[seat] as PlayerState;
  const k = Math.min(player.estate.thief, state.row.length);
  if (k > 0) for (const take of subsets(state.row.length, k)) actions.push({ seat, type: 'thief', take });
  // R6.1: a court auction is always open to the player on turn (they hold a face-up cheque, R3.1).
  if (canOutbid(player, null)) actions.push({ seat, type: 'call' });
  return actions;
}

/** Every ascending list of 1..maxSize distinct positions below n, shortest first. */
export function subsets(n: number, maxSize: number): number[][] {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[], size: number): void => {
    if (chosen.length === size) {
      out.push(chosen.slice());
      return;
    }
    for (let i = start; i <= n - (size - chosen.length); i++) {
      chosen.push(i);
      pick(i + 1, chosen, size);
      chosen.pop();
    }
  };
  for (let size = 1; size <= maxSize; size++) pick(0, [], size);
  return out;
}
