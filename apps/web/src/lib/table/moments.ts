// When the table has gone on past one of its moments (a round's or a raid's end): a spectator holds nothing up, so
// their summary of it steps aside then, as the players' does when they move on. Every game's moment uses it.

import type { LogEntry } from '@razzia/protocol/table';

/**
 * The table went on past the moment told at log entry `seq`: the pause for its readers is over (`resumed`), or a game
 * event came with a later move (at a later time than the moment's own move: a table with nobody to wait for never
 * pauses).
 */
export function wentOn(log: readonly LogEntry[], seq: number): boolean {
  let at: number | null = null;
  for (let i = log.length - 1; i >= 0 && log[i]!.seq >= seq; i--) if (log[i]!.seq === seq) at = log[i]!.at;
  if (at === null) return false;
  for (let i = log.length - 1; i >= 0 && log[i]!.seq > seq; i--) {
    const entry = log[i]!;
    if (entry.kind === 'table' && entry.event.type === 'resumed') return true;
    if (entry.kind === 'game' && entry.at > at) return true;
  }
  return false;
}
