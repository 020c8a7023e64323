// The command line every game gets: `<game> replay FILE`, `<game> verify FILE` and `<game> play --players N …`,
// with the same output shape and exit codes for all (0 ok, 1 an illegal move or an unfair draw, 2 a malformed record
// or bad usage, 3 for `verify`: a record that is not a whole game).

import { readFileSync, writeFileSync } from 'node:fs';
import { resolveChance } from './chance.ts';
import type { AnyGame, Bot, Move } from './game.ts';
import { chanceLabel, DEAL_LABEL } from './fair.ts';
import { Rng, type Random } from './random.ts';
import { describeReplayError, replayText } from './replay.ts';
import { step } from './step.ts';
import { describeVerdict, verdictExit, verifyRecord } from './verify.ts';

const DEFAULT_NAMES = ['Miriam', 'Felix', 'Elke', 'Dennis', 'Anke', 'Jonas', 'Lena', 'Paul'];

class UsageError extends Error {}

export interface CliOptions {
  /** The command's name in usage lines: 'razzia'. */
  readonly command: string;
  /** How a move is shown in an "illegal action" line (default: as the record writes it). */
  readonly showMove?: (move: Move<unknown>) => unknown;
}

export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const processIo: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

function usage(game: AnyGame, command: string): string {
  const bots = Object.keys(game.bots).join(' or ');
  return `usage:
  ${command} replay FILE
      replay a ${game.record.format} file; prints the game's result as one line of JSON.
      exit 1: an illegal action (stderr names its index and rule); exit 2: a malformed record.
  ${command} verify FILE
      check a finished game's fair draws: the revealed seed against the commitment, then the deal and every
      chance move against what the seed and the contributions draw, then that the record is whole (the game
      over, with the result its header says); prints one line of JSON when all agree.
      exit 1: the first that does not (stderr names it: the deal, or the move's index); exit 2: a malformed
      record, or one without a revealed seed; exit 3: an incomplete record (it ends before the game does, or its
      result header is not what its moves give).
  ${command} play --players N [--seed S] [--bots B1,B2,…] [--record FILE] [--quiet]
      play a whole game with bots and print the log and the result.
      N: ${game.seats.min} to ${game.seats.max}. B: ${bots} (one for all seats, or one per seat; default greedy).`;
}

function replayCommand(game: AnyGame, options: CliOptions, io: Io, args: string[]): number {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) throw new UsageError('replay takes exactly one FILE');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`malformed record: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
    return 2;
  }
  const result = replayText(game, text);
  if (!result.ok) {
    io.err(`${describeReplayError(result, options.showMove)}\n`);
    return result.kind === 'malformed' ? 2 : 1;
  }
  io.out(`${JSON.stringify(game.record.summary(result.state))}\n`);
  return 0;
}

function verifyCommand(game: AnyGame, io: Io, args: string[]): number {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) throw new UsageError('verify takes exactly one FILE');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    io.err(`malformed record: ${err.code ? `cannot read ${file}: ${err.code}` : `not valid JSON: ${err.message}`}\n`);
    return 2;
  }
  const verdict = verifyRecord(game, json);
  if (!verdict.ok) {
    io.err(`${describeVerdict(verdict)}\n`);
    return verdictExit(verdict);
  }
  io.out(`${JSON.stringify({ verified: true, draws: verdict.draws, contributed: verdict.contributed })}\n`);
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

/**
 * A whole game between bots, every chance resolved from `seed`: the same seed always plays the same game. With
 * `draws` (fair draws: `fairSource`), the deal and each chance move come from their own stream instead, as the server
 * draws them; the bots still choose from `seed`. `options`: the table's (default: the game's defaults).
 */
export function playBots(game: AnyGame, names: readonly string[], bots: readonly Bot<unknown, unknown>[], seed: string, draws?: (label: number) => Random, options: unknown = game.defaultOptions) {
  const setup = game.deal({ names, options }, draws ? draws(DEAL_LABEL) : Rng.fromSeed(seed));
  const started = game.start(setup);
  if (!started.ok) throw new Error(`the deal is not a legal set-up: ${started.error}`);
  let state = started.state;
  const seeded = Rng.fromSeed(`chance/${seed}`);
  const chance = (): Random => (draws ? draws(chanceLabel(moves.length)) : seeded);
  const botRng = Rng.fromSeed(`bots/${seed}`);
  const random = (): number => botRng.next();
  const moves: Move<unknown>[] = [];
  const events: unknown[] = [];
  for (;;) {
    const pending = game.pending(state);
    if (pending.kind === 'over') break;
    // A simultaneous decision: every awaited seat decides from its own view, in seat order.
    const move: Move<unknown> =
      pending.kind === 'chance'
        ? { chance: resolveChance(pending.chance, chance()) }
        : (() => {
            const seat = pending.seats[0] as number;
            const legal = game.legal(state, seat);
            return { seat, action: (bots[seat] as Bot<unknown, unknown>).choose({ view: game.view(state, seat), seat, legal }, random) };
          })();
    const r = step(game, state, move);
    if (!r.ok) throw new Error(`${'seat' in move ? `bot ${bots[move.seat]?.id}` : 'chance'} made an illegal move: ${r.error.code} ${r.error.message}`);
    state = r.state;
    moves.push(move);
    events.push(...r.events);
  }
  return { setup, state, moves, events };
}

function playCommand(game: AnyGame, io: Io, args: string[]): number {
  const flags = parseFlags(args);
  const players = Number(flags.get('players'));
  const { min, max } = game.seats;
  if (!Number.isInteger(players) || players < min || players > max) throw new UsageError(`--players must be ${min} to ${max}`);
  const seedFlag = flags.get('seed');
  const seed = typeof seedFlag === 'string' ? seedFlag : String(Date.now());
  const botFlag = flags.get('bots');
  const botIds = typeof botFlag === 'string' ? botFlag.split(',') : ['greedy'];
  if (botIds.length !== 1 && botIds.length !== players)
    throw new UsageError(`--bots takes one bot for every seat or exactly ${players} (one per seat)`);
  const bots: Bot<unknown, unknown>[] = [];
  for (let seat = 0; seat < players; seat++) {
    const id = (botIds.length === 1 ? botIds[0] : botIds[seat]) as string;
    const bot = Object.hasOwn(game.bots, id) ? (game.bots[id] as Bot<unknown, unknown>) : undefined;
    if (!bot) throw new UsageError(`unknown bot ${JSON.stringify(id)}: choose ${Object.keys(game.bots).join(' or ')}`);
    bots.push(bot);
  }
  const names = DEFAULT_NAMES.slice(0, players).map((n, s) => `${n} (${bots[s]?.id})`);
  const played = playBots(game, names, bots, seed);
  const out: string[] = [`${game.name} — ${players} players, seed ${JSON.stringify(seed)}`];
  let line = 0;
  for (const event of played.events) {
    const text = game.text.event(event, names);
    if (text) out.push(`${String(++line).padStart(4)}. ${text}`);
  }
  if (flags.get('quiet') !== true) io.out(`${out.join('\n')}\n\n`);
  io.out(`${game.text.result(played.state)}\n`);
  const recordFile = flags.get('record');
  if (typeof recordFile === 'string') {
    const record = game.record.write({ setup: played.setup, moves: played.moves });
    writeFileSync(recordFile, `${JSON.stringify({ ...record, seed, result: game.record.summary(played.state) })}\n`);
    io.out(`\nrecord written to ${recordFile}\n`);
  }
  return 0;
}

/** Runs the command line for `game`; returns the exit code. */
export function runCli(game: AnyGame, options: CliOptions, argv: string[], io: Io = processIo): number {
  const [command, ...args] = argv;
  try {
    if (command === 'replay') return replayCommand(game, options, io, args);
    if (command === 'verify') return verifyCommand(game, io, args);
    if (command === 'play') return playCommand(game, io, args);
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.out(`${usage(game, options.command)}\n`);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${options.command}: ${e.message}\n${usage(game, options.command)}\n`);
      return 2;
    }
    throw e;
  }
}
