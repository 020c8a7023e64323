// A part of a page that loads later tries again while its load fails (the server restarting), and gives up in the
// end. The pauses are the injected wait's, recorded rather than slept: time is not what is tested.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { retrying } from '../../src/lib/retry-import.ts';

/** A load that fails `failures` times (the connection refused), then brings its module. */
function flaky(failures: number) {
  let calls = 0;
  const load = () => {
    calls++;
    return calls <= failures ? Promise.reject(new Error(`Failed to fetch dynamically imported module (${calls})`)) : Promise.resolve({ default: 'RoundSummary' });
  };
  return { load, calls: () => calls };
}

describe('a load that retries', () => {
  it('that fails twice, then succeeds, brings the module after two pauses', async () => {
    const pauses: number[] = [];
    const part = flaky(2);
    const loaded = await retrying(part.load, async (ms) => void pauses.push(ms));
    expect(loaded).toEqual({ default: 'RoundSummary' });
    expect(part.calls()).toBe(3);
    expect(pauses).toEqual([250, 500]);
  });

  it('that always fails rejects with its last failure once its pauses (about a minute and a half) are spent', async () => {
    const pauses: number[] = [];
    const part = flaky(Infinity);
    const failure = await retrying(part.load, async (ms) => void pauses.push(ms)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(`Failed to fetch dynamically imported module (${part.calls()})`);
    expect(part.calls()).toBe(pauses.length + 1);
    expect(pauses.slice(0, 6)).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    const spent = pauses.reduce((a, b) => a + b, 0);
    expect(spent).toBeGreaterThan(60_000);
    expect(spent).toBeLessThanOrEqual(90_000);
  });

  it('that succeeds at once does not pause', async () => {
    const pauses: number[] = [];
    expect(await retrying(flaky(0).load, async (ms) => void pauses.push(ms))).toEqual({ default: 'RoundSummary' });
    expect(pauses).toEqual([]);
  });
});

describe('a module whose import failed', () => {
  it('is imported again under another URL (the browser keeps the failed one): the same file, `?retry=N`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retry-import-'));
    writeFileSync(join(dir, 'summary.mjs'), 'export default "RoundSummary";');
    const url = pathToFileURL(join(dir, 'summary.mjs')).href;
    let calls = 0;
    // As Chromium fails it, every time: the module map keeps the failure.
    const load = (): Promise<{ default: string }> => {
      calls++;
      return Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`));
    };
    const loaded = await retrying(load, async () => {});
    expect(loaded.default).toBe('RoundSummary');
    expect(calls).toBe(1);
  });
});
