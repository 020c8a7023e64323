// Writes the fair-draws fixtures under fixtures/fair/<game>/ (run: node_modules/.bin/tsx scripts/make-fair-fixtures.ts):
// for each game a bot game drawn as the server draws (a fixed seed and table id, two people's contributions and a
// bot's null), recorded with the server's headers, and copies altered in one place each, with the outcome
// `<game> verify` must give (NAME.expected.json: exit 0 and the draws; exit 1 and where; exit 2 or 3 and a phrase);
// and for each option of a game that has options (Robbery's memory aid), a verifiable record played with it.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyGame, Bot, Move } from '@razzia/contract';
import { playBots } from '@razzia/contract/cli';
import { commitTo, FAIR_SCHEME, fairSource } from '@razzia/contract/fair';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';

const root = new URL('../fixtures/fair/', import.meta.url).pathname;
// Each game's folder (fixtures/fair/README.md stays).
for (const game of ['razzia', 'razzia-dorra', 'robbery']) rmSync(join(root, game), { recursive: true, force: true });

type Json = Record<string, unknown>;
type Expected = { exit: 0; draws: number; contributed: number[] } | { exit: 1; at: 'deal' | number | 'commitment' } | { exit: 2; says: string } | { exit: 3; says: string };

function write(game: string, name: string, record: unknown, expected: Expected): void {
  mkdirSync(join(root, game), { recursive: true });
  writeFileSync(join(root, game, `${name}.json`), `${JSON.stringify(record)}\n`);
  writeFileSync(join(root, game, `${name}.expected.json`), `${JSON.stringify(expected)}\n`);
}

/** One hex digit of a 64-digit value changed. */
const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A bot game drawn as the server draws it, recorded with the server's headers (its `result` too). */
function played(game: AnyGame, players: number, table: string, seed: string, options: unknown = game.defaultOptions) {
  const names = ['Anna', 'Bram', 'Carla', 'Dirk', 'Eva'].slice(0, players);
  // People in every seat but the last, a bot's null there.
  const contributions = names.map((_, seat) => (seat === players - 1 ? null : (seat + 1).toString(16).repeat(64).slice(0, 64)));
  const bots = names.map((_, seat) => game.bots[seat % 2 === 0 ? 'greedy' : 'random'] as Bot<unknown, unknown>);
  const playedGame = playBots(game, names, bots, `fair/${game.id}`, fairSource(seed, table, contributions), options);
  const fair = { scheme: FAIR_SCHEME, table, commitment: commitTo(seed, table), contributions, seed };
  const record: Json = {
    ...game.record.write({ setup: playedGame.setup, moves: playedGame.moves }),
    game: game.id,
    table,
    date: '2025-01-01T00:00:00.000Z',
    result: game.record.summary(playedGame.state),
    fair,
  };
  const chance = (playedGame.moves as Move<unknown>[]).flatMap((m, i) => ('chance' in m ? [i] : []));
  return { record, chance, contributions, moves: playedGame.moves };
}

/** The first number in a JSON value, one more: a result that is not the game's. */
function bumped(value: unknown): unknown {
  let done = false;
  const walk = (v: unknown): unknown => {
    if (done) return v;
    if (typeof v === 'number') {
      done = true;
      return v + 1;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

function fixtures(game: AnyGame, players: number, table: string, seed: string, alterDeal: (record: Json) => void): void {
  const { record, chance, contributions, moves } = played(game, players, table, seed);
  write(game.id, 'verified', record, { exit: 0, draws: 1 + chance.length, contributed: contributions.flatMap((c, s) => (c ? [s] : [])) });

  // The first half of the moves (Razzia!'s records call them actions): every draw in it is right, but the game is not over.
  const cut = copy(record);
  const key = Array.isArray(cut.moves) ? 'moves' : 'actions';
  cut[key] = (cut[key] as unknown[]).slice(0, Math.floor((cut[key] as unknown[]).length / 2));
  write(game.id, 'incomplete', cut, { exit: 3, says: 'not over' });
  const resultChanged = copy(record);
  resultChanged.result = bumped(record.result);
  write(game.id, 'result-changed', resultChanged, { exit: 3, says: 'the result header is not what the moves give' });

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
  const die = chance.find((i) => (moves[i] as { chance: { kind: string } }).chance.kind === 'die');
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
// Every option of every game verifies: Robbery's one, the memory aid, on (its deal is the same draw; the set-up says it).
{
  const { record, chance, contributions } = played(robbery, 3, 'fairRobberyTable000002', SEED, { memoryAid: true });
  if (record.memoryAid !== true) throw new Error('the memory aid is not in the record');
  write(robbery.id, 'verified-memory-aid', record, { exit: 0, draws: 1 + chance.length, contributed: contributions.flatMap((c, s) => (c ? [s] : [])) });
}
console.log(`fair fixtures written to ${root}`);
