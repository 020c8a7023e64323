// scripts/check-upgrade.sh, scaled down and without git history (a fresh clone may be shallow, and has no earlier
// release to build): two builds of this tree, the older one calling itself an earlier release — its server built with
// another release written in (apps/server/scripts/build.mjs `release`), its web client a copy of this run's build
// renamed so (test/upgrade/upgrade.ts `renamedWebBuild`) — play through a rolling upgrade of a three-process cluster
// and a rollback, then through a single SQLite process replaced on its file, back and forth, with a browser tab
// holding the older page. The schema side, with the previous release's real migrations, is
// apps/server/test/schema.test.ts; the real previous release, scripts/check-upgrade.sh (docs/benchmarks.md).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyRecord } from '@razzia/contract/verify';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { robbery } from '@razzia/game-robbery';
// @ts-expect-error a plain .mjs script without types
import { buildServer } from '../../../server/scripts/build.mjs';
import { chromiumEndpoint, webBuild } from '../services.ts';
import { checkUpgrade, describe as describeReports, renamedWebBuild, webVersion } from '../upgrade/upgrade.ts';

const web = new URL('../..', import.meta.url).pathname;
const GAMES = { razzia, 'razzia-dorra': razziaDorra, robbery } as const;
/** This tree, calling itself an earlier release. */
const OLDER = { version: '0.1.9', commit: '0'.repeat(40), name: '0.1.9+0000000' };

describe('an upgrade under play, and a rollback', () => {
  const work = mkdtempSync(join(tmpdir(), 'razzia-upgrade-test-'));
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('no decision lost or doubled, every record verifies, the tab holding the older page is offered the reload and finishes', async () => {
    const [, newer, older] = (await Promise.all([webBuild(), buildServer(join(work, 'newer')), buildServer(join(work, 'older'), { release: OLDER })])) as [
      void,
      { main: string },
      { main: string },
    ];
    const built = join(web, 'build');
    const olderWeb = renamedWebBuild(built, join(work, 'older-web'), OLDER.name);
    const reports = await checkUpgrade({
      older: { label: `${OLDER.version} (this tree, called older)`, main: older.main, web: olderWeb },
      newer: { label: webVersion(built), main: newer.main, web: built },
      scenarios: ['cluster', 'sqlite'],
      tabs: ['sqlite'],
      // Slower bots than the script's: fewer moves (the suite's CPU) for as many steps under play.
      botDelayMs: 200,
      movesPerStep: 3,
      browser: async () => (browser ??= await chromium.connect(await chromiumEndpoint())),
      verify: async (game, record) => verifyRecord(GAMES[game as keyof typeof GAMES], record).ok,
    });
    const said = describeReports(reports).join('\n');
    for (const r of reports) {
      expect(r.errors, said).toEqual([]);
      expect(r.lost).toBe(0);
      expect(r.duplicated).toBe(0);
      expect(r.verified).toBe(r.finishedGames);
      expect(r.finishedGames).toBeGreaterThanOrEqual(3);
      expect(r.steps).toHaveLength(r.scenario === 'cluster' ? 5 : 3);
    }
    expect(reports.find((r) => r.scenario === 'sqlite')?.tab).toMatchObject({ offered: true, finished: true });
  });
});
