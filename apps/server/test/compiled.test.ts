// What production runs: the server built by scripts/build.mjs (a JavaScript bundle, its thinking worker and its
// one native package), started with plain Node out of a temp folder with nothing of the repository around it —
// no TypeScript, no tsx, no workspace node_modules. And the Dockerfile, which installs every workspace project.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { release } from '../../../scripts/release.mjs';
import { createTable, tempDir, TestClient } from './harness.ts';
import { operatorHeaders } from './support/operator.ts';
import { NodeProcess } from './support/processes.ts';

const serverDir = new URL('..', import.meta.url).pathname;
const repo = new URL('../../../', import.meta.url).pathname;

describe('the compiled server', () => {
  const out = tempDir('razzia-dist-');
  let server: NodeProcess;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(serverDir, 'scripts', 'build.mjs'), out], { stdio: 'pipe' });
    server = await NodeProcess.start({ DATA_DIR: tempDir(), BOT_DELAY_MS: '0' }, join(out, 'main.js'));
  });
  afterAll(async () => {
    await server?.kill9();
  });

  it('is plain JavaScript with only the native package beside it, without its sources or build files', () => {
    expect(readdirSync(out).sort()).toEqual(['main.js', 'node_modules', 'package.json', 'worker.js']);
    expect(readdirSync(join(out, 'node_modules')).sort()).toEqual(['better-sqlite3', 'bindings', 'file-uri-to-path']);
    const sqlite = join(out, 'node_modules', 'better-sqlite3');
    expect(readdirSync(sqlite).filter((f) => ['deps', 'src', 'binding.gyp'].includes(f))).toEqual([]);
    expect(readdirSync(join(sqlite, 'build', 'Release'))).toEqual(['better_sqlite3.node']);
    expect(readFileSync(join(out, 'main.js'), 'utf8')).not.toMatch(/from ['"]tsx|require\(['"]tsx|['"]esbuild['"]/);
  });

  it('starts, answers /healthz and opens a table', async () => {
    const health = (await (await fetch(`${server.url}/healthz`, { headers: operatorHeaders })).json()) as { status: string; store: string };
    expect(health).toMatchObject({ status: 'ok', store: 'sqlite' });
    // The release written into the bundle when it was built, named wherever an operator looks.
    const { version, commit } = release();
    expect(version).toBe((JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version);
    expect(health).toMatchObject({ version, commit, protocol: { oldest: 1, newest: 1 }, schema: { level: 5, known: 5 } });
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: operatorHeaders })).text();
    expect(metrics).toContain(`razzia_build_info{version="${version}",commit="${commit}",protocol="1",schema="5"} 1`);
    expect(server.lines.find((l) => l.includes('Razzia Online is running at'))).toContain(`(${version}, commit ${commit.slice(0, 7)})`);
    expect(JSON.parse(await server.line(/listening/))).toMatchObject({ version, commit, msg: `Razzia Online ${version} listening` });
    const { id } = await createTable(server, { players: 2 });
    const info = (await (await fetch(`${server.url}/api/tables/${id}`)).json()) as { table: { status: string } };
    expect(info.table.status).toBe('waiting');
  });

  it('thinks in its bundled worker thread: a hint is answered with one of the legal decisions', async () => {
    const { id, token } = await createTable(server, { players: 2, hints: true });
    const host = await TestClient.connect(server.url, token);
    await host.watch(id);
    await host.must({ type: 'sit', table: id, name: 'Ann' });
    await host.must({ type: 'add-bot', table: id, bot: 'greedy' });
    await host.must({ type: 'start', table: id });
    await host.waitFor(() => host.payload(id)?.awaiting.includes(0) === true);
    const legal = host.payload(id)?.legal;
    const reply = await host.send({ type: 'hint', table: id });
    if (!reply.ok) throw new Error(`no hint: ${reply.error.code} ${reply.error.message}`);
    expect(legal).toContainEqual(reply.intent);
    host.close();
  });

  it('stops on SIGTERM with exit code 0', async () => {
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  });
});

describe('the Dockerfile', () => {
  it('each compose service on a VOLUME-declaring image mounts a named volume there, so `compose down` leaves none anonymous', () => {
    const compose = readFileSync(join(repo, 'docker-compose.yml'), 'utf8');
    // The services, by their two-space-indented names, and the top-level named volumes.
    const services = new Map([...compose.split(/^volumes:$/m)[0]!.matchAll(/^ {2}([\w-]+):[^\n]*\n((?: {4,}.*\n|\n)*)/gm)].map((m) => [m[1]!, m[2]!]));
    const named = new Set([...(compose.split(/^volumes:$/m)[1] ?? '').matchAll(/^ {2}([\w-]+):/gm)].map((m) => m[1]));
    // The app image declares /data (Dockerfile), redis:7 /data, postgres:15 its data directory.
    const needs: Record<string, string> = { razzia: '/data', app1: '/data', app2: '/data', app3: '/data', redis: '/data', postgres: '/var/lib/postgresql/data' };
    for (const [service, path] of Object.entries(needs)) {
      const mount = new RegExp(`^\\s+- ([\\w-]+):${path}$`, 'm').exec(services.get(service) ?? '');
      expect(mount?.[1], `${service} mounts a named volume on ${path}`).toBeDefined();
      expect(named.has(mount?.[1]), `${mount?.[1]} is declared under volumes:`).toBe(true);
    }
  });

  it('labels the image with the release every package of the workspace is at', () => {
    const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8');
    const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(dockerfile).toContain(`ARG RAZZIA_VERSION=${version}\n`);
    expect(dockerfile).toMatch(/org\.opencontainers\.image\.version=\$RAZZIA_VERSION/);
    const projects = ['packages', 'packages/games', 'apps'].flatMap((group) =>
      readdirSync(join(repo, group))
        .map((name) => join(repo, group, name, 'package.json'))
        .filter((file) => existsSync(file)),
    );
    for (const file of projects) expect((JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version, file).toBe(version);
  });

  it('copies every workspace project’s package.json before pnpm install, so every project is installed', () => {
    const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8');
    const install = dockerfile.indexOf('pnpm install');
    const projects = ['packages', 'packages/games', 'apps'].flatMap((group) =>
      readdirSync(join(repo, group))
        .map((name) => `${group}/${name}`)
        .filter((dir) => existsSync(join(repo, dir, 'package.json'))),
    );
    expect(projects.length).toBeGreaterThanOrEqual(8);
    for (const dir of projects) {
      const copy = dockerfile.indexOf(`COPY ${dir}/package.json ${dir}/`);
      expect(copy, `${dir}/package.json is copied before pnpm install`).toBeGreaterThanOrEqual(0);
      expect(copy).toBeLessThan(install);
    }
  });
});
