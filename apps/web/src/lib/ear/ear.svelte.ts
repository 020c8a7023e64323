// The table as a screen reader hears it, for every game: one polite live region for the game's events (a burst said
// as one utterance), one assertive region for this seat's decision as it opens, one polite region for the answers
// to the keys (Ear.svelte draws them and listens for the keys). A game's Play tells it, through `listen`, what its
// decision is and how its table reads; the page feeds it the log. Shared through context.

import { getContext, hasContext, setContext } from 'svelte';
import { earLevel, setEarLevel } from '../session.ts';
import { Burst, joinLines, type EarLevel, type Utterance } from './speech.ts';

/** How a game's table reads aloud, from its Play component (each a sentence or a short list, in the reader's
 * language; read inside effects, so they follow the game's state). */
export interface EarSource {
  /** This seat's decision now, in one sentence with its choices ("Your chance to bid on …: pass, or bid 13 or 9"),
   * or null when none is open. */
  decision(): string | null;
  /** Whose turn it is and what the table waits for. */
  whose(): string;
  /** This seat's own: a hand, cheques (null for a spectator). */
  mine(): string | null;
  /** The table in the middle: the row, the bars with their money, the middle's tiles. */
  table(): string;
  /** Every player's score and holdings. */
  players(): string;
  /** While the board still plays out earlier events (Dorra's reveal), the last event it has shown: later ones
   * wait to be said. Null when nothing waits. */
  shownUpTo?(): number | null;
}

/** The shortest time between two utterances of events: what comes meanwhile is said together. */
export const GAP_MS = 1500;
/** Utterances each region keeps (a screen reader says each as it is added; the rest is for reading back). */
const KEEP = 5;

export class Ear {
  /** The game's events (polite). */
  events = $state.raw<readonly Utterance[]>([]);
  /** This seat's decision as it opens (assertive). */
  turns = $state.raw<readonly Utterance[]>([]);
  /** The answers to the keys (polite). */
  answers = $state.raw<readonly Utterance[]>([]);
  level = $state<EarLevel>('all');
  /** The game being played, as its Play component reads it; null before and after the game. */
  source = $state.raw<EarSource | null>(null);
  /** The keys' help dialog is open. */
  helpOpen = $state(false);
  /** Moments (modal dialogs: a round's summary) open now: a decision is said once they are closed. */
  moments = $state(0);

  private readonly burst = new Burst(GAP_MS);
  private said = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    if (typeof window !== 'undefined') this.level = earLevel();
  }

  setLevel(level: EarLevel): void {
    this.level = level;
    setEarLevel(level);
    if (level === 'turn') this.burst.clear();
  }

  /** Lines of the log as they happen (in words), said politely unless the reader hears only their turn. */
  hear(lines: readonly string[]): void {
    if (lines.length === 0 || this.level !== 'all') return;
    this.burst.add(lines);
    this.pump();
  }

  /** Something of the table's chrome a reader should know, said politely among the events (never over a
   * decision): a new version of the site, say. Said whatever the level. */
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

const KEY = Symbol('ear');
export const setEar = (ear: Ear): Ear => setContext(KEY, ear);
export const getEar = (): Ear => getContext<Ear>(KEY);
/** The table's ear where there is one (a moment is drawn by the table page and by others). */
export const maybeEar = (): Ear | undefined => (hasContext(KEY) ? getContext<Ear>(KEY) : undefined);

/** In a game's Play component: tells the table's ear how this game reads, for as long as the component lives. */
export function listen(ear: Ear, source: EarSource): void {
  $effect(() => {
    ear.source = source;
    return () => {
      if (ear.source === source) ear.source = null;
    };
  });
}
