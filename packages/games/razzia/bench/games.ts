// Razzia!'s engine alone: full random 4-player games per second on one core through its own API (setup to
// final scoring, the random bot choosing from legalActions), and microseconds per apply. Part of `pnpm bench`
// (scripts/bench.ts), which also measures every game through the contract; runs on its own too.

import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { apply, legalActions, newGame, Rng, type GameState } from '../src/index.ts';

const NAMES = ['Miriam', 'Felix', 'Elke', 'Dennis'];

function playGames(count: number, rng: Rng, offset: number): { actions: number; applyMs: number } {
  let actions = 0;
  let applyMs = 0;
  for (let g = 0; g < count; g++) {
    let state: GameState = newGame({ names: NAMES, seed: `bench-${offset + g}` });
    while (state.phase.kind !== 'over') {
      const legal = legalActions(state);
      const action = legal[rng.int(legal.length)];
      if (!action) throw new Error('no legal action before the end');
      const result = apply(state, action);
      if (!result.ok) throw new Error(`illegal action from legalActions: ${result.error.message}`);
      state = result.state;
      actions++;
    }
  }
  return { actions, applyMs };
}

function measureApply(states: { state: GameState; action: ReturnType<typeof legalActions>[number] }[]): number {
  const t0 = performance.now();
  let sink = 0;
  for (const { state, action } of states) {
    const r = apply(state, action);
    if (r.ok) sink += r.state.version;
  }
  const us = ((performance.now() - t0) * 1000) / states.length;
  if (sink < 0) console.log(sink);
  return us;
}

function sampleDecisions(rng: Rng, games: number): { state: GameState; action: ReturnType<typeof legalActions>[number] }[] {
  const out: { state: GameState; action: ReturnType<typeof legalActions>[number] }[] = [];
  for (let g = 0; g < games; g++) {
    let state = newGame({ names: NAMES, seed: `sample-${g}` });
    while (state.phase.kind !== 'over') {
      const legal = legalActions(state);
      const action = legal[rng.int(legal.length)] as (typeof legal)[number];
      out.push({ state, action });
      const r = apply(state, action);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  }
  return out;
}

/** Games per second and µs per apply, measured for `seconds`. */
export function engineBench(seconds: number): { gamesPerSecond: number; actionsPerGame: number; actionsPerSecond: number; applyUs: number } {
  const rng = Rng.fromSeed('bench');
  playGames(2000, rng, 1_000_000); // warm up the JIT
  let games = 0;
  let actions = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    actions += playGames(500, rng, games).actions;
    games += 500;
  }
  const elapsed = (performance.now() - start) / 1000;
  const decisions = sampleDecisions(rng, 2000);
  measureApply(decisions);
  const applyUs = Math.min(measureApply(decisions), measureApply(decisions), measureApply(decisions));
  return { gamesPerSecond: Math.round(games / elapsed), actionsPerGame: actions / games, actionsPerSecond: Math.round(actions / elapsed), applyUs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = engineBench(Number(process.env.BENCH_SECONDS ?? 5));
  console.log(`machine: ${cpus()[0]?.model ?? 'unknown'}, Node ${process.version}, one core`);
  console.log(`${r.actionsPerGame.toFixed(1)} actions per game`);
  console.log(`actions/s (legalActions + apply): ${r.actionsPerSecond}`);
  console.log(`µs per apply: ${r.applyUs.toFixed(3)}`);
  console.log(`games/s: ${r.gamesPerSecond}`);
}
