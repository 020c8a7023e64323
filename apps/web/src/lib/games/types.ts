// What the shared table chrome needs of a game's web module. Each game lives in its own folder under lib/games and
// is loaded only when a table (or a record) of that game is opened.

import type { Component } from 'svelte';
import type { FairVerdict } from '@razzia/contract/verify';
import type { LogEntry } from '@razzia/protocol/table';
import type { Locale } from '../i18n/index.ts';
import type { Translate } from '../i18n/index.ts';

/** A game's own words, per language (the chrome's words are in lib/i18n). With `load`, the other languages load
 * when a reader uses one, so the table page carries only English (the words given for them stand in until then):
 * a module may give all three at once, or English and `load`. */
export type GameMessages = Readonly<Record<Locale, Readonly<Record<string, string>>>> & {
  readonly load?: (locale: Exclude<Locale, 'en'>) => Promise<Readonly<Record<string, string>>>;
};

/** A record replayed step by step, for the replay viewer: the views after each move and the log so far. */
export interface Replayed {
  /** views[i]: the public view after i moves (views[0] is the set-up). */
  readonly views: readonly unknown[];
  /** The log entries up to each view: log.slice(0, ends[i]). */
  readonly log: readonly LogEntry[];
  readonly ends: readonly number[];
  /** Where each round (or raid) starts, for "jump to round". */
  readonly rounds: readonly number[];
  /** The players' names. */
  readonly names: readonly string[];
  /** Set when the record stops at an illegal move: its index and the rule it breaks. */
  readonly illegal: { readonly index: number; readonly rule: string; readonly code: string; readonly message: string } | null;
  /** The game as its record reads (`GameDef.record.read`): the set-up and every move, for the analysis. Move i is
   * taken at views[i]. */
  readonly played: { readonly setup: unknown; readonly moves: readonly unknown[] };
  /** The record plays to the game's end (only a finished game is analysed: nothing in it is hidden any more). */
  readonly finished: boolean;
  /** Its fair draws checked, in the browser (docs/records.md): null for a record from before them. */
  readonly fair: FairVerdict | null;
}

/** A decision of a game in its own words ("Bid 9"), read in the view it is taken in: for analysis and hints. */
export type DescribeChoice = (action: unknown, view: unknown, seat: number, names: readonly string[], t: Translate) => string;

/** Where one of this seat's decisions is in the game's own table (a CSS selector of its button), or null: a hint is
 * highlighted there. `legal` is the seat's list, in the order the game's buttons follow it. */
export type ChoiceTarget = (action: unknown, view: unknown, legal: readonly unknown[]) => string | null;

/** A game's decisions in words and on its table. */
export interface Choices {
  readonly describe: DescribeChoice;
  readonly target: ChoiceTarget;
}

export type ReplayLoaded = { readonly ok: true; readonly replay: Replayed } | { readonly ok: false; readonly reason: string };

export interface GameModule {
  readonly id: string;
  readonly messages: GameMessages;
  /** The game in progress, drawn from the table client in context (its payload holds the view and legal moves). */
  readonly Play: Component;
  /** The game part of the final screen: how the scores came about. Props: the final view, the viewer's seat and the
   * log as this page holds it (a game may draw its story from it, like money round by round). Loaded once a game
   * ends: the table page does not carry it. */
  readonly Final: () => Promise<{ default: Component<{ view: unknown; seat: number | null; log: readonly LogEntry[] }> }>;
  /** A seat's line of the shared final ranking in the game's own words: its score as the game writes it ("$390k",
   * "21 points") and a note ("arrested"). Without it the ranking shows the bare score. The order is the outcome's
   * places, never the game's to change. */
  standing?(view: unknown, seat: number, t: Translate): { readonly score: string; readonly note: string | null };
  /** One view drawn without any decision to take (the replay viewer). */
  readonly Still: Component<{ view: unknown }>;
  /** The rules for a first-time player, in the reader's language: the /rules/<game> page, linked from the table. */
  readonly Rules: () => Promise<{ default: Component }>;
  /** The log as this game's table keeps it, from the log this page holds (Robbery without the memory aid: banked
   * raids' moves faded, as a latecomer gets them). Without it, the log as held. */
  shownLog?(log: readonly LogEntry[], view: unknown): readonly LogEntry[];
  /** One log entry of this game in words, or null for entries that need no line. */
  describe(entry: LogEntry, names: readonly string[], t: Translate): string | null;
  /** Replays a record of this game (its parser loads only when a record is opened). */
  replay(json: unknown): Promise<ReplayLoaded>;
  /** Its decisions in words and where they are on its table, for the analysis and hints (loads when first needed). */
  choices(): Promise<Choices>;
}
