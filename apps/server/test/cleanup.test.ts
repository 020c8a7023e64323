// A benchmark leaves nothing behind however it ends (test/support/cleanup.ts): stopped by SIGTERM (of its own process
// only: what it started is not told), by SIGINT, or failing — not PostgreSQL, which pg_ctl starts in a session of its
// own, nor redis-server, a server process or a temporary folder.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { serverArgs } from './harness.ts';

const here = new URL('.', import.meta.url).pathname;

/** Runs test/support/leave-nothing.ts; once it said what it started, `end` ends it (or it fails by itself). */
async function run(what: string[], end: (pid: number) => void): Promise<{ code: number | null; pids: number[]; dirs: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${here}support/leave-nothing.ts`, serverArgs()[0] as string, ...what], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = await new Promise<{ pids: number[]; dirs: string[] }>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    void exited.then(() => reject(new Error(`it ended before it said what it started: ${err}`)));
  });
  end(child.pid as number);
  return { code: await exited, ...started };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes still running once they have had the time to die of what they were sent (a killed process is gone
 * when the kernel and its new parent are done with it, a moment after the kill). The limit is against a hang. */
async function survivors(pids: readonly number[]): Promise<number[]> {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (!pids.some(alive)) return [];
  return pids.filter(alive);
}

describe.concurrent('a benchmark leaves nothing behind', () => {
  it('stopped by SIGTERM: PostgreSQL, Redis, its server and its folders are gone', async () => {
    const { code, pids, dirs } = await run(['postgres'], (pid) => process.kill(pid, 'SIGTERM'));
    expect(code).toBe(143);
    expect(pids).toHaveLength(3);
    expect(await survivors(pids)).toEqual([]);
    expect(dirs.filter((d) => existsSync(d))).toEqual([]);
  });

  it('stopped by SIGINT (Ctrl-C), or failing half-way: the same', async () => {
    const interrupted = await run([], (pid) => process.kill(pid, 'SIGINT'));
    expect(interrupted.code).toBe(130);
    const failed = await run(['fail'], () => undefined);
    expect(failed.code).toBe(1);
    for (const { pids, dirs } of [interrupted, failed]) {
      expect(await survivors(pids)).toEqual([]);
      expect(dirs.filter((d) => existsSync(d))).toEqual([]);
    }
  });
});
