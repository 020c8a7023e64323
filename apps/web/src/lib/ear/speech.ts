// What a screen reader is told at a table, as plain logic (the clock is passed in, so tests need no timers): the
// game's events in the log's words, each once, a burst of them said as one utterance rather than a flood; this
// seat's decision when it opens; answers to the keys. Ear.svelte puts what this says into the page's live regions.

/** One thing said: `id` tells two equal sentences apart (a region says each new one, even when it repeats). */
export interface Utterance {
  readonly id: number;
  readonly text: string;
}

/** How much a reader hears of the game: everything, or only when their own seat's decision opens. */
export type EarLevel = 'all' | 'turn';

/** Sentences joined into one utterance, each ending as it ended or with a full stop. */
export function joinLines(lines: readonly string[]): string {
  return lines
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => (/[.!?…:]$/.test(line) ? line : `${line}.`))
    .join(' ');
}

/**
 * The game's events as they come, said at most once per `gapMs`: a line that comes while the last utterance is
 * younger than that waits, and whatever waited is said together when the gap is over (a burst of bot moves is one
 * utterance, in order). `take` says what is due; `dueAt` says when to ask again.
 */
export class Burst {
  private waiting: string[] = [];
  private saidAt = Number.NEGATIVE_INFINITY;

  constructor(readonly gapMs: number) {}

  add(lines: readonly string[]): void {
    this.waiting.push(...lines);
  }

  /** Whatever waits, said now if the gap allows (or `force`, when a decision opens and nothing may lag behind it). */
  take(now: number, force = false): string | null {
    if (this.waiting.length === 0 || (!force && now - this.saidAt < this.gapMs)) return null;
    const text = joinLines(this.waiting);
    this.waiting = [];
    this.saidAt = now;
    return text || null;
  }

  /** When the lines that wait may be said, or null when none wait. */
  dueAt(): number | null {
    return this.waiting.length === 0 ? null : this.saidAt + this.gapMs;
  }

  /** Forgets what waits (the reader turned announcements down). */
  clear(): void {
    this.waiting = [];
  }
}
