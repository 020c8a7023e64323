// `pnpm bench:devices`: what a device code ("Continue on another device") costs, and what that means for guessing.
//
//   (a) the hash alone: one code hashed (a salted scrypt, as stored) and checked, one after another on one core,
//       after a warm-up; then what the time of one check makes of guessing offline from a stolen copy of the store:
//       2^40 secrets, on one core, in years
//   (b) over a real server (in this process: SQLite in a temp directory, socket.io-client over loopback): a seated
//       player's device asks for a code, another device redeems it; each round trip's latency
//
// usage: tsx apps/server/bench/device-codes.ts [--hashes=40] [--redeems=20]

import { cpus } from 'node:os';
import pino from 'pino';
import type { TableId, Token } from '@razzia/protocol';
import { startServer } from '../src/app.ts';
import { deviceCodeMatches, hashDeviceCode, newDeviceCode } from '../src/devices/codes.ts';
import { connect, fmt, percentile, send } from './load.ts';
import { endOnSignals, tempFolder } from '../test/support/cleanup.ts';

// Whatever way it ends (a signal, an error), nothing it started is left running (test/support/cleanup.ts).
endOnSignals();
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const HASHES = Number(args.get('hashes') ?? 40);
const REDEEMS = Number(args.get('redeems') ?? 20);

async function hashes(): Promise<void> {
  const code = newDeviceCode();
  for (let i = 0; i < Math.min(5, HASHES); i++) await deviceCodeMatches(code, await hashDeviceCode(code));
  const hashMs: number[] = [];
  const checkMs: number[] = [];
  for (let i = 0; i < HASHES; i++) {
    const t0 = performance.now();
    const stored = await hashDeviceCode(code);
    const t1 = performance.now();
    if (!(await deviceCodeMatches(code, stored))) throw new Error('a code did not match its own hash');
    hashMs.push(t1 - t0);
    checkMs.push(performance.now() - t1);
  }
  hashMs.sort((a, b) => a - b);
  checkMs.sort((a, b) => a - b);
  const p50 = percentile(checkMs, 50);
  const years = (2 ** 40 * p50) / 1000 / (365.25 * 24 * 3600);
  console.log(`(a) scrypt of a code: hash p50 ${fmt(percentile(hashMs, 50))}, check p50 ${fmt(p50)} (min ${fmt(checkMs[0] as number)}) over ${HASHES}; offline, 2^40 secrets at that pace take ${Math.round(years).toLocaleString('en')} core-years`);
}

async function redeems(): Promise<void> {
  const server = await startServer({
    dataDir: tempFolder('razzia-bench-'),
    port: 0,
    webBuildDir: null,
    logger: pino({ level: 'silent' }),
    redeemLimit: { perSecond: 1e6, burst: 1e6 },
    deviceCodeLimit: { perSecond: 1e6, burst: 1e6 },
  });
  try {
    const created = (await (
      await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', players: 2 }) })
    ).json()) as { table: { id: TableId }; token: Token };
    const desk = await connect(server.url, created.token);
    await send(desk, { type: 'watch', table: created.table.id });
    await send(desk, { type: 'sit', table: created.table.id, name: 'Desk' });
    const issueMs: number[] = [];
    const redeemMs: number[] = [];
    for (let i = 0; i < REDEEMS; i++) {
      const t0 = performance.now();
      const made = await send(desk, { type: 'device-code', table: created.table.id });
      const t1 = performance.now();
      const phone = await connect(server.url);
      const t2 = performance.now();
      const redeemed = await send(phone, { type: 'redeem', code: made.code });
      const t3 = performance.now();
      if (!made.ok || !redeemed.ok) throw new Error(`refused: ${JSON.stringify(made.ok ? redeemed : made)}`);
      phone.disconnect();
      issueMs.push(t1 - t0);
      redeemMs.push(t3 - t2);
    }
    desk.disconnect();
    issueMs.sort((a, b) => a - b);
    redeemMs.sort((a, b) => a - b);
    console.log(
      `(b) ${REDEEMS} codes made and redeemed over a real server: device-code p50 ${fmt(percentile(issueMs, 50))}, p99 ${fmt(percentile(issueMs, 99))}; redeem p50 ${fmt(percentile(redeemMs, 50))}, p99 ${fmt(percentile(redeemMs, 99))}`,
    );
  } finally {
    await server.close();
  }
}

console.log(`Razzia Online device-code benchmark — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
await hashes();
await redeems();
