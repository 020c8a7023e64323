// Game events in words, for logs: "Elke bid 9 and won 3 cards and the 1".

import type { CardKind } from '../cards.ts';
import type { GameEvent, PublicState, ScoreBreakdown } from '../types.ts';

const KIND_NAMES: Record<CardKind, string> = {
  'trinket:ring': 'ring',
  'trinket:watch': 'watch',
  'trinket:brooch': 'brooch',
  'trinket:chain': 'chain',
  'trinket:diamond': 'diamond',
  bodyguard: 'bodyguard',
  car: 'car',
  driver: 'driver',
  thief: 'thief',
  gold: 'gold',
  'business:casino': 'casino',
  'business:transport': 'transport company',
  'business:film': 'film studio',
  'business:racing': 'racing stable',
  'business:realestate': 'real estate',
  'business:nightclub': 'nightclub',
  'business:restaurant': 'restaurant',
  police: 'police',
};

export function kindName(kind: CardKind): string {
  return KIND_NAMES[kind];
}

function cards(list: readonly CardKind[]): string {
  if (list.length === 0) return 'nothing';
  return list.map(kindName).join(', ');
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** One line for an event, or null for events that need no line of their own. */
export function describeEvent(event: GameEvent, names: readonly string[]): string | null {
  const who = (seat: number): string => names[seat] ?? `seat ${seat}`;
  switch (event.type) {
    case 'card-drawn':
      return `${who(event.seat)} drew ${event.card === 'police' ? 'a police card' : `a ${kindName(event.card)}`} from pile ${event.pile + 1}`;
    case 'piles-split':
      return `pile ${event.emptied + 1} ran out: ${plural(event.moved, 'card')} moved over from the other pile`;
    case 'thieves-used':
      return `${who(event.seat)} used ${plural(event.cards.length, 'thief', 'thieves')} and took ${cards(event.cards)}`;
    case 'auction-opened':
      return `${event.kind === 'court' ? `${who(event.trigger)} called a court auction` : event.kind === 'police' ? 'police auction' : 'the row is full: auction'}`;
    case 'bid':
      return `${who(event.seat)} bid ${event.cheque}`;
    case 'passed':
      return event.automatic ? `${who(event.seat)} cannot outbid and passes` : `${who(event.seat)} passed`;
    case 'auction-closed':
      if (event.winner === null)
        return event.discarded.length > 0 ? `everybody passed: the row (${cards(event.discarded)}) is discarded` : 'everybody passed';
      return `${who(event.winner)} won with ${event.cheque}: ${event.cards.length > 0 ? `${plural(event.cards.length, 'card')} (${cards(event.cards)}) and ` : ''}the ${event.centre}`;
    case 'turn':
      return null;
    case 'round-ended':
      return `round ${event.round} ends: ${event.reason === 'police' ? 'the police raid' : 'nobody has a cheque left'}`;
    case 'round-scored':
      return `round ${event.round} scores: ${event.scores.map((s, seat) => `${who(seat)} ${signed(s.total)}`).join(', ')}`;
    case 'round-started':
      return `round ${event.round} begins with ${who(event.starter)}`;
    case 'game-over':
      return `game over: ${event.winners.map(who).join(' and ')} ${event.winners.length > 1 ? 'share the win' : 'wins'} with ${Math.max(...event.totals)}`;
  }
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

const CATEGORY_LABELS: [keyof ScoreBreakdown, string][] = [
  ['thieves', 'thieves'],
  ['bodyguards', 'bodyguards'],
  ['trinkets', 'trinkets'],
  ['carsAndDrivers', 'cars+drivers'],
  ['gold', 'gold'],
  ['businesses', 'businesses'],
  ['cheques', 'cheques'],
  ['total', 'round total'],
];

/** The per-round, per-category score table as fixed-width text. */
export function scoreTable(state: PublicState): string {
  const names = state.names;
  const width = Math.max(12, ...names.map((n) => n.length + 2));
  const pad = (s: string, w: number): string => s.padStart(w);
  const lines: string[] = [];
  const header = ''.padEnd(16) + names.map((n) => pad(n, width)).join('');
  for (const result of state.results) {
    lines.push(`Round ${result.round} (${result.reason === 'police' ? 'police raid' : 'cheques spent'})`);
    lines.push(header);
    for (const [key, label] of CATEGORY_LABELS)
      lines.push(`  ${label.padEnd(14)}` + result.scores.map((s) => pad(signed(s[key]), width)).join(''));
  }
  const totals = names.map((_, seat) => state.results.reduce((sum, r) => sum + (r.scores[seat]?.total ?? 0), 0));
  lines.push('');
  lines.push('TOTAL'.padEnd(16) + totals.map((t) => pad(String(t), width)).join(''));
  return lines.join('\n');
}
