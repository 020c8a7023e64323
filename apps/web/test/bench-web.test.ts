// `pnpm bench:web` must keep running as the pages change: its scaled-down run, through its real entry point, on this
// run's web build and Chromium (a few decisions of one small game, the CPU slowed as in the real run). It asserts no
// figures: how heavy a page is lives in the benchmark (docs/benchmarks.md), not in tests.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chromiumEndpoint, webBuild } from './services.ts';

const repo = new URL('../../../', import.meta.url).pathname;
const exec = promisify(execFile);
/** Long enough for a browser sharing the cores with the rest of the suite: a limit against a hang. */
const LIMIT = 300_000;

describe('the web benchmark still runs', () => {
  it('scaled down: a few decisions of a two-seat Robbery game on a throttled phone, its line and its profile reported', async () => {
    await webBuild();
    const endpoint = await chromiumEndpoint();
    const profiles = mkdtempSync(join(tmpdir(), 'razzia-bench-web-profile-'));
    const { stdout } = await exec(
      process.execPath,
      ['--import', 'tsx', 'apps/web/bench/web.ts', '--games=robbery', '--seats=2', '--moves=3', '--bot-delay-ms=30', `--connect=${endpoint}`, `--profile=${profiles}`],
      { cwd: repo, timeout: LIMIT },
    );
    const profiled = existsSync(join(profiles, 'robbery.cpuprofile'));
    rmSync(profiles, { recursive: true, force: true });
    expect(profiled).toBe(true);
    expect(stdout).toMatch(/^ {2}the page's own time, by function \(.*robbery\.cpuprofile\):\n {4} *\d+ ms +[\d.]+ % {2}\S/m);
    expect(stdout).toMatch(/^Razzia Online web benchmark — .*Node v.*Chromium/m);
    expect(stdout).toMatch(/^robbery \(2 seats, 3 decisions\): peak \d+ elements \(at version \d+\); longest task \d+ ms( \((first drawing|a move|moment opens|moment closes|results|start)\))?, \d+ over 150 ms, (0 over 200 ms|\d+ over 200 ms \((first drawing|a move|moment opens|moment closes|results|start) \d+(, [a-z ]+ \d+)*\)); load [\d.]+ → [\d.]+$/m);
  }, LIMIT + 10_000);
});
