// Writes the golden records under fixtures/ (run: tsx packages/games/razzia/scripts/make-fixtures.ts).
// The hand-scored game's expected result is typed in below from a by-hand count, not taken from the engine.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOTS, Rng, actor, apply, fullDeck, newGame, startGame, summarize, toRecord, view, type Action, type CardKind } from '../src/index.ts';

const root = new URL('../../../../fixtures/', import.meta.url).pathname;
const write = (path: string, data: unknown) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), `${typeof data === 'string' ? data : JSON.stringify(data, null, 1)}\n`);
};

/** Pile 0 starts with `top`; the rest of the 120 follow, booty first, then pile 1. */
function piles(top: CardKind[], pile0Size = 60): [CardKind[], CardKind[]] {
  const rest = fullDeck();
  for (const c of top) rest.splice(rest.indexOf(c), 1);
  rest.sort((a, b) => Number(a === 'police') - Number(b === 'police'));
  const all = [...top, ...rest];
  return [all.slice(0, pile0Size), all.slice(pile0Size)];
}

const P = 'police' as const;
const d = (seat: number): Action => ({ seat, type: 'draw', pile: 0 });
const b = (seat: number, cheque: number): Action => ({ seat, type: 'bid', cheque });
const p = (seat: number): Action => ({ seat, type: 'pass' });

// A short two-player game, scored by hand in fixtures/README.md.
const handPiles = piles([
  'gold', P, 'car', 'driver', P, P, P, P, // round 1
  'bodyguard', P, P, P, P, P, // round 2
  'business:casino', 'business:casino', 'business:casino', P, P, P, P, P, // round 3
]);
const handActions: Action[] = [
  d(0), d(1), b(0, 2), p(1), d(0), d(1), d(0), b(1, 3), p(0), d(1), p(0), p(1), d(0), p(1), p(0), d(1),
  d(0), d(1), b(0, 5), b(1, 7), d(0), p(1), p(0), d(1), p(0), p(1), d(0), p(1), p(0), d(1),
  d(0), d(1), d(0), d(1), b(0, 9), d(0), p(1), p(0), d(1), p(0), p(1), d(0), p(1), p(0), d(1),
];
const hand = {
  format: 'razzia-record/1',
  players: ['Ann', 'Ben'],
  cheques: [[2, 5, 6, 9], [3, 4, 7, 8]],
  centre: 1,
  piles: handPiles,
  actions: handActions,
};
write('records/hand-scored-2p.json', hand);
write('records/hand-scored-2p.expected.json', { rounds: [[-2, -3], [-7, 0], [4, -5]], total: [-5, -8], winners: [0], finished: true });

// Whole bot games, 2 to 5 players; their expected output is what the engine computed when they were made.
for (const n of [2, 3, 4, 5]) {
  const names = ['Miriam', 'Felix', 'Elke', 'Dennis', 'Anke'].slice(0, n);
  let state = newGame({ names, seed: `golden-${n}` });
  const rng = Rng.fromSeed(`golden-bots-${n}`);
  const actions: Action[] = [];
  while (state.phase.kind !== 'over') {
    const seat = actor(state) as number;
    const bot = seat % 2 === 0 ? BOTS.greedy : BOTS.random;
    const action = bot.choose(view(state, seat), () => rng.next());
    const r = apply(state, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    actions.push(action);
  }
  write(`records/bots-${n}p.json`, { ...toRecord({ state, actions }), date: '2026-11-22' });
  write(`records/bots-${n}p.expected.json`, summarize(state));
  if (n === 4) {
    // The same game cut short after 57 actions: a record may end mid-game.
    const partial = { ...toRecord({ state, actions: actions.slice(0, 57) }) };
    write('records/bots-4p-unfinished.json', partial);
  }
}

// Ann wins two thieves, then faces a row of three cards on her turn.
const thieving = { ...hand, piles: piles(['thief', 'thief', P, 'car', 'gold', 'bodyguard']) };
const toThief: Action[] = [d(0), d(1), d(0), p(1), b(0, 2), d(1), d(0), d(1)];
// A thief's positions are a set (R5.1): named in descending order, the same legal action as ascending.
const descending = { ...thieving, actions: [...toThief, { seat: 0, type: 'thief', take: [2, 0] }] };
write('records/thief-take-descending.json', descending);
{
  const started = startGame({ names: thieving.players, cheques: thieving.cheques, centre: 1, piles: thieving.piles });
  if (!started.ok) throw new Error(started.error);
  let state = started.state;
  for (const action of descending.actions as Action[]) {
    const r = apply(state, action);
    if (!r.ok) throw new Error(`thief-take-descending: ${r.error.message}`);
    state = r.state;
  }
  write('records/thief-take-descending.expected.json', summarize(state));
}

// Illegal records: well-formed, but action N breaks a rule. Expected: exit 1, the index and rule on stderr.
const SETS4 = [[3, 7, 12], [4, 8, 11], [5, 9, 10], [2, 6, 13]];
const illegal: Record<string, { record: object; index: number; rule: string }> = {
  'wrong-seat': { record: { ...hand, actions: [d(0), d(0)] }, index: 1, rule: 'R3.1' },
  'bid-not-higher': { record: { ...hand, actions: [...handActions.slice(0, 19), b(1, 4)] }, index: 19, rule: 'R6.3' },
  // Values inside the format's shape are the rules' to judge (razzia-record/1, "The line between the two").
  'seat-7': { record: { ...hand, actions: [{ seat: 7, type: 'draw', pile: 0 }] }, index: 0, rule: 'R2.1' },
  'draw-pile-2': { record: { ...hand, actions: [{ seat: 0, type: 'draw', pile: 2 }] }, index: 0, rule: 'R4.1' },
  'bid-cheque-17': { record: { ...hand, actions: [d(0), d(1), b(0, 17)] }, index: 2, rule: 'R6.3' },
  'bid-cheque-0': { record: { ...hand, actions: [d(0), d(1), b(0, 0)] }, index: 2, rule: 'R6.3' },
  'thief-take-nothing': { record: { ...thieving, actions: [...toThief, { seat: 0, type: 'thief', take: [] }] }, index: toThief.length, rule: 'R5.1' },
  'thief-take-7': { record: { ...thieving, actions: [...toThief, { seat: 0, type: 'thief', take: [7] }] }, index: toThief.length, rule: 'R5.1' },
  'thief-position-twice': { record: { ...thieving, actions: [...toThief, { seat: 0, type: 'thief', take: [1, 1] }] }, index: toThief.length, rule: 'R5.1' },
  'thief-without-thieves': { record: { ...hand, actions: [d(0), { seat: 1, type: 'thief', take: [0] }] }, index: 1, rule: 'R5.1' },
  'pass-forced-court-bid': { record: { ...hand, actions: [{ seat: 0, type: 'call' }, p(1), p(0)] }, index: 2, rule: 'R6.4' },
  'acting-for-auto-passed-seat': {
    record: { ...hand, players: ['A', 'B', 'C', 'D'], cheques: SETS4, piles: piles([P]), actions: [d(3), b(0, 12), p(1)] },
    index: 2,
    rule: 'R6.2',
  },
  'bid-face-down-cheque': {
    record: { ...hand, actions: [d(0), d(1), b(0, 2), p(1), d(0), { seat: 1, type: 'call' }, b(0, 1)] },
    index: 6,
    rule: 'R6.3',
  },
  'after-game-over': { record: { ...hand, actions: [...handActions, d(0)] }, index: handActions.length, rule: 'R8.3' },
};
for (const [name, { record, index, rule }] of Object.entries(illegal)) {
  write(`illegal/${name}.json`, { format: 'razzia-record/1', ...record });
  write(`illegal/${name}.expected.json`, { exit: 1, index, rule });
}

// Malformed records: exit 2 with one line saying what is wrong.
const swapped = piles([]);
swapped[1][swapped[1].length - 1] = 'car'; // a police card became a 17th car
const malformed: Record<string, { text: string; says: string }> = {
  'not-json': { text: '{"format": "razzia-record/1", "players": [', says: 'not valid JSON' },
  'wrong-format': { text: JSON.stringify({ ...hand, format: 'razzia-record/2' }), says: 'format' },
  'unknown-kind': {
    text: JSON.stringify({ ...hand, piles: [['trinket:crown', ...handPiles[0].slice(1)], handPiles[1]] }),
    says: 'piles[0][0]',
  },
  'wrong-card-counts': { text: JSON.stringify({ ...hand, piles: swapped }), says: 'R1.1' },
  'wrong-cheque-sets': { text: JSON.stringify({ ...hand, cheques: [[2, 5, 6, 8], [3, 4, 7, 9]] }), says: 'R2.2' },
  'bad-action-shape': { text: JSON.stringify({ ...hand, actions: [{ seat: 0, type: 'draw', pile: '0' }] }), says: 'actions[0]' },
  'seat-not-a-number': { text: JSON.stringify({ ...hand, actions: [{ seat: '0', type: 'draw', pile: 0 }] }), says: 'actions[0].seat' },
  'extra-key': { text: JSON.stringify({ ...hand, actions: [{ seat: 0, type: 'draw', pile: 0, cheque: 9 }] }), says: 'actions[0]' },
  'piles-61-and-59': { text: JSON.stringify({ ...hand, piles: piles([], 61) }), says: 'piles[0]' },
  'too-many-players': { text: JSON.stringify({ ...hand, players: ['a', 'b', 'c', 'd', 'e', 'f'] }), says: 'players' },
  'centre-not-one': { text: JSON.stringify({ ...hand, centre: 10 }), says: 'centre' },
  'not-an-object': { text: '[1, 2, 3]', says: 'record' },
};
for (const [name, { text, says }] of Object.entries(malformed)) {
  write(`malformed/${name}.json`, text);
  write(`malformed/${name}.expected.json`, { exit: 2, says });
}
console.log('fixtures written');
