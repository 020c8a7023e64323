// The analysis worker's games, built from each game's zod-free modules, are the games' own contract objects: over
// every finished fixture record they start, wait, list, apply, view and sample alike, and `@razzia/bots` analyses a
// player's decisions with them. Each game's replay (the viewer's) hands the analysis the moves its record holds,
// and the panel's words describe every analysed choice in the game's words.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyseSteps, costliest, type PlayedGame } from '@razzia/bots';
import { Rng } from '@razzia/contract/random';
import { step } from '@razzia/contract/step';
import type { AnyGame } from '@razzia/contract/game';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';
import { describe, expect, it } from 'vitest';
import { analysableGame } from '$lib/analysis/games.ts';
import { marked, percent, tally } from '$lib/analysis/marks.ts';
import { translate, type MessageKey, type Params } from '$lib/i18n/index.ts';
import { gameEntry } from '$lib/games/registry.ts';

const fixtures = new URL('../../../../fixtures/', import.meta.url).pathname;
const GAMES: { id: string; def: AnyGame; dir: string }[] = [
  { id: 'razzia', def: razzia as unknown as AnyGame, dir: 'records' },
  { id: 'razzia-dorra', def: razziaDorra as unknown as AnyGame, dir: 'razzia-dorra/records' },
  { id: 'robbery', def: robbery as unknown as AnyGame, dir: 'robbery/records' },
];

function records(dir: string): { name: string; json: unknown }[] {
  return readdirSync(join(fixtures, dir))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json') && !f.includes('unfinished'))
    .map((f) => ({ name: f, json: JSON.parse(readFileSync(join(fixtures, dir, f), 'utf8')) }));
}

describe('the analysis worker’s games', () => {
  for (const { id, def, dir } of GAMES)
    describe(id, () => {
      it('behave as the game’s own contract object over every finished fixture record', async () => {
        const game = (await analysableGame(id)) as unknown as AnyGame;
        expect(game.id).toBe(id);
        for (const { name, json } of records(dir)) {
          const read = def.record.read(json);
          if (!read.ok) throw new Error(`${name}: ${read.message}`);
          const mine = game.start(read.setup);
          const theirs = def.start(read.setup);
          expect(mine, name).toEqual(theirs);
          if (!mine.ok || !theirs.ok) continue;
          let state = mine.state;
          read.moves.forEach((move, i) => {
            expect(game.pending(state), `${name} move ${i}`).toEqual(def.pending(state));
            if ('seat' in move) {
              expect(game.legal(state, move.seat)).toEqual(def.legal(state, move.seat));
              expect(game.view(state, move.seat)).toEqual(def.view(state, move.seat));
              expect(game.sample!(game.view(state, move.seat), move.seat, Rng.fromSeed(`${i}`))).toEqual(
                def.sample!(def.view(state, move.seat), move.seat, Rng.fromSeed(`${i}`)),
              );
            }
            const r = step(game, state, move);
            const s = step(def, state, move);
            expect(r, `${name} move ${i}`).toEqual(s);
            if (r.ok) state = r.state;
          });
          expect(game.pending(state), name).toEqual(def.pending(state));
        }
      });

      it('are analysed by the bots, from what the viewer’s replay hands over, with every choice in words', async () => {
        const game = await analysableGame(id);
        const { name, json } = records(dir)[0]!;
        const module = await gameEntry(id)!.load();
        const loaded = await module.replay(json);
        if (!loaded.ok) throw new Error(`${name}: ${loaded.reason}`);
        const { played, finished, views, names } = loaded.replay;
        expect(finished).toBe(true);
        const steps = [...analyseSteps(game!, played as PlayedGame<unknown>, 0, { budget: { iterations: 20 }, seed: 'test' })];
        expect(steps.length).toBeGreaterThan(0);
        expect(steps.map((s) => s.done)).toEqual(steps.map((_, i) => i + 1));
        expect(steps.every((s) => s.total === steps.length)).toBe(true);
        const { describe: describeChoice, target } = await module.choices();
        const t = (key: MessageKey, params?: Params) => translate('en', key, params, [module.messages]);
        for (const { decision } of steps) {
          // The decision is the seat's, taken at views[index].
          expect((played.moves[decision.index] as { seat?: number }).seat).toBe(0);
          for (const action of [decision.played, decision.best]) {
            const words = describeChoice(action, views[decision.index], 0, names, t);
            expect(words, JSON.stringify(action)).toMatch(/\w/);
            expect(words).not.toMatch(/\{|undefined|NaN|\.choice\./);
          }
          const selector = target(decision.best, views[decision.index], []);
          if (selector !== null) expect(selector).not.toMatch(/undefined|NaN/);
        }
        const marks = marked(costliest, steps.map((s) => s.decision));
        expect(marks.every((d) => ['inaccuracy', 'mistake', 'blunder'].includes(d.verdict))).toBe(true);
        expect(marks.map((d) => d.loss)).toEqual([...marks.map((d) => d.loss)].sort((a, b) => b - a));
      });
    });

  it('an unfinished record is not offered for analysis', async () => {
    const module = await gameEntry('razzia')!.load();
    const loaded = await module.replay(JSON.parse(readFileSync(join(fixtures, 'records/bots-4p-unfinished.json'), 'utf8')));
    expect(loaded.ok && loaded.replay.finished).toBe(false);
  });
});

describe('how an analysis reads', () => {
  const decision = (index: number, loss: number, verdict: 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder') => ({
    index,
    choices: 2,
    played: { type: 'pass' },
    best: { type: 'call' },
    playedWinChance: 0.5 - loss,
    bestWinChance: 0.5,
    loss,
    verdict,
  });

  it('marks the costliest decisions first, and none that cost next to nothing', () => {
    const all = [decision(3, 0.02, 'good'), decision(5, 0.3, 'blunder'), decision(8, 0.06, 'inaccuracy'), decision(9, 0, 'best'), decision(12, 0.12, 'mistake')];
    expect(marked(costliest, all).map((d) => d.index)).toEqual([5, 12, 8]);
    expect(marked(costliest, all, 1).map((d) => d.index)).toEqual([5]);
    expect(marked(costliest, [decision(1, 0.01, 'good')])).toEqual([]);
  });

  it('tallies the verdicts and reads a win chance in whole percent', () => {
    expect(tally([decision(1, 0, 'best'), decision(2, 0, 'best'), decision(3, 0.3, 'blunder')])).toEqual([
      { verdict: 'best', n: 2 },
      { verdict: 'good', n: 0 },
      { verdict: 'inaccuracy', n: 0 },
      { verdict: 'mistake', n: 0 },
      { verdict: 'blunder', n: 1 },
    ]);
    expect([percent(0.314), percent(0.5), percent(1), percent(-0.01), percent(1.2)]).toEqual([31, 50, 100, 0, 100]);
  });
});
