// Writes the fair-draws fixtures under fixtures/fair/<game>/ (run: node_modules/.bin/tsx scripts/make-fair-fixtures.ts):
// for each game a bot game drawn as the server draws (a fixed seed and table id, two people's contributions and a
// bot's null), recorded with the server's headers, and copies altered in one place each, with the outcome
// `<game> verify` must give (NAME.expected.json: exit 0 and the draws; exit 1 and where; exit 2 and a phrase).

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyGame, Bot, Move } from '@razzia/contract';
import { playBots } from '@razzia/contract/cli';
import { commitTo, FAIR_SCHEME, fairSource } from '@razzia/contract/fair';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';

const root = new URL('../fixtures/fair/', import.meta.url).pathname;
rmSync(root, { recursive: true, force: true });

type Json = Record<string, unknown>;
type Expected = { exit: 0; draws: number; contributed: number[] } | { exit: 1; at: 'deal' | number | 'commitment' } | { exit: 2; says: string };

function write(game: string, name: string, record: unknown, expected: Expected): void {
  mkdirSync(join(root, game), { recursive: true });
  writeFileSync(join(root, game, `${name}.json`), `${JSON.stringify(record)}\n`);
  writeFileSync(join(root, game, `${name}.expected.json`), `${JSON.stringify(expected)}\n`);
}

/** One hex digit of a 64-digit value changed. */
const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function fixtures(game: AnyGame, players: number, table: string, seed: string, alterDeal: (record: Json) => void): void {
  const names = ['Anna', 'Bram', 'Carla', 'Dirk', 'Eva'].slice(0, players);
  // People in every seat but the last, a bot's null there.
  const contributions = names.map((_, seat) => (seat === players - 1 ? null : (seat + 1).toString(16).repeat(64).slice(0, 64)));
  const bots = names.map((_, seat) => game.bots[seat % 2 === 0 ? 'greedy' : 'random'] as Bot<unknown, unknown>);
  const played = playBots(game, names, bots, `fair/${game.id}`, fairSource(seed, table, contributions));
  const fair = { scheme: FAIR_SCHEME, table, commitment: commitTo(seed, table), contributions, seed };
  const record: Json = { ...game.record.write({ setup: played.setup, moves: played.moves }), game: game.id, table, date: '2025-01-01T00:00:00.000Z', fair };
  const chance = (played.moves as Move<unknown>[]).flatMap((m, i) => ('chance' in m ? [i] : []));
  write(game.id, 'verified', record, { exit: 0, draws: 1 + chance.length, contributed: contributions.flatMap((c, s) => (c ? [s] : [])) });

  const seedChanged = copy(record);
  (seedChanged.fair as Json).seed = flip(seed);
  write(game.id, 'seed-changed', seedChanged, { exit: 1, at: 'commitment' });

  // Another contribution draws another deal (Razzia!, Robbery), or another first shuffle (Dorra's deal draws nothing).
  const contributionChanged = copy(record);
  ((contributionChanged.fair as Json).contributions as string[])[0] = flip(contributions[0] as string);
  write(game.id, 'contribution-changed', contributionChanged, { exit: 1, at: game.id === 'razzia-dorra' ? (chance[0] as number) : 'deal' });

  const dealChanged = copy(record);
  alterDeal(dealChanged);
  if (JSON.stringify(dealChanged) !== JSON.stringify(record)) write(game.id, 'deal-changed', dealChanged, { exit: 1, at: 'deal' });

  // The last chance move changed to another outcome the rules allow: two places of a shuffle swapped, or another face.
  const last = chance.at(-1);
  if (last !== undefined) {
    const chanceChanged = copy(record);
    const move = (chanceChanged.moves as { chance: { kind: string; value?: number; order?: number[] } }[])[last] as { chance: { kind: string; value?: number; order?: number[] } };
    if (move.chance.kind === 'die') move.chance.value = (move.chance.value as number) === 6 ? 1 : (move.chance.value as number) + 1;
    else {
      const order = move.chance.order as number[];
      [order[0], order[1]] = [order[1] as number, order[0] as number];
    }
    write(game.id, 'chance-changed', chanceChanged, { exit: 1, at: last });
  }

  // The first die rolled, if any, showing another face.
  const die = chance.find((i) => (played.moves[i] as { chance: { kind: string } }).chance.kind === 'die');
  if (die !== undefined) {
    const dieChanged = copy(record);
    const rolled = (dieChanged.moves as { chance: { value: number } }[])[die] as { chance: { value: number } };
    rolled.chance.value = rolled.chance.value === 6 ? 1 : rolled.chance.value + 1;
    write(game.id, 'die-changed', dieChanged, { exit: 1, at: die });
  }

  const unrevealed = copy(record);
  (unrevealed.fair as Json).seed = null;
  write(game.id, 'seed-not-revealed', unrevealed, { exit: 2, says: 'not revealed' });
  const noHeader = copy(record);
  delete noHeader.fair;
  write(game.id, 'no-header', noHeader, { exit: 2, says: 'no fair header' });
  const badHex = copy(record);
  (badHex.fair as Json).commitment = 'ABC';
  write(game.id, 'commitment-not-hex', badHex, { exit: 2, says: 'fair.commitment' });
  const fewer = copy(record);
  ((fewer.fair as Json).contributions as unknown[]).pop();
  write(game.id, 'contributions-one-short', fewer, { exit: 2, says: 'fair.contributions' });
}

const SEED = 'c0ffee'.repeat(10).concat('c0ff');
fixtures(razzia, 3, 'fairRazziaTable0000001', SEED, (r) => {
  // Two cards of the first pile that differ, swapped.
  const pile = (r.piles as string[][])[0] as string[];
  const j = pile.findIndex((c) => c !== pile[0]);
  [pile[0], pile[j]] = [pile[j] as string, pile[0] as string];
});
fixtures(razziaDorra, 4, 'fairDorraTable00000001', SEED, () => undefined);
fixtures(robbery, 3, 'fairRobberyTable000001', SEED, (r) => {
  const deck = r.deck as unknown[];
  const j = deck.findIndex((c) => c !== deck[0]);
  [deck[0], deck[j]] = [deck[j], deck[0]];
});
console.log(`fair fixtures written to ${root}`);
