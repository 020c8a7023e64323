// What a failed server test prints, so that a red run says why from its output alone (CI's machine is gone
// afterwards): every server process the file started (its last log lines, whether it still runs) and every test
// client (the tables it holds: log number, game version, who is awaited; what it still waits for). Processes and
// clients enrol themselves here (support/processes.ts, harness.ts); test/support/on-failure.ts prints them after a
// failed test. Nothing here imports the server: the set-up file loads it for every file, unit tests too.

/** Something that can say what state it is in, in a few lines. */
export interface Describable {
  describe(): string[];
}

const enrolled = new Set<Describable>();

/** Kept until the file's tests are over (a describe block's processes serve several tests). */
export function enrol(thing: Describable): void {
  enrolled.add(thing);
}

/** What every enrolled thing says now. */
export function describeAll(): string[] {
  return [...enrolled].flatMap((thing) => {
    try {
      return thing.describe();
    } catch (e) {
      return [`(could not describe: ${(e as Error).message})`];
    }
  });
}

/** Lines of a log, the last `n`, each cut to a readable length. */
export function lastLines(lines: readonly string[], n: number): string[] {
  return lines.slice(-n).map((l) => `    ${l.length > 400 ? `${l.slice(0, 400)}…` : l}`);
}
