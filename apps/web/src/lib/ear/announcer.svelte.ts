// The table's three live regions' words (Ear.svelte draws them): the game's events (polite; a burst said as one
// utterance), this seat's decision as it opens (assertive), the answers to the keys (polite).

import { Burst, joinLines, type EarLevel, type Utterance } from './speech.ts';

/** This browser's choice of how much a screen reader hears of a game (the keys' help sets it). */
const LEVEL = 'razzia.ear';
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The shortest time between two utterances of events: what comes meanwhile is said together. */
export const GAP_MS = 1500;
/** Utterances each region keeps (a screen reader says each as it is added; the rest is for reading back). */
const KEEP = 5;

export class Announcer {
  /** The game's events (polite). */
  events = $state.raw<readonly Utterance[]>([]);
  /** This seat's decision as it opens (assertive). */
  turns = $state.raw<readonly Utterance[]>([]);
  /** The answers to the keys (polite). */
  answers = $state.raw<readonly Utterance[]>([]);
  level = $state<EarLevel>('all');

  private readonly burst = new Burst(GAP_MS);
  private said = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    if (storage()?.getItem(LEVEL) === 'turn') this.level = 'turn';
  }

  setLevel(level: EarLevel): void {
    this.level = level;
    storage()?.setItem(LEVEL, level);
    if (level === 'turn') this.burst.clear();
  }

  /** Lines of the log as they happen (in words), said politely unless the reader hears only their turn. */
  hear(lines: readonly string[]): void {
    if (lines.length === 0 || this.level !== 'all') return;
    this.burst.add(lines);
    this.pump();
  }

  /** Something of the table's chrome a reader should know, said politely among the events (never over a
   * decision): a new version of the site, a clock running low. Said whatever the level. */
  notice(text: string): void {
    this.burst.add([text]);
    this.pump();
  }

  /** This seat's decision has opened: whatever events still waited are said first (politely, at once), then the
   * decision, assertively (its words say what the events left: the highest bid, the row). */
  decide(text: string): void {
    const waiting = this.burst.take(Date.now(), true);
    if (waiting) this.events = this.add(this.events, waiting);
    this.turns = this.add(this.turns, joinLines([text]));
  }

  /** The answer to a key. */
  answer(text: string): void {
    this.answers = this.add(this.answers, text);
  }

  /** Stops the timer (the page is leaving). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private add(list: readonly Utterance[], text: string): readonly Utterance[] {
    return [...list, { id: ++this.said, text }].slice(-KEEP);
  }

  private pump(): void {
    const text = this.burst.take(Date.now());
    if (text) this.events = this.add(this.events, text);
    const due = this.burst.dueAt();
    if (due === null || this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(0, due - Date.now()),
    );
  }
}
