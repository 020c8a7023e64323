// The platform's conformance checks at every player count: legal lists, purity, schemas, addressing, records and
// sampling (which also catches a view that leaks what it should hide).

import { checkConformance, checkFairRecord, optionVariants } from '@razzia/contract/conformance';
import { describe, expect, it } from 'vitest';
import { razziaDorra } from '../src/index.ts';

describe('Razzia satisfies the game contract', () => {
  it('a fair record played with every combination of its options verifies, as the server records it', () => {
    expect(optionVariants(razziaDorra)).toEqual([{}]);
    for (const options of optionVariants(razziaDorra))
      expect(checkFairRecord(razziaDorra, { players: 4, options }), JSON.stringify(options)).toMatchObject({ ok: true });
  });

  for (const players of [3, 4, 5, 6, 7, 8])
    it(`at ${players} players: legal lists, purity, schemas, addressing, records and sampling over 12 random games`, () => {
      const report = checkConformance(razziaDorra, { players, games: 12 });
      expect(report.games).toBe(12);
      expect(report.maxAwaited).toBe(players); // D3.2 every seat chooses at once
      expect(report.chances).toBeGreaterThan(12 * 2); // D2.1 two shuffles a game, D5.6 dice, D3.4 reshuffles
      // D3.4: every round's end but the last is a moment, told only by a move that closes every open decision (the
      // last pick or answer, a duel's die): no seat's pick stays open across it, so no thinking bot's answer to it
      // can come while the table waits.
      expect(report.moments).toBe(12 * (players === 3 ? 15 : 12));
      expect(report.momentsOverOpenDecisions).toBe(0);
    });
});
