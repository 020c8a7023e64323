// Real PostgreSQL and Redis servers for tests and benchmarks: started from Debian's packages into a temporary
// directory on 127.0.0.1 and a free port (as the `postgres` user when we are root: PostgreSQL refuses to run
// as root), stopped by their pids. No mocks, no containers. Each is also stopped, and its directory removed, when the
// process that started it exits, however it exits (./cleanup.ts).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { atExit } from './cleanup.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The directory of PostgreSQL's server programs (initdb, pg_ctl): Debian keeps them out of PATH. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  throw new Error('PostgreSQL is not installed (apt-get install postgresql; `pnpm test` does it)');
}

const asRoot = process.getuid?.() === 0;

function asPostgres(cmd: string, args: readonly string[]): { cmd: string; args: string[] } {
  return asRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args: [...args] };
}

function run(cmd: string, args: readonly string[]): void {
  const c = asPostgres(cmd, args);
  const r = spawnSync(c.cmd, c.args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}

export interface PostgresServer {
  /** postgres://… of the `postgres` database (create databases from it). */
  readonly url: string;
  readonly port: number;
  /** Its temporary directory, data included (removed when it stops or the process that started it exits). */
  readonly dir: string;
  /** A new, empty database's URL. */
  database(name?: string): Promise<string>;
  stop(): Promise<void>;
}

/** A fresh PostgreSQL cluster in a temporary directory (fsync stays on: the durability promises are real). */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'razzia-pg-'));
  if (asRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(id.stdout), Number(gid.stdout));
  }
  const data = join(dir, 'data');
  // pg_ctl starts the server in a session of its own: no signal to this process's group reaches it.
  const gone = () => {
    const c = asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    if (existsSync(join(data, 'postmaster.pid'))) spawnSync(c.cmd, c.args, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  const undo = atExit(gone);
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  run(join(bin, 'pg_ctl'), [
    '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60',
    '-o', `-p ${port} -h 127.0.0.1 -k ${dir} -c max_connections=400 -c shared_buffers=64MB`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let n = 0;
  return {
    url,
    port,
    dir,
    async database(name = `razzia_${process.pid}_${Date.now().toString(36)}_${n++}`) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      undo();
      gone();
    },
  };
}

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** The running server's process id. */
  readonly pid: number | undefined;
  /** Its temporary directory (removed when the process that started it exits). */
  readonly dir: string;
  /** Kills the server (SIGKILL) and starts it again on the same port: every connection drops, nothing is kept. */
  restart(): Promise<void>;
  /** Kills the server (SIGKILL): every connection drops, and nobody can connect until `start`. */
  stop(): Promise<void>;
  /** Starts a stopped server again on the same port, empty. */
  start(): Promise<void>;
}

function redisBinary(): string {
  for (const p of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(p)) return p;
  throw new Error('redis-server is not installed (apt-get install redis-server; `pnpm test` does it)');
}

/** A Redis server on 127.0.0.1 that keeps nothing on disk. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'razzia-redis-'));
  const conf = join(dir, 'redis.conf');
  writeFileSync(conf, `port ${port}\nbind 127.0.0.1\nsave ""\nappendonly no\ndir ${dir}\nprotected-mode yes\n`);
  let child: ChildProcess | undefined;
  atExit(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const start = () =>
    new Promise<void>((resolve, reject) => {
      child = spawn(redisBinary(), [conf], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out.slice(-500)}`)));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid;
    },
    dir,
    async restart() {
      await stop();
      await start();
    },
    stop,
    start,
  };
}
