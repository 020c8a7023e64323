// How a worker thread starts a TypeScript module: the repository runs TypeScript through tsx without a build
// step, and on Node 20 a worker inherits neither tsx's loader nor an `--import` of it, so the thread starts in
// this plain module and imports its real entry (`workerData.entry`) through tsx's scoped loader. A built (.js)
// entry is imported as it is.

import { workerData } from 'node:worker_threads';

const entry = workerData?.entry;
if (typeof entry !== 'string') throw new Error('boot.mjs starts a worker thread whose workerData.entry is a module URL');
if (entry.endsWith('.ts')) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(entry, import.meta.url);
} else {
  await import(entry);
}
