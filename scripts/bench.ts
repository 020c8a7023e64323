// `pnpm bench`: every game's speed through the game contract on one core (whole random games per second, as the
// server drives them), and Razzia!'s engine alone as before. BENCH_SECONDS sets the time per measurement.

import { cpus } from 'node:os';
import { benchFair, benchGame } from '@razzia/contract/bench';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';
import { engineBench } from '../packages/games/razzia/bench/games.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
console.log(`machine: ${cpus()[0]?.model ?? 'unknown'}, Node ${process.version}, one core, ${seconds} s per measurement`);
for (const [game, players] of [
  [razzia, 4],
  [razziaDorra, 5],
  [robbery, 4],
] as const) {
  const r = benchGame(game, players, seconds);
  console.log(
    `${game.id} (${players} players, through the contract): ${Math.round(r.games / r.seconds)} games/s, ${(r.moves / r.games).toFixed(1)} moves per game, ${Math.round(r.moves / r.seconds)} moves/s`,
  );
}
// Fair draws: a die from a stream of its own (what each chance move costs the server beyond the rules), and a
// whole record verified (what `<game> verify` and the replay viewer do).
for (const [game, players] of [
  [razzia, 4],
  [razziaDorra, 5],
  [robbery, 4],
] as const) {
  const f = benchFair(game, players, Math.min(seconds, 1));
  console.log(`${game.id} fair draws: ${Math.round(f.drawsPerSecond)} draws/s; verify: ${Math.round(f.verifiesPerSecond)} records/s (${f.draws} draws a record, ${players} players)`);
}
// Razzia!'s engine called directly (legalActions + apply), as `pnpm bench` measured it before the contract.
const engine = engineBench(seconds);
console.log(`razzia engine alone (4 players): ${engine.gamesPerSecond} games/s, µs per apply ${engine.applyUs.toFixed(3)}`);
console.log(`games/s: ${engine.gamesPerSecond}`);
