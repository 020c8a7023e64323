// The decision group's keyboard (keyboard.ts) as every game's Play takes it: a small action that loads the rest when a
// table is first drawn (the table page's budget does not carry it) and hands it the decision open by then.

type Keyboard = typeof import('./keyboard.ts');
let loading: Promise<Keyboard> | null = null;
const keyboard = (): Promise<Keyboard> => (loading ??= import('./keyboard.ts'));

/** Svelte action on a game's decision group: see keyboard.ts. `open` names the decision open now (or null). */
export function decisions(group: HTMLElement, open: unknown) {
  let current = open;
  let gone = false;
  let real: { update(open: unknown): void; destroy(): void } | null = null;
  void keyboard().then((k) => {
    if (!gone) real = k.decisions(group, current);
  });
  return {
    update(open: unknown) {
      current = open;
      real?.update(open);
    },
    destroy() {
      gone = true;
      real?.destroy();
    },
  };
}

/** Puts the keyboard on the first choice of the open decision, if there is one; says whether it did. */
export const focusDecision = (): Promise<boolean> => keyboard().then((k) => k.focusDecision());
