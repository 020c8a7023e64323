// The table as a screen reader hears it, for every game: what the table page and a game's Play share with the ear
// (Ear.svelte, loaded just after the page has drawn, which says things through announcer.svelte.ts). A game's Play
// tells it, through `listen`, what its decision is and how its table reads; a moment's dialog says it is open.
// Shared through context.

import { getContext, hasContext, setContext } from 'svelte';

/** How a game's table reads aloud, from its Play component (each a sentence or a short list, in the reader's
 * language; read inside effects, so they follow the game's state). */
export interface EarSource {
  /** This seat's decision now, in one sentence with its choices ("Your chance to bid on …: pass, or bid 13 or 9"),
   * or null when none is open. */
  decision(): string | null;
  /** Whose turn it is and what the table waits for. */
  whose(): string;
  /** This seat's own: a hand, cheques (null for a spectator; empty while its words load). */
  mine(): string | null;
  /** The table in the middle: the row, the bars with their money, the middle's tiles. */
  table(): string;
  /** Every player's score and holdings. */
  players(): string;
  /** While the board still plays out earlier events (Dorra's reveal), the last event it has shown: later ones
   * wait to be said. Null when nothing waits. */
  shownUpTo?(): number | null;
}

export class Ear {
  /** The game being played, as its Play component reads it; null before and after the game. */
  source = $state.raw<EarSource | null>(null);
  /** The keys' help dialog is open. */
  helpOpen = $state(false);
  /** Moments (modal dialogs: a round's summary) open now: a decision is said once they are closed. */
  moments = $state(0);
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
