// Installs what the tests need from outside npm on a fresh machine, from Debian's packages: Chromium for the
// browser tests, PostgreSQL and Redis for the server's store and cluster tests, nginx for the test of the
// documented proxy, iproute2's ss for a listening socket's backlog (they start their own servers in temporary
// directories; nothing is configured system-wide). Idempotent and quick when everything is present.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

const missing = [
  !existsSync(CHROMIUM) && 'chromium',
  !hasPostgres() && 'postgresql',
  !existsSync('/usr/bin/redis-server') && 'redis-server',
  !existsSync(NGINX) && 'nginx',
  !existsSync('/usr/bin/ss') && !existsSync('/bin/ss') && 'iproute2', // ss: a listening socket's backlog (test/upgrades.test.ts)
].filter(Boolean);

if (missing.length > 0) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  const install = ['install', '-y', '--no-install-recommends', ...missing];
  console.log(`Missing for the tests: ${missing.join(', ')}; installing Debian's packages.`);
  if (!apt(install) && !(apt(['update']) && apt(install))) {
    console.error(`Could not install ${missing.join(', ')} with apt-get: install them by hand (or set CHROMIUM_PATH for another Chromium, NGINX_PATH for another nginx).`);
    process.exit(1);
  }
}
