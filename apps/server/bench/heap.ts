// Where a live table's memory goes: starts the real server (as bench:server does) with heap snapshots on SIGUSR2,
// takes one after a warm-up table, one with N live 4-player tables (five sockets each, playing about once a second)
// and one more with M bare sockets added, and prints what grew, per table and per socket, by what V8 calls each
// object (its constructor, or its kind: strings, arrays, closures, code). `node --import tsx apps/server/bench/heap.ts
// --tables=200 --sockets=500 [--seconds=60 --think-ms=1000 --keep]`.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { Table, concurrent, connect, health } from './load.ts';
import { startServer, stopServer } from './load.ts';
import { atExit, endOnSignals } from '../test/support/cleanup.ts';

// Whatever way it ends (a signal, an error), nothing it started is left running (test/support/cleanup.ts).
endOnSignals();
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const TABLES = Number(args.get('tables') ?? 200);
const SOCKETS = Number(args.get('sockets') ?? 500);
const TOP = Number(args.get('top') ?? 25);
// How long the tables play before the snapshot, and how fast: the default is a minute of play at a brisk human
// pace (as bench:server's (c)); games hold more log entries the longer they run.
const SECONDS = Number(args.get('seconds') ?? 60);
const THINK_MS = Number(args.get('think-ms') ?? 1000);

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self sizes summed by what V8 names each node: objects by constructor, everything else by its kind. */
function census(file: string): Map<string, { bytes: number; count: number }> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + typeAt] as number] as string;
    const name = s.strings[s.nodes[i + nameAt] as number] as string;
    const key =
      type === 'object' ? name : type === 'closure' ? 'closures' : type === 'string' || type === 'concatenated string' || type === 'sliced string' ? 'strings' : `(${type}${type === 'hidden' || type === 'array' || type === 'code' || type === 'native' ? ' ' + name.slice(0, 40) : ''})`;
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += s.nodes[i + sizeAt] as number;
    entry.count++;
    out.set(key, entry);
  }
  return out;
}

async function snapshot(pid: number, dir: string): Promise<string> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    // Complete when its JSON closes (V8 writes it in chunks).
    if (file && readFileSync(join(dir, file), 'utf8').trimEnd().endsWith(']}')) {
      return join(dir, file);
    }
  }
}

function grew(a: Map<string, { bytes: number; count: number }>, b: Map<string, { bytes: number; count: number }>, per: number, label: string): void {
  const rows = [...b].map(([k, v]) => ({ k, bytes: (v.bytes - (a.get(k)?.bytes ?? 0)) / per, count: (v.count - (a.get(k)?.count ?? 0)) / per }));
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  rows.sort((x, y) => y.bytes - x.bytes);
  console.log(`${label}: ${(total / 1024).toFixed(1)} KB of heap objects (self sizes), of which:`);
  for (const r of rows.slice(0, TOP)) console.log(`  ${(r.bytes / 1024).toFixed(2).padStart(7)} KB ${r.count.toFixed(1).padStart(7)} × ${r.k}`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'razzia-heap-'));
  // Removed however the run ends, unless asked to keep the snapshots.
  if (!args.has('keep')) atExit(() => rmSync(dir, { recursive: true, force: true }));
  const server = await startServer({}, ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`]);
  const pid = server.child.pid as number;
  try {
    const warm: Table[] = [];
    await concurrent(server.url, 5, warm, 1000, 3);
    for (const t of warm) t.close();
    await new Promise((r) => setTimeout(r, 1000));
    const h0 = await health(server.url);
    const s0 = census(await snapshot(pid, dir));
    const tables: Table[] = [];
    const played = await concurrent(server.url, TABLES, tables, THINK_MS, SECONDS);
    const h1 = await health(server.url);
    const s1 = census(await snapshot(pid, dir));
    const sockets: Socket[] = [];
    for (let i = 0; i < SOCKETS; i++) sockets.push(await connect(server.url));
    const h2 = await health(server.url);
    const s2 = census(await snapshot(pid, dir));
    console.log(`${TABLES} tables played ${SECONDS} s at ${Math.round(played.movesPerSecond)} moves/s in all (${Math.round((played.movesPerSecond * SECONDS) / TABLES)} moves each)`);
    console.log(
      `${TABLES} live tables: ${((h1.rssBytes - h0.rssBytes) / 1024 / TABLES).toFixed(0)} KB RSS, ${((h1.heapUsedBytes - h0.heapUsedBytes) / 1024 / TABLES).toFixed(0)} KB heap used per table; ${SOCKETS} bare sockets: ${((h2.rssBytes - h1.rssBytes) / 1024 / SOCKETS).toFixed(1)} KB RSS, ${((h2.heapUsedBytes - h1.heapUsedBytes) / 1024 / SOCKETS).toFixed(1)} KB heap per socket`,
    );
    grew(s0, s1, TABLES, 'per live table (4 seats + a spectator)');
    grew(s1, s2, SOCKETS, 'per bare socket');
    for (const t of tables) t.close();
    for (const s of sockets) s.disconnect();
  } finally {
    await stopServer(server.child);
    if (args.has('keep')) console.log(`snapshots kept in ${dir}`);
  }
  process.exit(0);
}

await main();
