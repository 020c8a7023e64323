// `pnpm test:quick`: the edit-and-test loop's part of `pnpm test` — every game's rules, rulebook examples, refusals,
// views, bots, properties and command line; the server's pure decision step, host and wire; the web client's view
// models and words — with no browser, no server, no database and no long search. Each project is the one
// `pnpm test` runs (its own vitest.config.ts), narrowed to these files. `pnpm test` still runs everything.
import { availableParallelism } from 'node:os';
import type { UserWorkspaceConfig } from 'vitest/config';
import { defineConfig } from 'vitest/config';
import bots from './packages/bots/vitest.config.ts';
import contract from './packages/contract/vitest.config.ts';
import razzia from './packages/games/razzia/vitest.config.ts';
import razziaDorra from './packages/games/razzia-dorra/vitest.config.ts';
import robbery from './packages/games/robbery/vitest.config.ts';
import server from './apps/server/vitest.config.ts';
import web from './apps/web/vitest.config.ts';
import { LongestFirst } from './scripts/test-order.ts';

/** A project of `pnpm test`, with only these files and none of its global set-up (servers, builds, browsers). */
function only(root: string, config: UserWorkspaceConfig, files: string): UserWorkspaceConfig {
  return { ...config, root, test: { ...config.test, include: [`test/${files}`], globalSetup: [] } };
}

/** What each game's test folder holds that is quick: not the conformance runs, the hiding runs or benchmarks. */
const GAME = '{rules,rulebook,rulebook-examples,errors,views,imports,client,bots,properties,cli}.test.ts';

export default defineConfig({
  test: {
    projects: [
      only('packages/games/razzia', razzia, GAME),
      only('packages/games/razzia-dorra', razziaDorra, GAME),
      only('packages/games/robbery', robbery, GAME),
      only('packages/contract', contract, 'chance.test.ts'),
      only('packages/bots', bots, '{search,horizons,policies,analysis,browser,hidden}.test.ts'),
      only('apps/server', server, '{decide,host,wire}.test.ts'),
      only('apps/web', web, '{unit/**/*,games/**/*,i18n}.test.ts'),
    ],
    // Computing, not waiting: one file per core at a time.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
  },
});
