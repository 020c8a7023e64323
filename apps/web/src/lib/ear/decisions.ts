// The decision group's keyboard and the moments' (keyboard.ts) as every game's Play takes them: small actions that
// load the rest when a table is first drawn (the table page's budget does not carry it) and hand it what is open by
// then.

import { retrying } from '../retry-import.ts';
import type { MomentOptions } from './keyboard.ts';

type Keyboard = typeof import('./keyboard.ts');
let loading: Promise<Keyboard> | null = null;
// A load that failed for good is not kept: the next table drawn tries again.
const keyboard = (): Promise<Keyboard> =>
  (loading ??= retrying(() => import('./keyboard.ts')).catch((e: unknown) => {
    loading = null;
    throw e;
  }));

function later<P>(name: 'decisions' | 'moment') {
  return (node: HTMLElement, param: P) => {
    let current = param;
    let gone = false;
    let real: { update(param: P): void; destroy(): void } | null = null;
    void keyboard().then((k) => {
      if (!gone) real = (k[name] as (node: HTMLElement, param: P) => typeof real)(node, current);
    });
    return {
      update(param: P) {
        current = param;
        real?.update(param);
      },
      destroy() {
        gone = true;
        real?.destroy();
      },
    };
  };
}

/** Svelte action on a game's decision group: see keyboard.ts. `open` names the decision open now (or null). */
export const decisions = later<unknown>('decisions');

/** Svelte action on a moment in the table's flow (a dialog, not modal): see keyboard.ts. */
export const moment = later<MomentOptions | null>('moment');

/** Puts the keyboard on the first choice of the open decision, if there is one; says whether it did. */
export const focusDecision = (): Promise<boolean> => keyboard().then((k) => k.focusDecision());

/** A decision is being sent: the keyboard goes to the table's home (`data-home`: what the table waits for) first, so
 * that its choices, disabled while it is on its way and then gone, never drop it on the page's body. */
export function decided(): void {
  const active = document.activeElement;
  if (!active || active === document.body || active.closest('[data-decision-open=true]')) document.querySelector<HTMLElement>('[data-home]')?.focus({ preventScroll: true });
}
