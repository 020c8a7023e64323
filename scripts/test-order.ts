// The order `vitest run` starts test files in, across every project: the longest first, so the files that mostly
// wait (real Chromium, server processes, a cluster) start at once and overlap with everything else, instead of
// one project after another. How long a file takes is what the last run on this machine measured (vitest's own
// cache) or, on a fresh clone, the estimate below.

import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = new URL('..', import.meta.url).pathname;

/**
 * Seconds the slowest files took alone on the two-core machine the suite is budgeted on (docs/benchmarks.md,
 * "Test suite"). Any other file counts a second per 10 KB of source; a file missing here only starts later.
 */
export const ESTIMATES: Readonly<Record<string, number>> = {
  'apps/web/test/e2e/razzia.test.ts': 170,
  'apps/server/test/cluster.test.ts': 130,
  // Two builds of the server, a cluster upgraded and rolled back under play, then SQLite with a browser tab.
  'apps/web/test/e2e/upgrade.test.ts': 100,
  'apps/web/test/e2e/razzia-dorra.test.ts': 80,
  'apps/web/test/e2e/robbery.test.ts': 80,
  'apps/server/test/bench-smoke.test.ts': 60,
  'apps/web/test/e2e/absence.test.ts': 50,
  'apps/web/test/e2e/analysis.test.ts': 45,
  'apps/server/test/reconnect.test.ts': 40,
  // Scripts that start PostgreSQL, Redis and a server, killed.
  'apps/server/test/cleanup.test.ts': 25,
  'apps/server/test/postgres/reconnect.test.ts': 40,
  // A whole game each, by ear (one page, bots): measured beside other work, so rather long than short.
  'apps/web/test/e2e/razzia-ear.test.ts': 40,
  'apps/web/test/e2e/razzia-dorra-ear.test.ts': 30,
  'apps/web/test/e2e/robbery-ear.test.ts': 25,
  'apps/web/test/e2e/bots.test.ts': 30,
  'apps/web/test/e2e/chat.test.ts': 30,
  'packages/games/robbery/test/hidden.test.ts': 26,
  'packages/games/robbery/test/properties.test.ts': 20,
  'apps/server/test/razzia-dorra.test.ts': 25,
  'packages/games/razzia-dorra/test/properties.test.ts': 13,
  // The command-line tests run their bins as processes, side by side: long for their size.
  'packages/games/razzia-dorra/test/cli.test.ts': 10,
  'packages/games/robbery/test/cli.test.ts': 7,
  'packages/games/razzia/test/cli.test.ts': 7,
  'packages/games/razzia/test/properties.test.ts': 7,
  'apps/web/test/games/fair.test.ts': 3,
};

function estimate(file: string): number {
  const known = ESTIMATES[relative(root, file)];
  if (known !== undefined) return known * 1000;
  try {
    return statSync(file).size / 10;
  } catch {
    return 0;
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const duration = (spec: TestSpecification) => {
      const cached = cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`);
      // A file that failed last time runs early, so its news comes first.
      if (cached?.failed) return Number.MAX_SAFE_INTEGER;
      return cached?.duration ?? estimate(spec.moduleId);
    };
    const order = new Map(files.map((spec) => [spec, duration(spec)]));
    return [...files].sort((a, b) => (order.get(b) ?? 0) - (order.get(a) ?? 0));
  }
}
