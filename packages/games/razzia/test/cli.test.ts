// The real CLI (the `razzia` bin that `pnpm razzia` runs) against the golden, illegal and malformed records. Every
// golden record and a few of each other kind go through the bin (a process each, run side by side); every illegal
// and malformed record also runs in process, through the same runCli the bin calls, which keeps the suite within
// its time budget.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@razzia/contract/cli';
import { describe, expect, it } from 'vitest';
import { razzia as razziaGame } from '../src/index.ts';
import { actionOf } from '../src/record.ts';

const repo = new URL('../../../../', import.meta.url).pathname;
const fixtures = join(repo, 'fixtures');
const bin = join(repo, 'node_modules', '.bin', 'razzia');

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the bin; tests that use it run concurrently (each run is its own process), so the file uses both cores. */
function razzia(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(bin, args, { cwd: repo, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The same command in process: the bin (src/cli/main.ts) is exactly this runCli call. */
function inProcess(...args: string[]): Run {
  let stdout = '';
  let stderr = '';
  const code = runCli(razziaGame, { command: 'razzia', showMove: (move) => actionOf(move as never) }, args, {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
}

/** Every illegal and malformed fixture is replayed in process (fast); these go through the real bin as well. */
const THROUGH_THE_BIN = new Set(['bid-not-higher.json', 'thief-take-7.json', 'not-json.json', 'piles-61-and-59.json']);

const records = (dir: string) =>
  readdirSync(join(fixtures, dir))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .map((f) => [f, join(fixtures, dir, f), join(fixtures, dir, f.replace(/\.json$/, '.expected.json'))] as const);

describe.concurrent('razzia replay on golden records', () => {
  for (const [name, file, expectedFile] of records('records')) {
    if (name === 'bots-4p-unfinished.json') continue;
    it(`${name} replays to its recorded result, exit 0, nothing on stderr`, async () => {
      const { code, stdout, stderr } = await razzia('replay', file);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
      expect(stdout.trim().split('\n')).toHaveLength(1);
    });
  }

  it('an unfinished record replays with the rounds scored so far, no winners and finished false', async () => {
    const { code, stdout } = await razzia('replay', join(fixtures, 'records', 'bots-4p-unfinished.json'));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ rounds: [], total: [0, 0, 0, 0], winners: [], finished: false });
  });

  it('the hand-scored two-player game gives the scores counted by hand in fixtures/README.md', async () => {
    const { stdout } = await razzia('replay', join(fixtures, 'records', 'hand-scored-2p.json'));
    expect(JSON.parse(stdout)).toEqual({ rounds: [[-2, -3], [-7, 0], [4, -5]], total: [-5, -8], winners: [0], finished: true });
  });
});

function expectIllegal({ code, stdout, stderr }: Run, expected: { index: number; rule: string }) {
  expect(code).toBe(1);
  expect(stdout).toBe('');
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^illegal action ${expected.index} .*\\b${expected.rule.replace('.', '\\.')}\\b`));
}

function expectMalformed({ code, stdout, stderr }: Run, expected: { says: string }) {
  expect(code).toBe(2);
  expect(stdout).toBe('');
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('malformed record');
  expect(lines[0]).toContain(expected.says);
}

describe.concurrent('razzia replay on illegal records: exit 1, one stderr line with the action index and rule', () => {
  for (const [name, file, expectedFile] of records('illegal')) {
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as { index: number; rule: string };
    it(`${name}: action ${expected.index} breaks ${expected.rule}`, () => expectIllegal(inProcess('replay', file), expected));
    if (THROUGH_THE_BIN.has(name)) it(`${name}, through the real bin`, async () => expectIllegal(await razzia('replay', file), expected));
  }
});

describe.concurrent('the line between malformed and illegal (razzia-record/1)', () => {
  it('a thief action naming its positions in descending order is the same legal action as ascending (R5.1)', async () => {
    const file = join(fixtures, 'records', 'thief-take-descending.json');
    const record = JSON.parse(readFileSync(file, 'utf8')) as { actions: { take?: number[] }[] };
    const last = record.actions[record.actions.length - 1] as { take: number[] };
    expect(last.take).toEqual([2, 0]);
    last.take = [0, 2];
    const dir = mkdtempSync(join(tmpdir(), 'razzia-cli-'));
    writeFileSync(join(dir, 'ascending.json'), JSON.stringify(record));
    const [descending, ascending] = await Promise.all([razzia('replay', file), razzia('replay', join(dir, 'ascending.json'))]);
    expect([descending.code, ascending.code]).toEqual([0, 0]);
    expect(descending.stdout).toBe(ascending.stdout);
  });

  it.each([
    ['seat-7', 'seat 7 at a 2-player table'],
    ['draw-pile-2', 'pile 2'],
    ['bid-cheque-17', 'cheque 17'],
    ['bid-cheque-0', 'cheque 0'],
    ['thief-take-nothing', 'take: []'],
    ['thief-take-7', 'take: [7]'],
    ['thief-position-twice', 'a position named twice'],
  ])('%s (%s) is an illegal action, exit 1, not a malformed record (in process)', (name) => {
    expect(inProcess('replay', join(fixtures, 'illegal', `${name}.json`)).code).toBe(1);
  });

  it('piles of 61 and 59 cards are a malformed record, exit 2 (R2.3)', () => {
    const { code, stderr } = inProcess('replay', join(fixtures, 'malformed', 'piles-61-and-59.json'));
    expect(code).toBe(2);
    expect(stderr).toContain('60');
  });
});

describe.concurrent('razzia replay on malformed records: exit 2, one stderr line saying what is wrong', () => {
  for (const [name, file, expectedFile] of records('malformed')) {
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as { says: string };
    it(`${name}`, () => expectMalformed(inProcess('replay', file), expected));
    if (THROUGH_THE_BIN.has(name)) it(`${name}, through the real bin`, async () => expectMalformed(await razzia('replay', file), expected));
  }

  it('a file that does not exist is exit 2 with one line', async () => {
    const { code, stdout, stderr } = await razzia('replay', join(fixtures, 'no-such-file.json'));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('ENOENT')]);
  });

  it('the bin is shown fixtures that exist: the list above names only those', () => {
    const names = [...records('illegal'), ...records('malformed')].map(([name]) => name);
    for (const name of THROUGH_THE_BIN) expect(names).toContain(name);
  });
});

describe.concurrent('razzia play', () => {
  it('plays a whole seeded game with bots, prints the log and score table, and writes a record that replays to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'razzia-cli-'));
    const record = join(dir, 'game.json');
    // The same seed twice, side by side: once recorded, once not.
    const [played, again] = await Promise.all([
      razzia('play', '--players', '3', '--seed', 'cli', '--bots', 'greedy,random,greedy', '--record', record),
      razzia('play', '--players', '3', '--seed', 'cli', '--bots', 'greedy,random,greedy'),
    ]);
    expect(played.code).toBe(0);
    expect(played.stdout).toMatch(/^Razzia! — 3 players, seed "cli"/);
    expect(played.stdout).toMatch(/ 1\. \w+ \(greedy\) drew /);
    expect(played.stdout).toContain('Round 3');
    expect(played.stdout).toContain('TOTAL');
    const replayed = await razzia('replay', record);
    expect(replayed.code).toBe(0);
    const result = JSON.parse(replayed.stdout) as { total: number[]; finished: boolean };
    expect(result.finished).toBe(true);
    const totalLine = played.stdout.split('\n').find((l) => l.startsWith('TOTAL')) ?? '';
    expect(totalLine.trim().split(/\s+/).slice(1).map(Number)).toEqual(result.total);
    // the same seed plays the same game
    expect(again.stdout).toBe(played.stdout.replace(/\n\nrecord written to .*\n$/, '\n'));
  });

  it('refuses bad usage through the real bin: exit 2, the reason and the usage on stderr', async () => {
    const { code, stdout, stderr } = await razzia('play', '--players', '6');
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain('--players');
    expect(stderr).toContain('usage:');
  });

  it.each([
    [['play'], '--players'],
    [['play', '--players', '6'], '--players'],
    [['play', '--players', '3', '--bots', 'smart'], 'unknown bot'],
    [['play', '--players', '3', '--bots', 'random,random'], '--bots'],
    [['play', '--players', '3', '--colour', 'red'], 'unknown option'],
    [['dance'], 'unknown command'],
  ])('refuses %j with exit 2 and usage (the bin’s runCli, in process)', (args, says) => {
    const { code, stderr } = inProcess(...args);
    expect(code).toBe(2);
    expect(stderr).toContain(says);
    expect(stderr).toContain('usage:');
  });
});
