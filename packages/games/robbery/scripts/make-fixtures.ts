// Writes the golden, illegal and malformed records under fixtures/robbery/ (run from the repository root:
// node_modules/.bin/tsx packages/games/robbery/scripts/make-fixtures.ts). The scripted raid's expected result is
// typed in below from a count by hand (fixtures/robbery/README.md), not taken from the engine.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { playBots } from '@razzia/contract/cli';
import { stepAll, type Bot, type Move } from '@razzia/contract';
import { BOTS, fullDeck, legalActions, robbery, startGame, summarize, withoutOne, type Action, type Card, type GameState } from '../src/index.ts';

const root = new URL('../../../../fixtures/robbery/', import.meta.url).pathname;
const write = (path: string, data: unknown) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), `${typeof data === 'string' ? data : JSON.stringify(data, null, 1)}\n`);
};
for (const dir of ['records', 'illegal', 'malformed']) rmSync(join(root, dir), { recursive: true, force: true });

/** A deck whose top cards are `top`; the other cards follow in kind order. */
function stacked(top: readonly Card[]): Card[] {
  let rest = fullDeck();
  for (const card of top) rest = withoutOne(rest, card);
  return [...top, ...rest];
}

const play = (seat: number, card: Card, more: { from?: number; take?: Action extends infer A ? (A extends { take?: infer T } ? T : never) : never } = {}): Move<Action> => ({
  seat,
  action: { type: 'play', card, ...more } as Action,
});
const guard = (seat: number, give: 'tile' | 'dog'): Move<Action> => ({ seat, action: { type: 'guard', give } });

// Raid 1 between two players, scripted and scored by hand (fixtures/robbery/README.md).
const scripted = {
  format: 'robbery-record/1',
  players: ['Ann', 'Ben'],
  // Ann's five, Ben's five, then the draws: Ann 5, Ben Greedy Thief, Ann 2, Ben 2.
  deck: stacked([5, 4, 'boss', 'greedy', 3, 0, 'dog', 3, 5, 1, 5, 'greedy', 2, 2]),
  moves: [
    play(0, 5), // Ann takes the 5
    play(1, 'dog'), // Ben takes the Guard Dog
    play(0, 'boss'), // Ann takes the Boss
    play(1, 5, { from: 0 }), // Ben steals Ann's 5
    play(0, 5, { from: 1 }), // Ann would steal it back: Ben has the Guard Dog…
    guard(1, 'dog'), // …and gives the dog instead
    play(1, 'greedy', { take: 4 }), // Ben takes the 4 with a Greedy Thief
    play(0, 4, { from: 1 }), // Ann steals the 4 (Ben no longer has the dog)
    play(1, 0), // Ben takes the 0 (two alibis)
    play(0, 3), // Ann takes a 3
    play(1, 3), // Ben takes a 3
    play(0, 2), // Ann takes the 2
    play(1, 1), // Ben takes the 1
    play(0, 'greedy', { take: 3 }), // Ann takes the last 3: the raid ends
  ],
};
write('records/scripted-raid1-2p.json', scripted);
write('records/scripted-raid1-2p.expected.json', { raids: 1, loot: [17, 9], alibis: [0, 2], arrested: [], winners: [], finished: false });

// Whole bot games, 2 to 5 players (greedy on even seats, random on odd); their expected output is what the
// engine computed when they were made: they guard against regressions, not against a wrong first answer.
const NAMES = ['Miriam', 'Felix', 'Elke', 'Dennis', 'Anke'];
const games: Record<number, { setup: { names: readonly string[]; deck: readonly Card[] }; moves: Move<Action>[]; state: GameState }> = {};
for (const n of [2, 3, 4, 5]) {
  const bots = Array.from({ length: n }, (_, s) => (s % 2 === 0 ? BOTS.greedy : BOTS.random)) as Bot<unknown, unknown>[];
  const played = playBots(robbery, NAMES.slice(0, n), bots, `golden-${n}`);
  const game = { setup: played.setup, moves: played.moves as Move<Action>[], state: played.state as GameState };
  games[n] = game;
  write(`records/bots-${n}p.json`, { ...robbery.record.write(game), seed: `golden-${n}`, date: '2026-11-23' });
  write(`records/bots-${n}p.expected.json`, summarize(game.state));
}
// The four-player game cut short after 60 moves: a record may end mid-game.
{
  const game = games[4] as (typeof games)[number];
  const moves = game.moves.slice(0, 60);
  const started = startGame(game.setup);
  if (!started.ok) throw new Error(started.error);
  write('records/bots-4p-unfinished.json', robbery.record.write({ setup: game.setup, moves }));
  write('records/bots-4p-unfinished.expected.json', summarize(stepAll(robbery, started.state, moves)));
}

// Illegal records: well-formed, but move INDEX breaks RULE. Expected: exit 1, the index and rule on stderr.
const upTo = (k: number, ...more: Move<Action>[]) => ({ ...scripted, moves: [...scripted.moves.slice(0, k), ...more] });
const two = games[2] as (typeof games)[number];
const twoRecord = robbery.record.write(two) as { moves: unknown[] };
const firstChance = two.moves.findIndex((m) => 'chance' in m);
const discardAt = two.moves.findIndex((m) => 'action' in m && m.action.type === 'discard');
if (firstChance < 0 || discardAt < 0) throw new Error('the two-player bot game has no reshuffle or no discard decision: pick another seed');
const discardMove = two.moves[discardAt] as { seat: number; action: Extract<Action, { type: 'discard' }> };
const beforeDiscard = stepAll(robbery, startGame(two.setup).ok ? (startGame(two.setup) as { state: GameState }).state : (null as never), two.moves.slice(0, discardAt));
if (legalActions(beforeDiscard, discardMove.seat).length < 2) throw new Error('the discard is forced in this game');
const bots2 = (moves: unknown[]) => ({ ...twoRecord, moves });
const illegal: Record<string, { record: object; index: number; rule: string }> = {
  'wrong-seat': { record: upTo(1, play(0, 4)), index: 1, rule: 'B3.3' },
  'seat-7': { record: upTo(0, play(7, 5)), index: 0, rule: 'B1.1' },
  'card-not-in-hand': { record: upTo(0, play(0, 0)), index: 0, rule: 'B3.1' },
  'card-9': { record: upTo(0, { seat: 0, action: { type: 'play', card: 9 } as never }), index: 0, rule: 'B3.1' },
  'card-joker': { record: upTo(0, { seat: 0, action: { type: 'play', card: 'joker' } as never }), index: 0, rule: 'B3.1' },
  'steal-from-self': { record: upTo(2, play(0, 5, { from: 0 })), index: 2, rule: 'B3.4' },
  'steal-when-middle-has-it': { record: upTo(0, play(0, 5, { from: 1 })), index: 0, rule: 'B4.1' },
  'steal-without-naming-victim': { record: upTo(3, play(1, 5)), index: 3, rule: 'B4.2' },
  'steal-from-seat-9': { record: upTo(3, play(1, 5, { from: 9 })), index: 3, rule: 'B1.1' },
  'take-on-number-card': { record: upTo(0, play(0, 5, { take: 5 })), index: 0, rule: 'B4.1' },
  'play-while-guard-dog-decides': { record: upTo(5, play(0, 3)), index: 5, rule: 'B6.2' },
  'guard-by-the-thief': { record: upTo(5, guard(0, 'tile')), index: 5, rule: 'B6.2' },
  'guard-give-cat': { record: upTo(5, { seat: 1, action: { type: 'guard', give: 'cat' } as never }), index: 5, rule: 'B6.2' },
  'guard-when-nobody-steals': { record: upTo(1, guard(1, 'dog')), index: 1, rule: 'B6.2' },
  'greedy-from-a-player': { record: upTo(6, play(1, 'greedy', { from: 0 })), index: 6, rule: 'B7.1' },
  'greedy-take-crown': { record: upTo(6, { seat: 1, action: { type: 'play', card: 'greedy', take: 'crown' } as never }), index: 6, rule: 'B7.1' },
  'greedy-without-take': { record: upTo(6, play(1, 'greedy')), index: 6, rule: 'B7.1' },
  'chance-not-pending': { record: upTo(0, { chance: { kind: 'shuffle', order: [0] } }), index: 0, rule: 'platform' },
  'decision-while-shuffle-pending': {
    record: bots2([...twoRecord.moves.slice(0, firstChance), { seat: 0, action: { type: 'play', card: 0 } }]),
    index: firstChance,
    rule: 'platform',
  },
  'shuffle-not-a-permutation': {
    record: bots2([...twoRecord.moves.slice(0, firstChance), { chance: { kind: 'shuffle', order: [0, 0, 1] } }]),
    index: firstChance,
    rule: 'platform',
  },
  'discard-wrong-total': {
    record: bots2([...twoRecord.moves.slice(0, discardAt), { seat: discardMove.seat, action: { type: 'discard', tiles: discardMove.action.tiles.filter((t) => t.value !== 0).slice(1) } }]),
    index: discardAt,
    rule: 'B9.3',
  },
  'after-game-over': { record: bots2([...twoRecord.moves, { seat: 0, action: { type: 'play', card: 0 } }]), index: twoRecord.moves.length, rule: 'B9.5' },
};
for (const [name, { record, index, rule }] of Object.entries(illegal)) {
  write(`illegal/${name}.json`, record);
  write(`illegal/${name}.expected.json`, { exit: 1, index, rule });
}

// Malformed records: exit 2 with one line saying what is wrong.
const json = (patch: object) => JSON.stringify({ ...scripted, ...patch });
const withMove = (move: unknown) => json({ moves: [move] });
const malformed: Record<string, { text: string; says: string }> = {
  'not-json': { text: '{"format": "robbery-record/1", "players": [', says: 'not valid JSON' },
  'not-an-object': { text: '[1, 2, 3]', says: 'record' },
  'wrong-format': { text: json({ format: 'robbery-record/2' }), says: 'format' },
  'too-many-players': { text: json({ players: ['a', 'b', 'c', 'd', 'e', 'f'] }), says: 'players' },
  'one-player': { text: json({ players: ['a'] }), says: 'players' },
  'blank-name': { text: json({ players: ['Ann', '   '] }), says: 'players[1]' },
  'unknown-card': { text: json({ deck: ['joker', ...scripted.deck.slice(1)] }), says: 'deck[0]' },
  'wrong-card-counts': { text: json({ deck: [...scripted.deck.slice(0, -1), 0] }), says: 'B1.2' },
  'deck-of-54': { text: json({ deck: scripted.deck.slice(1) }), says: '55' },
  'moves-not-a-list': { text: json({ moves: { seat: 0 } }), says: 'moves' },
  'move-not-an-object': { text: withMove(5), says: 'moves[0]' },
  'card-in-a-list': { text: withMove({ seat: 0, action: { type: 'play', card: [5] } }), says: 'moves[0].action.card' },
  'from-a-string': { text: withMove({ seat: 0, action: { type: 'play', card: 5, from: '1' } }), says: 'moves[0].action.from' },
  'seat-not-a-number': { text: withMove({ seat: '0', action: { type: 'play', card: 5 } }), says: 'moves[0].seat' },
  'extra-key-in-action': { text: withMove({ seat: 0, action: { type: 'play', card: 5, pile: 0 } }), says: 'moves[0].action' },
  'unknown-action-type': { text: withMove({ seat: 0, action: { type: 'draw' } }), says: 'play, guard or discard' },
  'seat-and-chance': { text: withMove({ seat: 0, action: { type: 'play', card: 5 }, chance: { kind: 'shuffle', order: [] } }), says: 'moves[0]' },
  'chance-of-unknown-kind': { text: withMove({ chance: { kind: 'coin', side: 1 } }), says: 'moves[0].chance' },
  'discard-tile-extra-key': { text: withMove({ seat: 0, action: { type: 'discard', tiles: [{ value: 5, alibis: 0, raid: 1 }] } }), says: 'moves[0].action.tiles[0]' },
};
for (const [name, { text, says }] of Object.entries(malformed)) {
  write(`malformed/${name}.json`, text);
  write(`malformed/${name}.expected.json`, { exit: 2, says });
}
console.log('fixtures written to', root);
