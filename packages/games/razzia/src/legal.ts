// legalActions: every action the rules allow now. An action is legal exactly when it is in this list.
// It reads only public state (R9), so a client can run it on its own view.

import { actor } from './actor.ts';
import { canOutbid, mustBid } from './apply.ts';
import type { Action, Intent, PlayerState, PublicState, Seat } from './types.ts';

/** The legal actions of whoever decides now, each with its seat (as records write them). */
export function legalActions(state: PublicState): Action[] {
  const seat = actor(state);
  return seat === null ? [] : (decisions(state, seat, true) as Action[]);
}

/** What `seat` may decide now, as a client sends it (no seat): empty unless it is that seat's turn or chance. */
export function legalIntents(state: PublicState, seat: Seat): Intent[] {
  return actor(state) === seat ? (decisions(state, seat, false) as Intent[]) : [];
}

/** The decisions of the seat that decides now; `withSeat` writes the seat into each (one object shape per use). */
function decisions(state: PublicState, seat: Seat, withSeat: boolean): (Intent | Action)[] {
  const phase = state.phase;
  const out: (Intent | Action)[] = [];
  if (phase.kind === 'turn') {
    // R4.1
    if (state.pileSizes[0] > 0) out.push(withSeat ? { seat, type: 'draw', pile: 0 } : { type: 'draw', pile: 0 });
    if (state.pileSizes[1] > 0) out.push(withSeat ? { seat, type: 'draw', pile: 1 } : { type: 'draw', pile: 1 });
    // R5.1: any 1..k of the row's cards, k = thieves held.
    const player = state.players[seat] as PlayerState;
    const k = Math.min(player.estate.thief, state.row.length);
    if (k > 0) for (const take of subsets(state.row.length, k)) out.push(withSeat ? { seat, type: 'thief', take } : { type: 'thief', take });
    // R6.1: a court auction is always open to the player on turn (they hold a face-up cheque, R3.1).
    if (canOutbid(player, null)) out.push(withSeat ? { seat, type: 'call' } : { type: 'call' });
    return out;
  }
  if (phase.kind !== 'auction') return out;
  const auction = phase.auction;
  const player = state.players[seat] as PlayerState;
  // R6.4: the court caller may not pass when everybody before passed.
  if (!mustBid(auction)) out.push(withSeat ? { seat, type: 'pass' } : { type: 'pass' });
  const high = auction.high ? auction.high.cheque : 0;
  for (const cheque of player.faceUp) if (cheque > high) out.push(withSeat ? { seat, type: 'bid', cheque } : { type: 'bid', cheque }); // R6.3
  return out;
}

export { actor };

/** The form legalActions lists an action in: a thief's positions are a set (R5.1), listed ascending. Any other
 * value is returned as it is. */
export function canonicalAction<T>(action: T): T {
  const take = (action as { type?: unknown; take?: unknown } | null)?.take;
  if ((action as { type?: unknown } | null)?.type !== 'thief' || !Array.isArray(take) || !take.every((p) => typeof p === 'number')) return action;
  return { ...action, take: [...(take as number[])].sort((a, b) => a - b) };
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
