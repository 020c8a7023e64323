// Installs what the tests need from outside npm on a fresh machine: Debian's Chromium for the browser tests.
// Idempotent and quick when everything is present.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

if (!existsSync(CHROMIUM)) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  console.log(`Chromium is missing at ${CHROMIUM}; installing Debian's package for the browser tests.`);
  if (!apt(['install', '-y', '--no-install-recommends', 'chromium']) && !(apt(['update']) && apt(['install', '-y', '--no-install-recommends', 'chromium']))) {
    console.error('Could not install chromium with apt-get: install it by hand (apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
}
