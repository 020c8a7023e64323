// Robbery by ear: one person who cannot see opens a table of four in Dutch, seats three bots and plays the whole game
// with a keyboard alone (by-ear.ts): a card and what it takes at each turn (a card's number or Up and Down from card
// to card, Left and Right round its plays), the Guard Dog's choice, deciding from what the page said and from the
// names of its buttons; they switch to Spanish once, and for two turns follow the table in a second tab too, set to
// say only their turn. Every entry of their log is heard once, in order (whole, as it was told: the memory aid is
// off, and the page says each entry before it fades); each decision takes a few keys.

import { describe, expect, it } from 'vitest';
import { robberyModule } from '../../src/lib/games/robbery/module.ts';
import { earWords } from '../../src/lib/games/robbery/ear.ts';
import { robberyEn } from '../../src/lib/games/robbery/messages/en.ts';
import { robberyEs } from '../../src/lib/games/robbery/messages/es.ts';
import { robberyNl } from '../../src/lib/games/robbery/messages/nl.ts';
import { lead, playByEar, type Policy } from './by-ear.ts';
import { useE2E } from './support.ts';

const e2e = useE2E({ botDelayMs: 10 });

/** The tile a play's words name ("Play a 4: Steal the 5 from Greedy bot 2" → 5), or 0 (the Boss tile, the dog). */
const tile = (name: string) => Number(/\d+/.exec(name.slice(name.indexOf(':') + 1))?.[0] ?? 0);

/** Steal the highest tile on offer, else take the highest; give the dog rather than a tile; the first discard. */
const policy: Policy = (decision, _said, t) => {
  const names = decision.choices.map((c) => c.name);
  const dog = names.findIndex((n) => n.startsWith(t('robbery.guard.dog')));
  if (dog >= 0) return dog;
  const plays = names.flatMap((name, i) => (name.startsWith(lead(t, 'robbery.choice.play')) ? [{ i, name }] : []));
  if (plays.length === 0) return 0;
  const steal = lead(t, 'robbery.choose.steal');
  const take = lead(t, 'robbery.choose.take');
  const effect = (name: string) => name.slice(name.indexOf(':') + 1).trim();
  const best = (start: string) => plays.filter((p) => effect(p.name).startsWith(start)).sort((a, b) => tile(b.name) - tile(a.name))[0];
  return (best(steal) ?? best(take) ?? plays[0]!).i;
};

describe('Robbery by ear', () => {
  it('a player who cannot see plays a whole game of four with three bots, by what the page says and the keyboard', async () => {
    const figures = await playByEar(e2e, {
      game: 'robbery',
      gameRadio: /^Robbery/,
      players: 4,
      dictionaries: [{ en: robberyEn, nl: robberyNl, es: robberyEs }, earWords],
      describe: robberyModule.describe,
      policy,
      start: 'nl',
      switchTo: 'es',
      switchAt: 5,
      quietAt: 8,
      keys: ['w', 'm', 'o', 's', 'l'],
    });
    console.log(`robbery by ear: ${JSON.stringify(figures)}`);
    expect(figures.decisions).toBeGreaterThan(10);
    expect(figures.keysPerDecision.max).toBeLessThanOrEqual(8);
    expect(figures.moments).toBeGreaterThanOrEqual(1);
    e2e.expectClean();
  });
});
