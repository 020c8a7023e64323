// Benchmarks only (bench:audience, BENCH_SENT_LOG): a line for each moment the benchmark times, on the monotonic
// clock every process of the machine shares (CLOCK_MONOTONIC, as process.hrtime), so it can set them beside its
// spectators' receipts:
//   u <table> <seq> <ms>        an update starts going out to this process's sockets
//   uw <table> <seq> <ms>       … and is written to the last spectator here
//   p <table> <count> <ms>      a presence push (the spectator count) starts going out
//   pw <table> <count> <ms>     … and is written to the last spectator here
//   gc <kind> <ms> <duration>   a garbage collection paused JavaScript (kind: V8's, 1 minor, 2 major, 4 incremental, 8 weak)
//   lag <ms> <late>             the event loop came back this late to a 10 ms timer (lags of 10 ms and more)

import { createWriteStream } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { SendProbe } from './socket/gateway.ts';

const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export function benchProbe(path: string): SendProbe {
  const log = createWriteStream(path, { flags: 'a' });
  const line = (fields: readonly (string | number)[]) => log.write(`${fields.join(' ')}\n`);
  // performance.now() runs on the same monotonic clock from a later origin.
  const offset = monotonicMs() - performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind ?? 0;
      line(['gc', kind, (offset + e.startTime).toFixed(3), e.duration.toFixed(3)]);
    }
  }).observe({ entryTypes: ['gc'] });
  const TICK_MS = 10;
  let expected = monotonicMs() + TICK_MS;
  setInterval(() => {
    const now = monotonicMs();
    const late = now - expected;
    if (late >= 10) line(['lag', now.toFixed(3), late.toFixed(3)]);
    expected = now + TICK_MS;
  }, TICK_MS).unref();
  return {
    sent: (table, kind, key) => line([kind === 'update' ? 'u' : 'p', table, key, monotonicMs().toFixed(3)]),
    written: (table, kind, key) => line([kind === 'update' ? 'uw' : 'pw', table, key, monotonicMs().toFixed(3)]),
  };
}
