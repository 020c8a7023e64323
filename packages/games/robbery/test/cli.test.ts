// The real command line (the `robbery` bin at the repository root) on the golden, illegal and malformed records
// of fixtures/robbery, and a whole bot game played, recorded and replayed.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@razzia/contract/cli';
import { describe, expect, it } from 'vitest';
import { robbery as robberyGame } from '../src/index.ts';

const repo = new URL('../../../../', import.meta.url).pathname;
const fixtures = join(repo, 'fixtures', 'robbery');
const bin = join(repo, 'node_modules', '.bin', 'robbery');

function robbery(...args: string[]) {
  const r = spawnSync(bin, args, { cwd: repo, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const records = (dir: string) =>
  readdirSync(join(fixtures, dir))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .map((f) => [f, join(fixtures, dir, f), join(fixtures, dir, f.replace(/\.json$/, '.expected.json'))] as const);

describe('robbery replay on golden records: exit 0, the result as one line of JSON', () => {
  for (const [name, file, expectedFile] of records('records'))
    it(`${name} replays to its recorded result`, () => {
      const { code, stdout, stderr } = robbery('replay', file);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(stdout)).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
    });

  it('the hand-counted raid gives the result counted by hand in fixtures/robbery/README.md', () => {
    const { stdout } = robbery('replay', join(fixtures, 'records', 'scripted-raid1-2p.json'));
    expect(JSON.parse(stdout)).toEqual({ raids: 1, loot: [17, 9], alibis: [0, 2], arrested: [], winners: [], finished: false });
  });
});

describe('robbery replay on illegal records: exit 1, one stderr line naming the move’s index and rule', () => {
  for (const [name, file, expectedFile] of records('illegal')) {
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as { exit: number; index: number; rule: string };
    it(`${name}: move ${expected.index} breaks ${expected.rule}`, () => {
      const { code, stdout, stderr } = robbery('replay', file);
      expect(code).toBe(expected.exit);
      expect(stdout).toBe('');
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^illegal action ${expected.index} \\(.*\\): ${expected.rule.replace('.', '\\.')} `));
    });
  }
});

describe('robbery replay on malformed records: exit 2, one stderr line saying what is wrong', () => {
  for (const [name, file, expectedFile] of records('malformed')) {
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as { exit: number; says: string };
    it(name, () => {
      const { code, stdout, stderr } = robbery('replay', file);
      expect(code).toBe(expected.exit);
      expect(stdout).toBe('');
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^malformed record: /);
      expect(lines[0]).toContain(expected.says);
    });
  }

  it('a file that does not exist is exit 2 with one line', () => {
    const { code, stdout, stderr } = robbery('replay', join(fixtures, 'no-such-file.json'));
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('ENOENT')]);
  });
});

describe('robbery play', () => {
  it('plays a whole seeded game with bots, prints the log and the result, and writes a record that replays to it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'robbery-cli-'));
    const record = join(dir, 'game.json');
    const played = robbery('play', '--players', '4', '--seed', 'cli', '--bots', 'greedy,random,greedy,random', '--record', record);
    expect(played.stderr).toBe('');
    expect(played.code).toBe(0);
    expect(played.stdout).toMatch(/^Robbery — 4 players, seed "cli"/);
    expect(played.stdout).toMatch(/ 1\. Miriam \(greedy\) plays /);
    expect(played.stdout).toContain('raid 4 (paintings) ends');
    expect(played.stdout).toMatch(/\nloot {4}/);
    expect(played.stdout).toMatch(/(wins|share the win)\n\nrecord written to /);
    const replayed = robbery('replay', record);
    expect(replayed.code).toBe(0);
    const result = JSON.parse(replayed.stdout) as { loot: number[]; finished: boolean; winners: number[] };
    expect(result.finished).toBe(true);
    const lootLine = played.stdout.split('\n').find((l) => l.startsWith('loot ')) ?? '';
    expect(lootLine.trim().split(/\s+/).slice(1).map(Number)).toEqual(result.loot);
    const written = JSON.parse(readFileSync(record, 'utf8')) as { format: string; seed: string; result: unknown; moves: unknown[] };
    expect([written.format, written.seed, written.result]).toEqual(['robbery-record/1', 'cli', result]);
    // the same seed plays the same game
    expect(robbery('play', '--players', '4', '--seed', 'cli', '--bots', 'greedy,random,greedy,random').stdout).toBe(
      played.stdout.replace(/\n\nrecord written to .*\n$/, '\n'),
    );
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

  it('refuses bad usage with exit 2, one line saying why and the usage, on standard error', () => {
    const { code, stdout, stderr } = robbery('play', '--players', '6');
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

  it('--help prints the usage with exit 0', () => {
    const { code, stdout } = robbery('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('robbery-record/1');
  });
});
