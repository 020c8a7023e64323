// Delivering addressed events: the one place that decides which form of an event a viewer receives.

import type { Told, Viewer } from './game.ts';

/** The form of a told event that `viewer` may see. */
export function seenBy<E>(told: Told<E>, viewer: Viewer): E {
  if (told.to === 'all') return told.event;
  return viewer !== null && told.to.includes(viewer) ? told.event : told.others;
}

/**
 * The form `viewer` gets of an entry they catch up on (a snapshot): its faded form if an entry told after it
 * `fadesEarlier` (`faded` true), else the form they may see.
 */
export function seenLater<E>(told: Told<E>, viewer: Viewer, faded: boolean): E {
  return faded && told.faded !== undefined ? told.faded : seenBy(told, viewer);
}

/** Does every viewer see the same thing? */
export function isPublic<E>(told: Told<E>): told is { to: 'all'; event: E } {
  return told.to === 'all';
}
