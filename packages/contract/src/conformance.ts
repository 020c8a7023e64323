// What every game must satisfy, checked over many random games: each game's test suite runs this at every
// player count. It is the contract's own test of a game — legal lists, purity, schemas, addressing, records and
// (for games with `sample`) that a sampled state shows the seat exactly its own view. It cannot tell a leaking
// view (a sample drawn from it carries the leak along): each game tests its own hiding against the true state.

import { z } from 'zod';
import { resolveChance } from './chance.ts';
import { chanceLabel, commitTo, DEAL_LABEL, FAIR_SCHEME, fairSource } from './fair.ts';
import type { AnyGame, Move, Seat, Told } from './game.ts';
import { Rng } from './random.ts';
import { replay } from './replay.ts';
import { step } from './step.ts';
import { verifyRecord, type FairVerdict } from './verify.ts';

export interface ConformanceOptions {
  readonly players: number;
  readonly games: number;
  readonly seed?: string;
  /** Check that every legal action of the awaited seats applies (costly for long lists: a sample of this many). */
  readonly tryLegal?: number;
  /** The game's options (default: its defaultOptions). */
  readonly options?: unknown;
}

export interface ConformanceReport {
  readonly games: number;
  readonly moves: number;
  readonly decisions: number;
  readonly chances: number;
  /** The most seats awaited at once (more than one means simultaneous decisions were exercised). */
  readonly maxAwaited: number;
  /** Moves that told one of the game's moments (GameDef.moment). */
  readonly moments: number;
  /** Of those, moves after which another seat's decision, open before, was still open: a thinking bot's answer to
   * it may come while the table waits (the server holds it). */
  readonly momentsOverOpenDecisions: number;
}

const NAMES = ['Ann', 'Ben', 'Cas', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];

function fail(message: string): never {
  throw new Error(`conformance: ${message}`);
}

const json = (v: unknown) => JSON.stringify(v);

export function checkConformance(game: AnyGame, options: ConformanceOptions): ConformanceReport {
  const rng = Rng.fromSeed(options.seed ?? `conformance/${game.id}/${options.players}`);
  const names = NAMES.slice(0, options.players);
  const report = { games: 0, moves: 0, decisions: 0, chances: 0, maxAwaited: 0, moments: 0, momentsOverOpenDecisions: 0 };
  const seats = Array.from({ length: options.players }, (_, s) => s);
  const parse = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown, what: string) => {
    const r = schema.safeParse(value);
    if (!r.success) fail(`${what} does not fit its schema: ${String(r.error).slice(0, 500)}\n${json(value).slice(0, 500)}`);
  };
  for (let g = 0; g < options.games; g++) {
    const setup = game.deal({ names, options: options.options ?? game.defaultOptions }, rng);
    parse(game.schemas.setup, setup, 'the deal');
    const started = game.start(setup);
    if (!started.ok) fail(`its own deal does not start: ${started.error}`);
    let state = started.state;
    const moves: Move<unknown>[] = [];
    for (let guard = 0; ; guard++) {
      if (guard > 100_000) fail('a game did not end within 100,000 moves');
      const before = json(state);
      const pending = game.pending(state);
      for (const viewer of [...seats, null]) {
        const v = game.view(state, viewer);
        parse(game.schemas.view, v, `the view of ${viewer ?? 'a spectator'}`);
        if (game.sample && viewer !== null && g % 4 === 0) {
          const sampled = game.sample(v, viewer, rng);
          const again = game.view(sampled, viewer);
          if (json(again) !== json(v))
            fail(`seat ${viewer}'s view of a state sampled from its view differs from the view (a sampler that ignores or contradicts the view):\n${json(v).slice(0, 400)}\n${json(again).slice(0, 400)}`);
        }
      }
      if (pending.kind === 'over') {
        for (const s of seats) if (game.legal(state, s).length > 0) fail(`seat ${s} has legal actions after the end`);
        const { scores, winners, places } = pending.outcome;
        if (scores.length !== options.players) fail('the outcome does not score every seat');
        // One order for every screen: a place per seat, 1 the best, and the winners exactly the seats in place 1.
        if (places.length !== options.players || places.some((p) => !Number.isInteger(p) || p < 1 || p > options.players))
          fail(`the outcome's places are not a place per seat: ${json(places)}`);
        if (json(seats.filter((s) => places[s] === 1)) !== json([...winners].sort((a, b) => a - b)))
          fail(`the winners ${json(winners)} are not the seats in place 1 (${json(places)})`);
        break;
      }
      let move: Move<unknown>;
      if (pending.kind === 'chance') {
        for (const s of seats) if (game.legal(state, s).length > 0) fail(`seat ${s} has legal actions while chance is pending`);
        move = { chance: resolveChance(pending.chance, rng) };
        report.chances++;
      } else {
        if (pending.seats.length === 0) fail('a decision awaits no seat');
        report.maxAwaited = Math.max(report.maxAwaited, pending.seats.length);
        for (const s of seats) {
          const legal = game.legal(state, s);
          const awaited = pending.seats.includes(s);
          if (awaited && legal.length === 0) fail(`seat ${s} is awaited but has no legal action`);
          if (!awaited && legal.length > 0) fail(`seat ${s} is not awaited but has legal actions`);
          for (const a of legal) parse(game.schemas.action, a, `a legal action of seat ${s}`);
        }
        const seat = pending.seats[rng.int(pending.seats.length)] as Seat;
        const legal = game.legal(state, seat);
        const tries = Math.min(legal.length, options.tryLegal ?? 4);
        for (let k = 0; k < tries; k++) {
          const a = legal[rng.int(legal.length)];
          const r = game.apply(state, seat, a);
          if (!r.ok) fail(`a legal action ${json(a)} of seat ${seat} was refused: ${r.error.code} ${r.error.message}`);
        }
        // A seat that is not awaited is refused, whatever it sends.
        const idle = seats.find((s) => !pending.seats.includes(s));
        if (idle !== undefined && game.apply(state, idle, legal[0]).ok) fail(`seat ${idle}, not awaited, could act`);
        move = { seat, action: legal[rng.int(legal.length)] };
        report.decisions++;
      }
      const r = step(game, state, move);
      if (!r.ok) fail(`move ${json(move)} refused: ${r.error.code} ${r.error.message}`);
      if (json(state) !== before) fail(`a move changed the state it was applied to (${json(move)})`);
      for (const event of r.events) {
        parse(game.schemas.event, event, 'an event');
        const told = game.tell(event, r.state) as Told<unknown>;
        if (told.to !== 'all') {
          parse(game.schemas.event, told.others, 'the redacted form of an event');
          for (const s of told.to) if (!seats.includes(s)) fail(`an event is told to seat ${s}, who is not at the table`);
        }
        if (told.faded !== undefined) parse(game.schemas.event, told.faded, 'the faded form of an event');
      }
      if (game.moment && r.events.some((e) => game.moment?.(e))) {
        report.moments++;
        const after = game.pending(r.state);
        const stillOpen = pending.kind === 'decide' && after.kind === 'decide' ? pending.seats.filter((s) => !('seat' in move && move.seat === s) && after.seats.includes(s)) : [];
        if (stillOpen.length > 0) report.momentsOverOpenDecisions++;
      }
      state = r.state;
      moves.push(move);
      report.moves++;
    }
    // Records: written, read back and replayed, they give the same state.
    const written = JSON.parse(json(game.record.write({ setup, moves })));
    const replayed = replay(game, written);
    if (!replayed.ok) fail(`its own record does not replay: ${replayed.kind === 'malformed' ? replayed.message : `${replayed.index} ${replayed.error.message}`}`);
    if (json(replayed.state) !== json(state)) fail('a replayed record does not give the same state');
    report.games++;
  }
  return report;
}

/**
 * Every combination of a game's options its options schema allows: each boolean both ways, each enum every value.
 * An option of another kind cannot be listed: this throws, so a game that adds one says in its test what to try.
 */
export function optionVariants(game: AnyGame): Record<string, unknown>[] {
  const schema = z.toJSONSchema(game.schemas.options as z.ZodType, { io: 'input' }) as { properties?: Record<string, { type?: string; enum?: unknown[] }> };
  let variants: Record<string, unknown>[] = [{}];
  for (const [name, option] of Object.entries(schema.properties ?? {})) {
    const values = option.type === 'boolean' ? [false, true] : Array.isArray(option.enum) ? option.enum : fail(`option ${name} of ${game.id}: its values cannot be listed`);
    variants = variants.flatMap((v) => values.map((value) => ({ ...v, [name]: value })));
  }
  return variants.map((v) => game.schemas.options.parse(v) as Record<string, unknown>);
}

/**
 * A whole game with `options`, every chance drawn as the server draws it (fair draws, docs/records.md) and the
 * decisions random, recorded as the server records it (its `result` and `fair` headers): what `<game> verify` says of it.
 */
export function checkFairRecord(game: AnyGame, options: { readonly players: number; readonly options?: unknown; readonly seed?: string }): FairVerdict {
  const rng = Rng.fromSeed(options.seed ?? `fair/${game.id}/${options.players}`);
  const names = NAMES.slice(0, options.players);
  const table = 'conformanceFairTable01';
  const seed = 'ab'.repeat(32);
  const contributions = names.map((_, s) => (s === 0 ? null : (s + 1).toString(16).repeat(64).slice(0, 64)));
  const draws = fairSource(seed, table, contributions);
  const setup = game.deal({ names, options: options.options ?? game.defaultOptions }, draws(DEAL_LABEL));
  const started = game.start(setup);
  if (!started.ok) fail(`its own deal does not start: ${started.error}`);
  let state = started.state;
  const moves: Move<unknown>[] = [];
  for (let pending = game.pending(state); pending.kind !== 'over'; pending = game.pending(state)) {
    if (moves.length > 100_000) fail('a game did not end within 100,000 moves');
    let move: Move<unknown>;
    if (pending.kind === 'chance') move = { chance: resolveChance(pending.chance, draws(chanceLabel(moves.length))) };
    else {
      const seat = pending.seats[rng.int(pending.seats.length)] as Seat;
      const legal = game.legal(state, seat);
      move = { seat, action: legal[rng.int(legal.length)] };
    }
    const r = step(game, state, move);
    if (!r.ok) fail(`move ${json(move)} refused: ${r.error.code} ${r.error.message}`);
    state = r.state;
    moves.push(move);
  }
  const record = {
    ...game.record.write({ setup, moves }),
    game: game.id,
    table,
    result: game.record.summary(state),
    fair: { scheme: FAIR_SCHEME, table, commitment: commitTo(seed, table), contributions, seed },
  };
  return verifyRecord(game, JSON.parse(json(record)));
}
