// The real command line (the `robbery` bin at the repository root) on the golden, illegal and malformed records
// of fixtures/robbery, and a whole bot game played, recorded and replayed. Every golden record and a few of each
// other kind go through the bin (a process each, run side by side); every illegal and malformed record also runs
// in process, through the same runCli the bin calls, which keeps the suite within its time budget.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@razzia/contract/cli';
import { describe, expect, it } from 'vitest';
import { robbery as robberyGame } from '../src/index.ts';

const repo = new URL('../../../../', import.meta.url).pathname;
const fixtures = join(repo, 'fixtures', 'robbery');
const bin = join(repo, 'node_modules', '.bin', 'robbery');

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the bin; tests that use it run concurrently (each run is its own process), so the file uses both cores. */
function robbery(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(bin, args, { cwd: repo, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The same command in process: the bin is exactly `runCli(robbery, { command: 'robbery' }, argv)`. */
function inProcess(...args: string[]): Run {
  let stdout = '';
  let stderr = '';
  const code = runCli(robberyGame, { command: 'robbery' }, args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

/** Every illegal and malformed fixture is replayed in process (fast); these go through the real bin as well. */
const THROUGH_THE_BIN = new Set(['card-not-in-hand.json', 'steal-from-self.json', 'not-json.json', 'deck-of-54.json']);

const records = (dir: string) =>
  readdirSync(join(fixtures, dir))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .map((f) => [f, join(fixtures, dir, f), join(fixtures, dir, f.replace(/\.json$/, '.expected.json'))] as const);

describe.concurrent('robbery replay on golden records: exit 0, the result as one line of JSON', () => {
  for (const [name, file, expectedFile] of records('records'))
    it(`${name} replays to its recorded result`, async () => {
      const { code, stdout, stderr } = await robbery('replay', file);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(stdout)).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
    });

  it('the hand-counted raid gives the result counted by hand in fixtures/robbery/README.md', async () => {
    const { stdout } = await robbery('replay', join(fixtures, 'records', 'scripted-raid1-2p.json'));
    expect(JSON.parse(stdout)).toEqual({ raids: 1, loot: [17, 9], alibis: [0, 2], arrested: [], winners: [], finished: false });
  });
});

function expectIllegal({ code, stdout, stderr }: Run, expected: { exit: number; index: number; rule: string }) {
  expect(code).toBe(expected.exit);
  expect(stdout).toBe('');
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^illegal action ${expected.index} \\(.*\\): ${expected.rule.replace('.', '\\.')} `));
}

function expectMalformed({ code, stdout, stderr }: Run, expected: { exit: number; says: string }) {
  expect(code).toBe(expected.exit);
  expect(stdout).toBe('');
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^malformed record: /);
  expect(lines[0]).toContain(expected.says);
}

describe.concurrent('robbery replay on illegal records: exit 1, one stderr line naming the move’s index and rule', () => {
  for (const [name, file, expectedFile] of records('illegal')) {
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as { exit: number; index: number; rule: string };
    it(`${name}: move ${expected.index} breaks ${expected.rule}`, () => expectIllegal(inProcess('replay', file), expected));
    if (THROUGH_THE_BIN.has(name)) it(`${name}, through the real bin`, async () => expectIllegal(await robbery('replay', file), expected));
  }
});

describe.concurrent('robbery replay on malformed records: exit 2, one stderr line saying what is wrong', () => {
  for (const [name, file, expectedFile] of records('malformed')) {
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as { exit: number; says: string };
    it(name, () => expectMalformed(inProcess('replay', file), expected));
    if (THROUGH_THE_BIN.has(name)) it(`${name}, through the real bin`, async () => expectMalformed(await robbery('replay', file), expected));
  }

  it('a file that does not exist is exit 2 with one line', async () => {
    const { code, stdout, stderr } = await robbery('replay', join(fixtures, 'no-such-file.json'));
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('ENOENT')]);
  });

  it('the bin is shown fixtures that exist: the list above names only those', () => {
    const names = [...records('illegal'), ...records('malformed')].map(([name]) => name);
    for (const name of THROUGH_THE_BIN) expect(names).toContain(name);
  });
});

describe.concurrent('robbery play', () => {
  it('plays a whole seeded game with bots, prints the log and the result, and writes a record that replays to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robbery-cli-'));
    const record = join(dir, 'game.json');
    // The same seed twice, side by side: once recorded, once not.
    const [played, again] = await Promise.all([
      robbery('play', '--players', '4', '--seed', 'cli', '--bots', 'greedy,random,greedy,random', '--record', record),
      robbery('play', '--players', '4', '--seed', 'cli', '--bots', 'greedy,random,greedy,random'),
    ]);
    expect(played.stderr).toBe('');
    expect(played.code).toBe(0);
    expect(played.stdout).toMatch(/^Robbery — 4 players, seed "cli"/);
    expect(played.stdout).toMatch(/ 1\. Miriam \(greedy\) plays /);
    expect(played.stdout).toContain('raid 4 (paintings) ends');
    expect(played.stdout).toMatch(/\nloot {4}/);
    expect(played.stdout).toMatch(/(wins|share the win)\n\nrecord written to /);
    const replayed = await robbery('replay', record);
    expect(replayed.code).toBe(0);
    const result = JSON.parse(replayed.stdout) as { loot: number[]; finished: boolean; winners: number[] };
    expect(result.finished).toBe(true);
    const lootLine = played.stdout.split('\n').find((l) => l.startsWith('loot ')) ?? '';
    expect(lootLine.trim().split(/\s+/).slice(1).map(Number)).toEqual(result.loot);
    const written = JSON.parse(readFileSync(record, 'utf8')) as { format: string; seed: string; result: unknown; moves: unknown[] };
    expect([written.format, written.seed, written.result]).toEqual(['robbery-record/1', 'cli', result]);
    // the same seed plays the same game
    expect(again.stdout).toBe(played.stdout.replace(/\n\nrecord written to .*\n$/, '\n'));
  });

  it('plays two- and five-player games, quietly printing only the result (in-process)', () => {
    for (const players of ['2', '5']) {
      let out = '';
      const code = runCli(robberyGame, { command: 'robbery' }, ['play', '--players', players, '--seed', 'q', '--bots', 'random', '--quiet'], { out: (t) => (out += t), err: () => undefined });
      expect(code).toBe(0);
      expect(out).not.toContain('plays');
      expect(out).toMatch(/(wins|share the win)\n$/);
    }
  });

  it('refuses bad usage with exit 2, one line saying why and the usage, on standard error', async () => {
    const { code, stdout, stderr } = await robbery('play', '--players', '6');
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/^robbery: --players must be 2 to 5\nusage:/);
  });

  // The same command line in-process (runCli is what the bin runs), for the other refusals.
  it.each([
    [['play'], '--players'],
    [['play', '--players', '1'], '--players'],
    [['play', '--players', '3', '--bots', 'smart'], 'unknown bot'],
    [['play', '--players', '3', '--bots', 'random,random'], '--bots'],
    [['play', '--players', '3', '--colour', 'red'], 'unknown option'],
    [['replay'], 'replay takes exactly one FILE'],
    [['dance'], 'unknown command'],
  ])('refuses %j with exit 2 and usage', (args, says) => {
    let out = '';
    let err = '';
    const code = runCli(robberyGame, { command: 'robbery' }, args, { out: (t) => (out += t), err: (t) => (err += t) });
    expect([code, out]).toEqual([2, '']);
    expect(err).toContain(says);
    expect(err).toContain('usage:');
  });

  it('--help prints the usage with exit 0', async () => {
    const { code, stdout } = await robbery('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('robbery-record/1');
  });
});
