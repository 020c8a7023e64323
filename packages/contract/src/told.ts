// Delivering addressed events: the one place that decides which form of an event a viewer receives.

import type { Told, Viewer } from './game.ts';

/** The form of a told event that `viewer` may see. */
export function seenBy<E>(told: Told<E>, viewer: Viewer): E {
  if (told.to === 'all') return told.event;
  return viewer !== null && told.to.includes(viewer) ? told.event : told.others;
}

/** Does every viewer see the same thing? */
export function isPublic<E>(told: Told<E>): told is { to: 'all'; event: E } {
  return told.to === 'all';
}
