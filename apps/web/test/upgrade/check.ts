// scripts/check-upgrade.sh's driver: runs ./upgrade.ts between two built releases, checks every record with the games'
// own command line (`<game> verify`, exit 0), prints the figures, and exits 1 on any error.
//
//   node --import tsx apps/web/test/upgrade/check.ts --older-server=… --older-web=… --older-label=… \
//     --newer-server=… --newer-web=… --newer-label=… [--tables=2] [--scenarios=cluster,sqlite] [--chromium=/usr/bin/chromium]

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { endOnSignals, tempFolder } from '../../../server/test/support/cleanup.ts';
import { checkUpgrade, describe } from './upgrade.ts';

endOnSignals();
const repo = new URL('../../../../', import.meta.url).pathname;
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const need = (name: string) => {
  const value = args.get(name);
  if (!value) throw new Error(`--${name}=… is needed`);
  return value;
};
const records = tempFolder('razzia-upgrade-records-');
let n = 0;
const launched = args.get('chromium') === 'none' ? null : chromium.launch({ executablePath: args.get('chromium') ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const reports = await checkUpgrade({
    older: { label: need('older-label'), main: need('older-server'), web: need('older-web') },
    newer: { label: need('newer-label'), main: need('newer-server'), web: need('newer-web') },
    scenarios: (args.get('scenarios') ?? 'cluster,sqlite').split(',') as ('cluster' | 'sqlite')[],
    tablesPerGame: Number(args.get('tables') ?? 2),
    ...(launched ? { browser: () => launched } : {}),
    verify: async (game, record) => {
      const file = join(records, `${game}-${n++}.json`);
      writeFileSync(file, JSON.stringify(record));
      const run = spawnSync(join(repo, 'node_modules', '.bin', game), ['verify', file], { encoding: 'utf8' });
      if (run.status !== 0) console.log(`  ${game} verify ${file}: exit ${run.status}: ${(run.stdout + run.stderr).trim().slice(0, 300)}`);
      return run.status === 0;
    },
    log: (line) => console.log(line),
  });
  const lines = describe(reports);
  console.log(lines.join('\n'));
  process.exitCode = reports.some((r) => r.errors.length > 0) ? 1 : 0;
} finally {
  await (await launched)?.close();
}
