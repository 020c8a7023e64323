// `razzia-dorra verify` on the fair-draws fixtures (fixtures/fair/razzia-dorra, written by scripts/make-fair-fixtures.ts):
// a finished game's record verifies; a changed seed, contribution, deal or chance outcome fails where it was changed;
// a record without a revealed seed or header is malformed; one cut short, or whose result header is not its moves', is
// incomplete (exit 3). All in process through runCli (what the bin runs), the
// verifiable one through the bin as well.

import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '@razzia/contract/cli';
import { describe, expect, it } from 'vitest';
import { razziaDorra } from '../src/index.ts';

const repo = new URL('../../../../', import.meta.url).pathname;
const fixtures = join(repo, 'fixtures', 'fair', 'razzia-dorra');

type Expected = { exit: 0; draws: number; contributed: number[] } | { exit: 1; at: 'deal' | 'commitment' | number } | { exit: 2; says: string } | { exit: 3; says: string };

function verify(file: string): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(razziaDorra, { command: 'razzia-dorra' }, ['verify', file], { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

const cases = readdirSync(fixtures)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
  .map((f) => [f, join(fixtures, f), JSON.parse(readFileSync(join(fixtures, f.replace(/\.json$/, '.expected.json')), 'utf8')) as Expected] as const);

describe('razzia-dorra verify on the fair-draws fixtures', () => {
  it('has a verifiable record and altered ones', () => {
    expect(cases.map(([name]) => name)).toEqual(expect.arrayContaining(['verified.json', 'seed-changed.json', 'contribution-changed.json', 'no-header.json', 'incomplete.json', 'result-changed.json']));
  });

  for (const [name, file, expected] of cases)
    it(`${name}: exit ${expected.exit}`, () => {
      const { code, stdout, stderr } = verify(file);
      expect(code).toBe(expected.exit);
      if (expected.exit === 0) {
        expect(stderr).toBe('');
        expect(JSON.parse(stdout)).toEqual({ verified: true, draws: expected.draws, contributed: expected.contributed });
        return;
      }
      expect(stdout).toBe('');
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      if (expected.exit === 2) expect(lines[0]).toMatch(new RegExp(`^malformed record: .*${expected.says}`));
      else if (expected.exit === 3) expect(lines[0]).toMatch(new RegExp(`^incomplete record: .*${expected.says}`));
      else if (expected.at === 'commitment') expect(lines[0]).toMatch(/^unfair: the seed does not match the commitment/);
      else expect(lines[0]).toMatch(new RegExp(`^unfair draw at ${expected.at === 'deal' ? 'the deal' : `move ${expected.at}`}: `));
    });

  it('the verifiable record still replays as any record (its fair header is one more header)', () => {
    let stdout = '';
    expect(runCli(razziaDorra, { command: 'razzia-dorra' }, ['replay', join(fixtures, 'verified.json')], { out: (t) => void (stdout += t), err: () => undefined })).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ finished: true });
  });

  it('the bin verifies: exit 0 and one line of JSON', async () => {
    const bin = join(repo, 'node_modules', '.bin', 'razzia-dorra');
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) =>
      execFile(bin, ['verify', join(fixtures, 'verified.json')], { cwd: repo, encoding: 'utf8' }, (error, out) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout: out })),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ verified: true });
  });
});
