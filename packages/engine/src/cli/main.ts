// The engine's command line: `razzia replay FILE` and `razzia play --players N …` (see usage below).

import { readFileSync, writeFileSync } from 'node:fs';
import { apply } from '../apply.ts';
import { BOTS, botById, type Bot } from '../bots/index.ts';
import { actor } from '../legal.ts';
import { describeRecordError, parseRecord, summarize, toRecord } from '../record.ts';
import { Rng } from '../rng.ts';
import { newGame } from '../setup.ts';
import type { Action } from '../types.ts';
import { view } from '../view.ts';
import { describeEvent, scoreTable } from './describe.ts';

const USAGE = `usage:
  razzia replay FILE
      replay a razzia-record/1 file; prints {"rounds","total","winners","finished"} as JSON.
      exit 1: an illegal action (stderr names its index and rule); exit 2: a malformed record.
  razzia play --players N [--seed S] [--bots B1,B2,…] [--record FILE] [--quiet]
      play a whole game with bots and print the log and the score table.
      N: 2 to 5. B: ${Object.keys(BOTS).join(' or ')} (one for all seats, or one per seat; default greedy).`;

const DEFAULT_NAMES = ['Miriam', 'Felix', 'Elke', 'Dennis', 'Anke'];

class UsageError extends Error {}

function replay(args: string[]): number {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) throw new UsageError('replay takes exactly one FILE');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`malformed record: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
    return 2;
  }
  const result = parseRecord(text);
  if (!result.ok) {
    process.stderr.write(`${describeRecordError(result.error)}\n`);
    return result.error.kind === 'malformed' ? 2 : 1;
  }
  process.stdout.write(`${JSON.stringify(summarize(result.game.state))}\n`);
  return 0;
}

function parseFlags(args: string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (name === 'quiet') flags.set(name, true);
    else {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    }
  }
  for (const name of flags.keys())
    if (!['players', 'seed', 'bots', 'record', 'quiet'].includes(name)) throw new UsageError(`unknown option --${name}`);
  return flags;
}

function play(args: string[]): number {
  const flags = parseFlags(args);
  const players = Number(flags.get('players'));
  if (!Number.isInteger(players) || players < 2 || players > 5) throw new UsageError('--players must be 2, 3, 4 or 5');
  const seedFlag = flags.get('seed');
  const seed = typeof seedFlag === 'string' ? seedFlag : String(Date.now());
  const botFlag = flags.get('bots');
  const botIds = typeof botFlag === 'string' ? botFlag.split(',') : ['greedy'];
  if (botIds.length !== 1 && botIds.length !== players)
    throw new UsageError(`--bots takes one bot for every seat or exactly ${players} (one per seat)`);
  const bots: Bot[] = [];
  for (let seat = 0; seat < players; seat++) {
    const id = (botIds.length === 1 ? botIds[0] : botIds[seat]) as string;
    const bot = botById(id);
    if (!bot) throw new UsageError(`unknown bot ${JSON.stringify(id)}: choose ${Object.keys(BOTS).join(' or ')}`);
    bots.push(bot);
  }
  const quiet = flags.get('quiet') === true;
  const names = DEFAULT_NAMES.slice(0, players).map((n, s) => `${n} (${bots[s]?.id})`);
  let state = newGame({ names, seed });
  const rng = Rng.fromSeed(`bots/${seed}`);
  const random = (): number => rng.next();
  const actions: Action[] = [];
  const out: string[] = [`Razzia! — ${players} players, seed ${JSON.stringify(seed)}`];
  let line = 0;
  while (state.phase.kind !== 'over') {
    const seat = actor(state) as number;
    const action = (bots[seat] as Bot).choose(view(state, seat), random);
    const result = apply(state, action);
    if (!result.ok) throw new Error(`bot ${bots[seat]?.id} chose an illegal action: ${result.error.message}`);
    actions.push(action);
    state = result.state;
    for (const event of result.events) {
      const text = describeEvent(event, names);
      if (text) out.push(`${String(++line).padStart(4)}. ${text}`);
    }
  }
  if (!quiet) process.stdout.write(`${out.join('\n')}\n\n`);
  process.stdout.write(`${scoreTable(state)}\n`);
  const recordFile = flags.get('record');
  if (typeof recordFile === 'string') {
    writeFileSync(recordFile, `${JSON.stringify({ ...toRecord({ state, actions }), seed, result: summarize(state) })}\n`);
    process.stdout.write(`\nrecord written to ${recordFile}\n`);
  }
  return 0;
}

function main(argv: string[]): number {
  const [command, ...args] = argv;
  try {
    if (command === 'replay') return replay(args);
    if (command === 'play') return play(args);
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`razzia: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}

process.exitCode = main(process.argv.slice(2));
