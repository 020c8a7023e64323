// Writes the golden, illegal and malformed records under fixtures/razzia-dorra/
// (run: node_modules/.bin/tsx packages/games/razzia-dorra/scripts/make-fixtures.ts).
// The hand-counted records' expected results are typed in below from a count by hand (fixtures/razzia-dorra/
// README.md), not taken from the engine; the bot games' expected results are what the engine computed.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replay } from '@razzia/contract';
import { playBots } from '@razzia/contract/cli';
import { BOTS, razziaDorra, summarize, writeRecord, type Action, type Card, type GameState } from '../src/index.ts';
import { COLIBRI, COTTON_CLUB, HAVANA, JAZZ_HOUSE, JUNGLE, accept, die, g, give, openingMoves, pick, place, r, refuse, type AnyMove } from '../test/helpers.ts';

const root = new URL('../../../../fixtures/razzia-dorra/', import.meta.url).pathname;
const write = (path: string, data: unknown) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), `${typeof data === 'string' ? data : JSON.stringify(data)}\n`);
};
for (const dir of ['records', 'illegal', 'malformed']) rmSync(join(root, dir), { recursive: true, force: true });

const record = (players: readonly string[], moves: readonly AnyMove[]) => writeRecord({ names: players }, moves);
const FOUR = ['Udo', 'Claudia', 'Stefan', 'Karin'];
const FIVE = [...FOUR, 'Miriam'];

// The rulebook's deal: round 1 leaves 30 at the Jazz House, round 2 adds 20 and Claudia's extra 5 ($55,000);
// Claudia (raid 6) proposes 30 + 5 for herself and 20 for Udo (raid 4), who accepts. Counted by hand in the README.
const jazzHands: Card[][] = [
  [g(COLIBRI, 1), r(JAZZ_HOUSE, 4)],
  [g(HAVANA, 1), r(JAZZ_HOUSE, 6)],
  [g(COTTON_CLUB, 1), g(JAZZ_HOUSE, 5)],
  [g(JUNGLE, 1), g(JAZZ_HOUSE, 2)],
];
const jazzOpening = openingMoves({ players: 4, hands: jazzHands, supply: [5, 10, 15, 20, 25, 30, 40, 5, 10, 15, 20, 25, 20, 5] });
const jazzMoves: AnyMove[] = [
  ...jazzOpening,
  place(0, COLIBRI),
  ...jazzHands.map((h, seat) => pick(seat, h[0] as Card)),
  place(1, JAZZ_HOUSE),
  ...jazzHands.map((h, seat) => pick(seat, h[1] as Card)),
  give(1, 1),
  give(1, 0),
  give(1, 1),
  accept(0),
];
write('records/jazz-house-deal.json', record(FOUR, jazzMoves));
write('records/jazz-house-deal.expected.json', { round: 3, money: [65, 45, 15, 20], winners: [], finished: false });

// A chain of duels: five players, four gamblers at the Colibri (30 + the extra 40). Udo (6) keeps the 40 and gives
// Claudia (5) the 30; Claudia accepts, Stefan (3) and Karin (1) refuse. Udo rolls 1 against Karin's 6: 7 all, the
// weaker card wins; Stefan rolls 3 against Karin's 4: 6 against 5, Stefan takes the 40. Counted by hand.
const chainCards = [g(COLIBRI, 6), g(COLIBRI, 5), g(COLIBRI, 3), g(COLIBRI, 1), g(JUNGLE, 2)];
const chainMoves: AnyMove[] = [
  ...openingMoves({ players: 5, hands: chainCards.map((c) => [c]), supply: [30, 10, 15, 20, 25, 5, 40] }),
  place(0, COLIBRI),
  ...chainCards.map((c, seat) => pick(seat, c)),
  give(0, 0),
  give(0, 1),
  accept(1),
  refuse(2),
  refuse(3),
  die(1),
  die(6),
  die(3),
  die(4),
];
write('records/duel-chain.json', record(FIVE, chainMoves));
write('records/duel-chain.expected.json', { round: 2, money: [0, 30, 40, 0, 20], winners: [], finished: false });

// Whole bot games, 3 to 8 players (greedy on even seats, random on odd); expected: what the engine computed.
const NAMES = ['Miriam', 'Felix', 'Elke', 'Dennis', 'Anke', 'Jonas', 'Lena', 'Paul'];
for (let n = 3; n <= 8; n++) {
  const bots = Array.from({ length: n }, (_, s) => (s % 2 === 0 ? BOTS.greedy : BOTS.random));
  const played = playBots(razziaDorra, NAMES.slice(0, n), bots as never, `golden-${n}`);
  const moves = played.moves as AnyMove[];
  write(`records/bots-${n}p.json`, { ...record(NAMES.slice(0, n), moves), seed: `golden-${n}`, date: '2026-11-23' });
  write(`records/bots-${n}p.expected.json`, summarize(played.state));
  if (n === 6) {
    // The same game cut short in the middle of round 4: a record may end mid-game.
    const cut = record(NAMES.slice(0, n), moves.slice(0, 90));
    const replayed = replay<GameState>(razziaDorra, JSON.parse(JSON.stringify(cut)));
    if (!replayed.ok) throw new Error('the cut record does not replay');
    write('records/bots-6p-unfinished.json', cut);
    write('records/bots-6p-unfinished.expected.json', summarize(replayed.state));
  }
}

// Illegal records: well-formed, but move N breaks a rule. Expected: exit 1, the index and rule on stderr.
const opening4 = jazzOpening; // two shuffles: moves 0 and 1
const round1 = [...opening4, place(0, COLIBRI)]; // move 2; picks from move 3
const seatMove = (seat: number, action: unknown): AnyMove => ({ seat, action: action as Action });
const dealing = [...round1, ...jazzHands.map((h, seat) => pick(seat, h[0] as Card)), place(1, JAZZ_HOUSE), ...jazzHands.map((h, seat) => pick(seat, h[1] as Card))];
const proposed = [...dealing, give(1, 1), give(1, 0), give(1, 1)];
const illegal: Record<string, { players?: string[]; moves: AnyMove[]; index: number; rule: string }> = {
  'decision-before-the-shuffles': { moves: [place(0, COLIBRI)], index: 0, rule: 'platform' },
  'seat-9': { moves: [...opening4, place(9, COLIBRI)], index: 2, rule: 'D2' },
  'place-not-dealer': { moves: [...opening4, place(1, COLIBRI)], index: 2, rule: 'D3.1' },
  'place-bar-6': { moves: [...opening4, place(0, 6)], index: 2, rule: 'D3.1' },
  'place-lincoln-three-players': { players: FOUR.slice(0, 3), moves: [...openingMoves({ players: 3 }), place(0, 4)], index: 2, rule: 'D3.1' },
  'pick-before-place': { moves: [...opening4, pick(1, g(HAVANA, 1))], index: 2, rule: 'D3.1' },
  'pick-not-in-hand': { moves: [...round1, pick(1, g(COLIBRI, 1))], index: 3, rule: 'D3.2' },
  'pick-kind-police': { moves: [...round1, seatMove(1, { type: 'pick', card: { bar: 1, kind: 'police', dice: 1 } })], index: 3, rule: 'D3.2' },
  'pick-twice': { moves: [...round1, pick(1, g(HAVANA, 1)), pick(1, r(JAZZ_HOUSE, 6))], index: 4, rule: 'D3.2' },
  'give-not-proposer': { moves: [...dealing, give(0, 0)], index: dealing.length, rule: 'D5.2' },
  'give-to-non-party': { moves: [...dealing, give(1, 2)], index: dealing.length, rule: 'D5.2' },
  'answer-by-proposer': { moves: [...proposed, accept(1)], index: proposed.length, rule: 'D5.3' },
  'answer-by-non-party': { moves: [...proposed, refuse(3)], index: proposed.length, rule: 'D5.3' },
  'die-while-deciding': { moves: [...round1, die(3)], index: 3, rule: 'platform' },
  'die-7': { players: FIVE, moves: [...chainMoves.slice(0, -4), die(7)], index: chainMoves.length - 4, rule: 'platform' },
  'shuffle-not-a-permutation': { moves: [{ chance: { kind: 'shuffle', order: Array(84).fill(0) } }], index: 0, rule: 'platform' },
};
{
  const bots = Array.from({ length: 3 }, () => BOTS.random);
  const played = playBots(razziaDorra, NAMES.slice(0, 3), bots as never, 'after-the-end');
  illegal['after-game-over'] = { players: NAMES.slice(0, 3), moves: [...(played.moves as AnyMove[]), place(0, 0)], index: played.moves.length, rule: 'D6.1' };
}
for (const [name, { players, moves, index, rule }] of Object.entries(illegal)) {
  write(`illegal/${name}.json`, record(players ?? FOUR, moves));
  write(`illegal/${name}.expected.json`, { exit: 1, index, rule });
}

// Malformed records: exit 2 with one line saying what is wrong.
const good = record(FOUR, jazzMoves);
const withMove = (i: number, move: unknown) => JSON.stringify({ ...good, moves: [...good.moves.slice(0, i), move] });
const malformed: Record<string, { text: string; says: string }> = {
  'not-json': { text: '{"format": "razzia-dorra-record/1", "players": [', says: 'not valid JSON' },
  'not-an-object': { text: '[1, 2, 3]', says: 'record' },
  'wrong-format': { text: JSON.stringify({ ...good, format: 'razzia-record/1' }), says: 'format' },
  'two-players': { text: JSON.stringify({ ...good, players: ['Udo', 'Claudia'] }), says: 'players' },
  'nine-players': { text: JSON.stringify({ ...good, players: [...NAMES, 'Ida'] }), says: 'players' },
  'blank-name': { text: JSON.stringify({ ...good, players: ['Udo', '  ', 'Stefan', 'Karin'] }), says: 'players[1]' },
  'moves-not-a-list': { text: JSON.stringify({ ...good, moves: { 0: good.moves[0] } }), says: 'moves' },
  'move-not-an-object': { text: withMove(2, 'place 0'), says: 'moves[2]' },
  'move-with-seat-and-chance': { text: withMove(2, { seat: 0, action: { type: 'place', bar: 0 }, chance: { kind: 'die', value: 1 } }), says: 'moves[2]' },
  'seat-not-a-number': { text: withMove(2, { seat: '0', action: { type: 'place', bar: 0 } }), says: 'moves[2].seat' },
  'unknown-action-type': { text: withMove(2, { seat: 0, action: { type: 'bluff' } }), says: 'moves[2].action' },
  'extra-key-in-action': { text: withMove(2, { seat: 0, action: { type: 'place', bar: 0, chit: 40 } }), says: 'moves[2].action' },
  'bar-not-a-number': { text: withMove(2, { seat: 0, action: { type: 'place', bar: '0' } }), says: 'moves[2].action.bar' },
  'card-dice-a-string': { text: withMove(3, { seat: 0, action: { type: 'pick', card: { bar: 0, kind: 'gambler', dice: '1' } } }), says: 'moves[3].action.card.dice' },
  'card-missing-kind': { text: withMove(3, { seat: 0, action: { type: 'pick', card: { bar: 0, dice: 1 } } }), says: 'moves[3].action.card.kind' },
  'unknown-chance-kind': { text: withMove(0, { chance: { kind: 'coin', value: 1 } }), says: 'moves[0].chance' },
  'die-value-a-string': { text: withMove(0, { chance: { kind: 'die', value: 'six' } }), says: 'moves[0].chance.value' },
};
for (const [name, { text, says }] of Object.entries(malformed)) {
  write(`malformed/${name}.json`, text);
  write(`malformed/${name}.expected.json`, { exit: 2, says });
}
console.log(`fixtures written to ${root}`);
