// The thinking pool: bots think in worker threads, so the main thread's event loop keeps turning while they do;
// a worker thinks exactly as the synchronous API does (same seed, same decision); the pool starts TypeScript
// workers from a plain node process (this test runner is not tsx).

import { Rng } from '@razzia/contract/random';
import { razzia } from '@razzia/game-razzia';
import { afterAll, describe, expect, it } from 'vitest';
import { choose } from '../src/levels.ts';
import { createThinkingPool, defaultPoolSize } from '../src/pool.ts';
import { decider, playUntil } from './helpers.ts';

const { state } = playUntil(razzia, 4, 'pool', (s, n) => n >= 20 && razzia.legal(s as never, decider(razzia, s)).length > 1);
const seat = decider(razzia, state);
const input = { view: razzia.view(state as never, seat), seat, legal: razzia.legal(state as never, seat) };

describe('the thinking pool', () => {
  const pool = createThinkingPool({ size: 1 });
  afterAll(() => pool.close());

  it('thinks off the main thread: the event loop keeps turning until the answer comes', async () => {
    let turns = 0;
    let thinking = true;
    const turn = () => {
      turns++;
      if (thinking) setImmediate(turn);
    };
    setImmediate(turn);
    const action = await pool.think({ gameId: 'razzia', level: 'normal', ...input, seed: 'off the loop' });
    thinking = false;
    expect(input.legal).toContainEqual(action);
    // A think on this thread would have let the loop turn once at most before the answer.
    expect(turns).toBeGreaterThan(20);
  });

  it('a worker decides exactly as the synchronous choose does with the same seed', async () => {
    const rng = Rng.fromSeed('same seed');
    const here = choose(razzia, 'easy', input, () => rng.next());
    const there = await pool.think({ gameId: 'razzia', level: 'easy', ...input, seed: 'same seed' });
    expect(there).toEqual(here);
  });

  it('answers many tables at once, each with a legal action', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, t) => pool.think({ gameId: 'razzia', level: 'easy', ...input, seed: `table ${t}`, budgetMs: 200 })),
    );
    for (const a of answers) expect(input.legal).toContainEqual(a);
  });

  it('gives a hint in a worker: one of the seat\'s legal decisions and a chance to win', async () => {
    const there = await pool.hint({ gameId: 'razzia', level: 'easy', ...input, seed: 'hint seed' });
    expect(Object.keys(there).sort()).toEqual(['action', 'winChance']);
    expect(input.legal).toContainEqual(there.action);
    expect(there.winChance).toBeGreaterThanOrEqual(0);
    expect(there.winChance).toBeLessThanOrEqual(1);
    await expect(pool.hint({ gameId: 'razzia', level: 'greedy', ...input, seed: 'x' })).rejects.toThrow(/searching level/);
  });

  it("a player's hint goes before the bots' decisions still queued, after the hints asked before it", async () => {
    const order: string[] = [];
    const asked = (name: string, p: Promise<unknown>) => p.then(() => order.push(name));
    // One worker: the first decision takes it, the rest queue.
    const all = [
      asked('bot 1', pool.think({ gameId: 'razzia', level: 'easy', ...input, seed: 'q1' })),
      asked('bot 2', pool.think({ gameId: 'razzia', level: 'easy', ...input, seed: 'q2' })),
      asked('bot 3', pool.think({ gameId: 'razzia', level: 'easy', ...input, seed: 'q3' })),
      asked('hint 1', pool.hint({ gameId: 'razzia', level: 'easy', ...input, seed: 'h1' })),
      asked('hint 2', pool.hint({ gameId: 'razzia', level: 'easy', ...input, seed: 'h2' })),
    ];
    expect(pool.load).toEqual({ queued: 4, thinking: 1 });
    await Promise.all(all);
    expect(order).toEqual(['bot 1', 'hint 1', 'hint 2', 'bot 2', 'bot 3']);
  });

  it('the weakest levels and forced choices answer at once, without a worker', async () => {
    expect(input.legal).toContainEqual(await pool.think({ gameId: 'razzia', level: 'greedy', ...input, seed: 'g' }));
    expect(await pool.think({ gameId: 'razzia', level: 'hard', ...input, legal: [input.legal[0]], seed: 'forced' })).toEqual(input.legal[0]);
    expect(pool.load).toEqual({ queued: 0, thinking: 0 });
  });

  it('refuses an unknown game or level with a reason', async () => {
    await expect(pool.think({ gameId: 'chess', level: 'hard', ...input, seed: 'x' })).rejects.toThrow(/no game "chess"/);
    await expect(pool.think({ gameId: 'razzia', level: 'grandmaster' as never, ...input, seed: 'x' })).rejects.toThrow(/no bot level/);
  });

  it('is sized to the machine by default, and refuses decisions once closed', async () => {
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(1);
    const other = createThinkingPool();
    expect(other.size).toBe(defaultPoolSize());
    const refused = expect(other.think({ gameId: 'razzia', level: 'hard', ...input, seed: 'closing' })).rejects.toThrow(/closed/);
    await other.close();
    await refused;
    await expect(other.think({ gameId: 'razzia', level: 'hard', ...input, seed: 'after' })).rejects.toThrow(/closed/);
  });
});
