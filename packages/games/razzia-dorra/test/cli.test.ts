// The real command line (the `razzia-dorra` bin) against the golden, illegal and malformed records of
// fixtures/razzia-dorra, and whole bot games played and replayed. Every golden record and a few of each other kind
// go through the bin (a process each); every illegal and malformed record also runs in process, through the same
// runCli the bin calls, which keeps the suite within its time budget.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@razzia/contract/cli';
import { describe, expect, it } from 'vitest';
import { razziaDorra } from '../src/index.ts';

const repo = new URL('../../../../', import.meta.url).pathname;
const fixtures = join(repo, 'fixtures', 'razzia-dorra');
const bin = join(repo, 'node_modules', '.bin', 'razzia-dorra');

/** Runs the bin; tests run concurrently (each run is its own process), so the suite uses both cores. */
function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(bin, args, { cwd: repo, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const records = (dir: string) =>
  readdirSync(join(fixtures, dir))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .map((f) => [f, join(fixtures, dir, f), JSON.parse(readFileSync(join(fixtures, dir, f.replace(/\.json$/, '.expected.json')), 'utf8'))] as const);

describe.concurrent('razzia-dorra replay on golden records: exit 0, the result as one line of JSON', () => {
  for (const [name, file, expected] of records('records'))
    it(`${name} replays to ${JSON.stringify(expected)}`, async () => {
      const { code, stdout, stderr } = await cli('replay', file);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(stdout)).toEqual(expected);
    });

  it('the hand-counted records give the money counted by hand in fixtures/razzia-dorra/README.md', async () => {
    expect(JSON.parse((await cli('replay', join(fixtures, 'records', 'jazz-house-deal.json'))).stdout)).toEqual({ round: 3, money: [65, 45, 15, 20], winners: [], finished: false });
    expect(JSON.parse((await cli('replay', join(fixtures, 'records', 'duel-chain.json'))).stdout)).toEqual({ round: 2, money: [0, 30, 40, 0, 20], winners: [], finished: false });
  });
});

/** The same command in process: the bin is exactly `runCli(razziaDorra, { command: 'razzia-dorra' }, argv)`. */
function inProcess(...args: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(razziaDorra, { command: 'razzia-dorra' }, args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

/** Every illegal and malformed fixture is replayed in process (fast); these go through the real bin as well. */
const THROUGH_THE_BIN = new Set(['pick-not-in-hand.json', 'die-7.json', 'not-json.json', 'card-dice-a-string.json']);

type Run = { code: number | null; stdout: string; stderr: string };

function expectIllegal({ code, stdout, stderr }: Run, expected: { index: number; rule: string }) {
  expect(code).toBe(1);
  expect(stdout).toBe('');
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^illegal action ${expected.index} \\(.*\\): ${expected.rule.replace('.', '\\.')} `));
}

function expectMalformed({ code, stdout, stderr }: Run, expected: { says: string }) {
  expect(code).toBe(2);
  expect(stdout).toBe('');
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^malformed record: /);
  expect(lines[0]).toContain(expected.says);
}

describe.concurrent('razzia-dorra replay on illegal records: exit 1, one stderr line naming the move and its rule', () => {
  for (const [name, file, expected] of records('illegal')) {
    it(`${name}: move ${expected.index} breaks ${expected.rule}`, () => expectIllegal(inProcess('replay', file), expected));
    if (THROUGH_THE_BIN.has(name)) it(`${name}, through the real bin`, async () => expectIllegal(await cli('replay', file), expected));
  }
});

describe.concurrent('razzia-dorra replay on malformed records: exit 2, one stderr line saying what is wrong', () => {
  for (const [name, file, expected] of records('malformed')) {
    it(`${name} (${expected.says})`, () => expectMalformed(inProcess('replay', file), expected));
    if (THROUGH_THE_BIN.has(name)) it(`${name}, through the real bin`, async () => expectMalformed(await cli('replay', file), expected));
  }

  it('a file that does not exist is exit 2 with one line', async () => {
    const { code, stdout, stderr } = await cli('replay', join(fixtures, 'no-such-file.json'));
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('ENOENT')]);
  });

  it('the bin names every fixture it is shown here: the list above only names fixtures that exist', () => {
    const names = [...records('illegal'), ...records('malformed')].map(([name]) => name);
    for (const name of THROUGH_THE_BIN) expect(names).toContain(name);
  });
});

describe.concurrent('razzia-dorra play', () => {
  it('plays a whole seeded 8-player game with mixed bots, prints the log and the result, and writes a record that replays to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'razzia-dorra-cli-'));
    const file = join(dir, 'game.json');
    const bots = 'greedy,random,greedy,random,random,greedy,random,greedy';
    const played = await cli('play', '--players', '8', '--seed', 'cli', '--bots', bots, '--record', file);
    expect(played.stderr).toBe('');
    expect(played.code).toBe(0);
    expect(played.stdout).toMatch(/^Razzia — 8 players, seed "cli"/);
    expect(played.stdout).toContain('round 12: ');
    expect(played.stdout).toContain('cards revealed: ');
    expect(played.stdout).toMatch(/game over after round 12 of 12/);
    const replayed = await cli('replay', file);
    expect(replayed.code).toBe(0);
    const result = JSON.parse(replayed.stdout) as { money: number[]; finished: boolean; winners: number[] };
    expect(result.finished).toBe(true);
    const shown = played.stdout
      .split('\n')
      .filter((l) => /^\w+ \((greedy|random)\) +\$\d+k/.test(l))
      .map((l) => Number(/\$(\d+)k/.exec(l)?.[1]));
    expect(shown).toEqual(result.money);
    const record = JSON.parse(readFileSync(file, 'utf8')) as { format: string; seed: string; result: unknown };
    expect([record.format, record.seed, record.result]).toEqual(['razzia-dorra-record/1', 'cli', result]);
    // The same seed plays the same game.
    expect((await cli('play', '--players', '8', '--seed', 'cli', '--bots', bots)).stdout).toBe(played.stdout.replace(/\n\nrecord written to .*\n$/, '\n'));
  });

  it('the recorded dice decide the duels: with Karin’s last roll a 6 instead of a 4 she takes the Colibri’s rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'razzia-dorra-cli-'));
    const source = JSON.parse(readFileSync(join(fixtures, 'records', 'duel-chain.json'), 'utf8')) as { moves: { chance?: { kind: string; value: number } }[] };
    (source.moves.at(-1) as { chance: { value: number } }).chance.value = 6; // 1 + 6 against Stefan's 3 + 3
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(source));
    expect(JSON.parse((await cli('replay', join(dir, 'edited.json'))).stdout)).toEqual({ round: 2, money: [0, 30, 0, 40, 20], winners: [], finished: false });
  });

  it('refuses bad usage through the real bin: exit 2, the reason and the usage on stderr', async () => {
    const { code, stdout, stderr } = await cli('play', '--players', '9');
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain('--players must be 3 to 8');
    expect(stderr).toContain('usage:');
  });

  it.each([
    [['play'], '--players'],
    [['play', '--players', '2'], '--players'],
    [['play', '--players', '3', '--bots', 'smart'], 'unknown bot'],
    [['play', '--players', '3', '--bots', 'random,random'], '--bots'],
    [['play', '--players', '3', '--colour', 'red'], 'unknown option'],
    [['replay'], 'replay takes exactly one FILE'],
    [['dance'], 'unknown command'],
  ])('refuses %j with exit 2 and usage (the bin’s runCli, in process)', (args, says) => {
    const { code, stderr } = inProcess(...args);
    expect(code).toBe(2);
    expect(stderr).toContain(says);
    expect(stderr).toContain('usage:');
  });
});
