// What a benchmark, a check script or a test run starts outside itself — PostgreSQL (which pg_ctl starts in a
// session of its own, so it outlives even a signal to the whole process group), redis-server, server processes,
// temporary folders — is ended and removed when the process ends, however it ends: its last line, an error, or a
// signal (SIGINT from Ctrl-C, SIGTERM from whoever stops it, SIGHUP from a closed terminal). Only SIGKILL escapes.
//
//   const undo = atExit(() => child.kill('SIGKILL'));   // synchronous: run from the 'exit' event
//   undo();                                            // it was stopped the ordinary way: nothing left to do
//   endOnSignals();                                     // once, at the top of a script: signals end it through 'exit'

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tasks = new Set<() => void>();
let hooked = false;

/** Runs `task` (synchronously) when the process exits, unless the returned function is called first. Tasks run in
 * the reverse order of registration: what was started last is ended first (servers before their databases). */
export function atExit(task: () => void): () => void {
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const t of [...tasks].reverse()) {
        try {
          t();
        } catch {
          // one that fails does not keep the others from running
        }
      }
      tasks.clear();
    });
  }
  tasks.add(task);
  return () => void tasks.delete(task);
}

/** A temporary folder removed when the process exits. */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

/**
 * For a script (a benchmark, a check): SIGINT, SIGTERM and SIGHUP end it at once through `process.exit`, so its
 * `atExit` tasks run, with the exit code a shell gives a process killed by that signal (128 + its number). Without
 * this, Node's default for those signals ends the process without an 'exit' event. Not for a test runner's process
 * (vitest handles its own signals).
 */
export function endOnSignals(): void {
  for (const [name, n] of Object.entries(SIGNALS)) process.once(name, () => process.exit(128 + n));
}
