// Razzia! by ear: one person who cannot see opens a table of four, seats three bots and plays the whole game with a
// keyboard alone, deciding from what the page said and from the names of its buttons (by-ear.ts), switching from
// English to Dutch once. Every entry of their log is heard once, in order; each decision takes a few keys.

import { describe, expect, it } from 'vitest';
import { razziaModule } from '../../src/lib/games/razzia/module.ts';
import { earWords } from '../../src/lib/games/razzia/ear.ts';
import { razziaEn } from '../../src/lib/games/razzia/messages/en.ts';
import { razziaEs } from '../../src/lib/games/razzia/messages/es.ts';
import { razziaNl } from '../../src/lib/games/razzia/messages/nl.ts';
import { lead, numberAfter, playByEar, type Policy } from './by-ear.ts';
import { useE2E } from './support.ts';

const e2e = useE2E({ botDelayMs: 10 });

/**
 * Draw from the fuller pile; call a court auction on a row of four or more. In an auction, bid the lowest cheque
 * offered for a row of three or more cards, else pass (bid when passing is not offered).
 */
const policy: Policy = (decision, said, t) => {
  const names = decision.choices.map((c) => c.name);
  const bids = names.flatMap((name, i) => (name.startsWith(lead(t, 'speak.bidButton')) ? [{ i, cheque: numberAfter(name, lead(t, 'speak.bidButton'))! }] : []));
  const pass = names.findIndex((name) => name.startsWith(t('game.pass')));
  if (bids.length > 0 || pass >= 0) {
    const row = numberAfter(names[0]!, lead(t, 'speak.prizeRow')) ?? 0;
    if (bids.length > 0 && (row >= 3 || pass < 0)) return bids.sort((a, b) => a.cheque - b.cheque)[0]!.i;
    return pass;
  }
  const row = numberAfter(said, lead(t, 'speak.row')) ?? 0;
  const call = names.findIndex((name) => name.startsWith(t('game.call')));
  if (call >= 0 && row >= 4) return call;
  const draws = names.flatMap((name, i) => (name.startsWith(lead(t, 'game.draw')) ? [{ i, cards: numberAfter(name, '(')! }] : []));
  expect(draws.length, `a turn offers a draw: ${names.join(' | ')}`).toBeGreaterThan(0);
  return draws.sort((a, b) => b.cards - a.cards)[0]!.i;
};

describe('Razzia! by ear', () => {
  it('a player who cannot see plays a whole game of four with three bots, by what the page says and the keyboard', async () => {
    const figures = await playByEar(e2e, {
      game: 'razzia',
      gameRadio: /^Razzia! Reiner/,
      players: 4,
      dictionaries: [{ en: razziaEn, nl: razziaNl, es: razziaEs }, earWords],
      describe: razziaModule.describe,
      policy,
      start: 'en',
      switchTo: 'nl',
      switchAt: 8,
      keys: ['w', 'm', 'o', 's', 'k', 'l'],
    });
    console.log(`razzia by ear: ${JSON.stringify(figures)}`);
    expect(figures.decisions).toBeGreaterThan(10);
    expect(figures.keysPerDecision.max).toBeLessThanOrEqual(8);
    expect(figures.moments).toBeGreaterThanOrEqual(1);
    e2e.expectClean();
  });
});
