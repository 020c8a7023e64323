// Robbery in English words for the command line: one line per event worth a line, and the result as a table.
// (The web client has its own words.)

import type { Card } from './cards.ts';
import { RAID_NAMES, lootPoints, type Raid, type TileValue } from './tiles.ts';
import type { GameEvent, GameState } from './types.ts';

export function cardName(card: Card): string {
  if (typeof card === 'number') return `a ${card}`;
  return card === 'boss' ? 'a Boss' : card === 'dog' ? 'a Guard Dog' : 'a Greedy Thief';
}

export function tileName(tile: TileValue, raid: Raid): string {
  return `the ${tile === 'boss' ? 'Boss' : tile} (${RAID_NAMES[raid]})`;
}

const list = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? 'nobody') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** One line for an event, or null for events that need no line of their own. */
export function describeEvent(event: GameEvent, names: readonly string[]): string | null {
  const who = (seat: number): string => names[seat] ?? `seat ${seat}`;
  switch (event.type) {
    case 'played':
      return `${who(event.seat)} plays ${event.card === null ? 'a card' : cardName(event.card)}`;
    case 'took': {
      const tile = event.tile === null ? `a tile (${RAID_NAMES[event.raid]})` : tileName(event.tile, event.raid);
      return event.from === null ? `    ${who(event.seat)} takes ${tile} from the middle` : `    ${who(event.seat)} steals ${tile} from ${who(event.from)}`;
    }
    case 'dog-taken':
      return `    ${who(event.seat)} takes the Guard Dog ${event.from === null ? 'from the middle' : `from ${who(event.from)}`}`;
    case 'no-effect':
      return `    nothing to take${event.reason === 'yours' ? ` (${who(event.seat)} has it already)` : ''}`;
    case 'guard-asked':
      return `    ${who(event.thief)} would steal ${event.tile === null ? 'a tile' : `the ${event.tile === 'boss' ? 'Boss' : event.tile}`} from ${who(event.seat)}, who has the Guard Dog`;
    case 'guarded':
      return `    ${who(event.seat)} has the Guard Dog and gives ${event.give === 'dog' ? 'the Guard Dog instead' : 'the tile'}`;
    case 'drew':
      return null;
    case 'reshuffled':
      return `the draw pile is empty: the ${event.cards} discarded cards are shuffled into a new one`;
    case 'raid-ended':
      return `raid ${event.raid} (${RAID_NAMES[event.raid]}) ends: ${who(event.seat)} took the last tile`;
    case 'boss-check':
      if (event.seat === null) return event.kept === null ? `the Boss check of raid ${event.raid}` : null;
      return event.kept ? `${who(event.seat)} keeps the Boss (a 4 or 5 beside it)` : `${who(event.seat)} has no 4 or 5: the Boss goes back to the box`;
    case 'banked':
      return `tiles banked: ${event.counts.map((c, s) => `${who(s)} ${c}`).join(', ')}`;
    case 'raid-started':
      return `raid ${event.raid} (${RAID_NAMES[event.raid]}) begins with ${who(event.seat)}`;
    case 'alibis-counted': {
      const counts = `alibis: ${event.alibis.map((a, s) => `${who(s)} ${a}`).join(', ')}`;
      if (event.discarding.length > 0) return `${counts}; ${list(event.discarding.map(who))} must discard 10`;
      return `${counts}; ${event.arrested.length > 0 ? `${list(event.arrested.map(who))} ${event.arrested.length > 1 ? 'are' : 'is'} arrested` : 'nobody is arrested'}`;
    }
    case 'discarded':
      return `${who(event.seat)} discards ${event.tiles.length} tiles worth ${event.points}`;
    case 'loot-counted':
      return `loot: ${event.scores.map((p, s) => `${who(s)} ${p}`).join(', ')}`;
    case 'game-over':
      return `game over: ${list(event.winners.map(who))} ${event.winners.length > 1 ? 'share the win' : 'wins'}${event.byAlibis ? ' on alibis' : ''}`;
  }
}

/** The result: per seat alibis, arrest, discard, loot and the winners (or the loot banked so far). */
export function resultTable(state: GameState): string {
  const names = state.names;
  const width = Math.max(10, ...names.map((n) => n.length + 2));
  const row = (label: string, cells: readonly string[]) => label.padEnd(12) + cells.map((c) => c.padStart(width)).join('');
  const reckoning = state.reckoning;
  const lines = [row('', names)];
  if (reckoning) {
    lines.push(row('alibis', reckoning.alibis.map(String)));
    if (names.length > 2) lines.push(row('arrested', names.map((_, s) => (reckoning.arrested.includes(s) ? 'yes' : '-'))));
    else lines.push(row('discarded', reckoning.discarded.map((d) => String(lootPoints(d)))));
  }
  lines.push(row('loot', state.players.map((p) => String(lootPoints(p.banked)))));
  if (state.result) lines.push('', `${list(state.result.winners.map((s) => names[s] ?? `seat ${s}`))} ${state.result.winners.length > 1 ? 'share the win' : 'wins'}`);
  else lines.push('', `unfinished: raid ${state.raid}`);
  return lines.join('\n');
}
