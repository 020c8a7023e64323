// Events in English words for the command line's log ("Elke raids the Jungle and takes 35"), and the result table.
// The web client has its own words.

import { barName, cardName, moneyOf, richest, sum } from './components.ts';
import type { Chit, GameEvent, GameState } from './types.ts';

/** "$35k (20 + 15)" */
export function dollars(chits: readonly Chit[]): string {
  const total = `$${sum(chits)}k`;
  return chits.length > 1 ? `${total} (${chits.join(' + ')})` : total;
}

const REASONS = { alone: 'alone', raid: 'by a raid', deal: 'by the deal', duel: 'by the duels' } as const;

/** One log line, or null for events that need none (secret picks and answers, single cards dealt). */
export function describeEvent(event: GameEvent, names: readonly string[]): string | null {
  const who = (seat: number): string => names[seat] ?? `seat ${seat}`;
  switch (event.type) {
    case 'shuffled':
      return event.what === 'supply'
        ? `the ${event.size} money chits are shuffled face down`
        : event.what === 'deck'
          ? `the ${event.size} cards are shuffled`
          : `the deck is empty: the discard pile (${event.size} cards) is shuffled into a new deck`;
    case 'round-started':
      return `round ${event.round}: ${who(event.dealer)} deals`;
    case 'dealt':
      return event.count > 1 ? `${who(event.seat)} is dealt ${event.count} cards` : null;
    case 'chits-laid': {
      const laid = event.chits.flatMap((chit, bar) => (chit === null ? [] : [`${barName(bar)} $${chit}k`]));
      return `chits laid out: ${laid.join(', ')}${event.extra === null ? '' : `; the extra chit is $${event.extra}k`}`;
    }
    case 'chit-placed':
      return `${who(event.seat)} places the $${event.chit}k at the ${barName(event.bar)}`;
    case 'picked':
    case 'answered':
    case 'gave':
      return null;
    case 'revealed':
      return `cards revealed: ${event.cards.map((card, seat) => `${who(seat)} ${cardName(card)}`).join(', ')}`;
    case 'bar-quiet':
      return event.reason === 'raid-failed'
        ? `${barName(event.bar)}: the raid finds no gambler; the money stays`
        : event.reason === 'no-chits'
          ? `${barName(event.bar)}: no money lies there`
          : null;
    case 'took':
      return `${who(event.seat)} takes ${dollars(event.chits)} at the ${barName(event.bar)} ${REASONS[event.reason]}`;
    case 'deal-opened':
      return `deal at the ${barName(event.bar)} over ${dollars(event.chits)} between ${event.parties.map(who).join(', ')}`;
    case 'proposed':
      return `${who(event.proposer)} proposes: ${event.shares.map((s) => `${who(s.seat)} ${dollars(s.chits)}`).join(', ')}`;
    case 'answers-shown':
      return event.answers.map((a) => `${who(a.seat)} ${a.answer === 'accept' ? 'accepts' : 'refuses'}`).join(', ');
    case 'duel-started':
      return `duel over ${dollars(event.stake)}: ${who(event.first)} against ${who(event.second)}`;
    case 'rolled':
      return `${who(event.seat)} rolls ${event.value}: ${event.total}`;
    case 'duel-won':
      return `${who(event.winner)} wins the duel`;
    case 'round-ended':
      return null;
    case 'game-over':
      return `game over: ${event.winners.map(who).join(' and ')} ${event.winners.length > 1 ? 'share the win' : 'wins'} with $${Math.max(...event.money)}k`;
  }
}

/** The result as a table: each seat's chits and money, richest marked. */
export function resultTable(state: GameState): string {
  const totals = moneyOf(state.money);
  const winners = state.phase.kind === 'over' ? richest(totals) : [];
  const width = Math.max(12, ...state.names.map((n) => n.length + 2));
  const lines = [`${'player'.padEnd(width)}${'money'.padStart(8)}  chits`];
  state.names.forEach((name, seat) => {
    const chits = [...(state.money[seat] ?? [])].sort((a, b) => b - a);
    const mark = winners.includes(seat) ? ' *' : '';
    lines.push(`${name.padEnd(width)}${`$${totals[seat]}k`.padStart(8)}  ${chits.join(' ') || '-'}${mark}`);
  });
  const left = state.barChits.flat();
  lines.push('');
  lines.push(`${state.phase.kind === 'over' ? 'game over after' : 'unfinished, in'} round ${state.round} of ${state.rounds}; left at the bars: ${left.length > 0 ? dollars(left) : 'nothing'}`);
  return lines.join('\n');
}
