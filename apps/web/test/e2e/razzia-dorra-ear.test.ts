// Dorra's Razzia by ear: one person who cannot see opens a table of five in Spanish, seats four bots and plays the
// whole game with a keyboard alone (by-ear.ts): placing the extra chit, choosing a card (its number, then Enter),
// proposing a split and answering one (another game if the first brings this seat no deal), deciding from what the page said and from the names of its buttons; they
// switch to English once. Every entry of their log is heard once, in order, and a spectator's line in the chat too;
// each decision takes a few keys.

import { describe, expect, it } from 'vitest';
import { dorraModule } from '../../src/lib/games/razzia-dorra/module.ts';
import { earWords } from '../../src/lib/games/razzia-dorra/ear.ts';
import { dorraEn } from '../../src/lib/games/razzia-dorra/messages/en.ts';
import { dorraEs } from '../../src/lib/games/razzia-dorra/messages/es.ts';
import { dorraNl } from '../../src/lib/games/razzia-dorra/messages/nl.ts';
import { lead, numberAfter, playByEar, type Policy } from './by-ear.ts';
import { useE2E } from './support.ts';

const e2e = useE2E({ botDelayMs: 10 });

/** The last whole number in some words ("Havana gambler 4" → 4). */
const lastNumber = (text: string) => Number(/(\d+)\D*$/.exec(text)?.[1] ?? 0);

/**
 * The extra chit to the bar that would hold the most; the strongest card (gambler or raid alike); a proposal as the
 * table suggests it (then propose it); accept an offer of some money, refuse an offer of nothing.
 */
const policy: Policy = (decision, _said, t) => {
  const names = decision.choices.map((c) => c.name);
  const find = (start: string) => names.findIndex((n) => n.startsWith(start));
  const place = names.flatMap((name, i) => (name.startsWith(lead(t, 'dorra.speak.placeButton')) ? [{ i, money: numberAfter(name.slice(name.lastIndexOf(':')))! }] : []));
  if (place.length > 0) return place.sort((a, b) => b.money - a.money)[0]!.i;
  if (find(t('dorra.fair')) >= 0) return find(t('dorra.fair'));
  if (find(t('dorra.accept')) >= 0) {
    const offered = !names[find(t('dorra.accept'))]!.includes(t('dorra.nothing'));
    return offered ? find(t('dorra.accept')) : find(t('dorra.refuse'));
  }
  // A card: its number, a colon, its name ("2: Havana gambler 4").
  const cards = names.flatMap((name, i) => (/^\d+\s*:/.test(name) ? [{ i, strength: lastNumber(name) }] : []));
  expect(cards.length, `a decision this player knows: ${names.join(' | ')}`).toBeGreaterThan(0);
  return cards.sort((a, b) => b.strength - a.strength)[0]!.i;
};

/** A card chosen is laid (the keyboard is on the button that lays it); a split arranged is proposed. */
const then = (chosen: string, t: Parameters<Policy>[2]): Policy | null => {
  if (/^\d+\s*:/.test(chosen)) return (d) => d.choices.findIndex((c) => c.name.startsWith(lead(t, 'dorra.lay')));
  if (chosen.startsWith(t('dorra.fair'))) return (d) => d.choices.findIndex((c) => c.name.startsWith(t('dorra.propose')));
  return null;
};

describe('Dorra’s Razzia by ear', () => {
  it('a player who cannot see plays a whole game of five with four bots, by what the page says and the keyboard', async () => {
    const figures = await playByEar(e2e, {
      game: 'razzia-dorra',
      gameRadio: /^Razzia Stefan/,
      players: 5,
      dictionaries: [{ en: dorraEn, nl: dorraNl, es: dorraEs }, earWords],
      describe: dorraModule.describe,
      policy,
      then,
      start: 'es',
      switchTo: 'en',
      switchAt: 6,
      keys: ['w', 'm', 'o', 's', 'l'],
      chatter: { name: 'Kibitzer', text: '¡Suerte a todos!' },
      // A deal comes to this seat only when its card meets another's at a bar (D4): most games bring one, not all.
      playOnUntil: { reason: 'a deal for this seat to propose or answer', done: (so) => so.leftHolding >= 1 },
    });
    console.log(`razzia-dorra by ear: ${JSON.stringify(figures)}`);
    expect(figures.decisions).toBeGreaterThan(10);
    expect(figures.keysPerDecision.max).toBeLessThanOrEqual(8);
    expect(figures.moments).toBeGreaterThanOrEqual(1);
    // A deal to propose or answer is a dialog in the page: Escape left it for the table, the decision still open.
    expect(figures.leftHolding).toBeGreaterThanOrEqual(1);
    e2e.expectClean();
  });
});
