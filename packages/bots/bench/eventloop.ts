// Does thinking block the server? A stand-in for the table server's main thread: N tables of Razzia!, humans
// (simulated: they decide 0.5–1.5 s after their turn comes, with the greedy bot's choice) and one bot seat per
// table. Each human action is handled on the main thread as the server would (the move through the rules, a view
// for every seat, serialised), and its latency is measured from the moment it was due; the main thread's event
// loop delay is measured throughout (perf_hooks.monitorEventLoopDelay). Three runs of the same tables:
//
//   none     every seat human: the load without bots
//   pool     bot seats think in the worker-thread pool (createThinkingPool), with the level's clock budget
//   inline   bot seats think on the main thread (synchronous choose): what the pool avoids
//
// The first second of each run is not measured. usage: tsx packages/bots/bench/eventloop.ts [--tables 100] [--seconds 30] [--level hard] [--modes none,pool,inline]

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Seat } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { step } from '@razzia/contract/step';
import { razzia, type GameState, type Intent } from '@razzia/game-razzia';
import { choose, levelById, type LevelId } from '../src/levels.ts';
import { createThinkingPool, type ThinkingPool } from '../src/pool.ts';

type Mode = 'none' | 'pool' | 'inline';

interface Options {
  readonly tables: number;
  readonly seconds: number;
  readonly level: LevelId;
  readonly modes: readonly Mode[];
}

interface Figures {
  readonly mode: Mode;
  readonly humanActions: number;
  readonly humanP50: number;
  readonly humanP99: number;
  readonly humanMax: number;
  readonly loopP50: number;
  readonly loopP99: number;
  readonly loopMax: number;
  readonly botDecisions: number;
  readonly botP50: number;
  readonly botP99: number;
}

const NAMES = ['Ann', 'Ben', 'Cas', 'Dee'];
const BOT: Seat = 3;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function run(mode: Mode, options: Options, pool: ThinkingPool | null): Promise<Figures> {
  const human: number[] = [];
  const bot: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  // The first second (tables opening, code warming up) is not measured.
  const from = performance.now() + 1000;
  const end = from + options.seconds * 1000;
  setTimeout(() => loop.reset(), 1000);
  const budgetMs = levelById(options.level)?.search?.timeMs ?? 1000;
  let running = true;

  const table = (t: number) =>
    new Promise<void>((done) => {
      const rng = Rng.fromSeed(`table ${t} ${mode}`);
      const started = razzia.start(razzia.deal({ names: NAMES, options: {} }, rng));
      if (!started.ok) throw new Error(started.error);
      let state: GameState = started.state;
      let decisions = 0;

      // What the server does with an accepted action: the rules, then a view for every seat, serialised.
      const handle = (seat: Seat, action: Intent): void => {
        const r = step<GameState, Intent, unknown>(razzia, state, { seat, action });
        if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
        state = r.state;
        for (let viewer = 0; viewer < NAMES.length; viewer++) JSON.stringify(razzia.view(state, viewer));
      };

      const next = (): void => {
        if (!running || performance.now() > end) return done();
        const pending = razzia.pending(state);
        if (pending.kind !== 'decide') {
          // A finished game: the table starts another.
          const again = razzia.start(razzia.deal({ names: NAMES, options: {} }, rng));
          if (!again.ok) throw new Error(again.error);
          state = again.state;
          setImmediate(next);
          return;
        }
        const seat = pending.seats[0] as Seat;
        const input = { view: razzia.view(state, seat), seat, legal: razzia.legal(state, seat) };
        const seed = `${t}/${decisions++}`;
        if (seat === BOT && mode !== 'none') {
          const asked = performance.now();
          const answered = (action: Intent) => {
            if (asked >= from) bot.push(performance.now() - asked);
            handle(seat, action);
            setImmediate(next);
          };
          if (mode === 'pool') (pool as ThinkingPool).think<Intent>({ gameId: 'razzia', level: options.level, ...input, seed, budgetMs }).then(answered, (e) => { throw e; });
          else {
            // Inline: the same level with the same clock budget, on this thread.
            const random = Rng.fromSeed(seed);
            setImmediate(() => answered(choose(razzia, options.level, input, () => random.next(), { timeMs: budgetMs })));
          }
          return;
        }
        // A human: decides after 0.5–1.5 s; the action's latency counts from the moment it was due.
        const delay = 500 + rng.int(1000);
        const due = performance.now() + delay;
        const random = Rng.fromSeed(seed);
        const action = razzia.bots.greedy?.choose(input, () => random.next()) as Intent;
        setTimeout(() => {
          handle(seat, action);
          if (due >= from) human.push(performance.now() - due);
          next();
        }, delay);
      };
      // Tables start spread over the first second, as they would open.
      setTimeout(next, rng.int(1000));
    });

  loop.enable();
  await Promise.all(Array.from({ length: options.tables }, (_, t) => table(t)));
  running = false;
  loop.disable();
  human.sort((a, b) => a - b);
  bot.sort((a, b) => a - b);
  const ms = (ns: number) => ns / 1e6;
  return {
    mode,
    humanActions: human.length,
    humanP50: quantile(human, 0.5),
    humanP99: quantile(human, 0.99),
    humanMax: human.at(-1) ?? Number.NaN,
    loopP50: ms(loop.percentile(50)),
    loopP99: ms(loop.percentile(99)),
    loopMax: ms(loop.max),
    botDecisions: bot.length,
    botP50: quantile(bot, 0.5),
    botP99: quantile(bot, 0.99),
  };
}

function parse(argv: readonly string[]): Options {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const level = (get('level') ?? 'hard') as LevelId;
  if (!levelById(level)) throw new Error(`no level ${level}`);
  return {
    tables: Number(get('tables') ?? 100),
    seconds: Number(get('seconds') ?? 30),
    level,
    modes: (get('modes') ?? 'none,pool,inline').split(',') as Mode[],
  };
}

export async function main(argv: readonly string[], out: (line: string) => void = console.log): Promise<void> {
  const options = parse(argv);
  const pool = options.modes.includes('pool') ? createThinkingPool() : null;
  out(`event loop under thinking bots — ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model.trim()}, ${cpus().length} cores, Node ${process.version}`);
  out(`${options.tables} tables of Razzia!, 3 simulated humans (0.5–1.5 s per decision) and 1 ${options.level} bot seat each, ${options.seconds} s per run; pool of ${pool?.size ?? 0} worker thread(s)`);
  out('mode     human actions   latency p50 / p99 / max (ms)   loop delay p50 / p99 / max (ms)   bot decisions   bot answer p50 / p99 (ms)');
  try {
    for (const mode of options.modes) {
      const f = await run(mode, options, pool);
      const n = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(1));
      out(
        `${mode.padEnd(8)} ${String(f.humanActions).padStart(13)}   ${`${n(f.humanP50)} / ${n(f.humanP99)} / ${n(f.humanMax)}`.padStart(28)}   ${`${n(f.loopP50)} / ${n(f.loopP99)} / ${n(f.loopMax)}`.padStart(31)}   ${String(f.botDecisions).padStart(13)}   ${`${n(f.botP50)} / ${n(f.botP99)}`.padStart(25)}`,
      );
    }
  } finally {
    await pool?.close();
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
