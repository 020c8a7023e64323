// A game's decision group and the table's moments, for every game (loaded through decisions.ts, which every game's
// Play uses). When this seat's decision opens the keyboard lands on its first choice (without scrolling the page);
// arrow keys move along its choices, Home and End to the first and last. A group whose choices sit in rows (a hand of
// cards, each with its plays) is a grid: Up and Down from row to row, Left and Right along a row (round it), Home and
// End to its ends, and a row's number (1-9, its `aria-keyshortcuts`) to its first choice, so that any choice is a few
// keys away. The focus is never taken from someone typing, from an open dialog or from the table's own menus (the
// chat, the turn alerts); when a decision is made or a moment closes, it waits at the table's home (`data-home`: what
// the table waits for), never on the page's body.

/** What a choice is: an enabled native control. */
const CONTROLS = 'button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled])';

/** The choices of a group, in the order they are read; one marked `data-decision-first` is where the keyboard lands
 * (a proposal's "Propose", after the radio groups that arrange it). */
function choices(group: Element): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>(CONTROLS)].filter((c) => !c.closest('[inert], [hidden]') && c.getClientRects().length > 0);
}

function firstChoice(group: Element): HTMLElement | undefined {
  const all = choices(group);
  return all.find((c) => c.hasAttribute('data-decision-first')) ?? all[0];
}

/** May the decision take the keyboard now? Not from someone typing, nor from a dialog or one of the chrome's menus. */
function mayTakeFocus(group: Element): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected || group.contains(active)) return true;
  if (active.closest('input, textarea, select, [contenteditable]:not([contenteditable=false])')) return false;
  if (document.querySelector('dialog[open]')) return false;
  return !active.closest('[data-chrome]');
}

/** Puts the keyboard on the first choice of the open decision, if there is one; says whether it did. */
export function focusDecision(): boolean {
  const group = document.querySelector('[data-decision-open=true]');
  const first = group ? firstChoice(group) : undefined;
  first?.focus({ preventScroll: true });
  return !!first;
}

/** Puts the keyboard at the table's home (`selector`, else what the table waits for), unless it is somewhere of its
 * own (not on the page's body, nor on something gone). */
function goHome(selector = '[data-home]'): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  document.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
}

/** When what the keyboard is in goes away, the keyboard goes home: once the update that removes it is over (a
 * microtask, so that no task of the page ever finds the keyboard on its body). */
function leaving(node: Element, home?: string): void {
  const active = document.activeElement;
  if (active === document.body || node.contains(active)) queueMicrotask(() => goHome(home));
}

/** Where an arrow key (or Home, End, a row's number) takes the keyboard from `target` in a group's choices. */
function moveFrom(group: Element, all: HTMLElement[], target: HTMLElement, key: string): HTMLElement | undefined {
  const at = all.indexOf(target);
  const rowOf = (c: Element) => c.closest('[data-decision-row]');
  const here = rowOf(target);
  const step = (list: HTMLElement[], i: number, by: number) => list[(i + by + list.length) % list.length];
  if (!here || !group.contains(here)) {
    if (key === 'Home') return all[0];
    if (key === 'End') return all.at(-1);
    if (key === 'ArrowRight' || key === 'ArrowDown') return step(all, at, 1);
    if (key === 'ArrowLeft' || key === 'ArrowUp') return step(all, at, -1);
    return undefined;
  }
  // A grid: along its row, round it; from row to row (those with a choice), landing on a row's first.
  const row = all.filter((c) => rowOf(c) === here);
  const i = row.indexOf(target);
  if (key === 'Home') return row[0];
  if (key === 'End') return row.at(-1);
  if (key === 'ArrowRight' || key === 'ArrowLeft') return step(row, i, key === 'ArrowRight' ? 1 : -1);
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    const rows = [...new Set(all.map(rowOf))];
    const next = step(rows as HTMLElement[], rows.indexOf(here), key === 'ArrowDown' ? 1 : -1);
    return all.find((c) => rowOf(c) === next);
  }
  // A row's number, counted among all the group's rows (a card with no play keeps its number).
  const n = /^[1-9]$/.test(key) ? Number(key) : 0;
  const numbered = n > 0 ? group.querySelectorAll('[data-decision-row]')[n - 1] : undefined;
  return numbered ? all.find((c) => rowOf(c) === numbered) : undefined;
}

/**
 * Svelte action on a game's decision group. `open`: anything that names the decision now open (a new value is a new
 * decision: the keyboard goes to its first choice), or null/undefined while none is.
 */
export function decisions(group: HTMLElement, open: unknown) {
  let current: unknown = null;
  let watcher: MutationObserver | null = null;

  const land = () => {
    watcher?.disconnect();
    watcher = null;
    if (!mayTakeFocus(group)) return;
    const first = firstChoice(group);
    if (first) return first.focus({ preventScroll: true });
    // Its choices are still on their way (a part that loads when first needed): the first that comes.
    watcher = new MutationObserver(() => {
      const first = firstChoice(group);
      if (!first) return;
      watcher?.disconnect();
      watcher = null;
      if (mayTakeFocus(group)) first.focus({ preventScroll: true });
    });
    watcher.observe(group, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  };

  const update = (value: unknown) => {
    const opened = value !== null && value !== undefined;
    group.dataset.decisionOpen = String(opened);
    // At the next frame, not in the update's own task: finding the first choice reads the controls' boxes, which in
    // the middle of an update forced a layout of the whole changed page inside it (a long task on a slow phone); at
    // the frame the page is laid out anyway.
    if (opened && value !== current) requestAnimationFrame(land);
    if (!opened) {
      watcher?.disconnect();
      watcher = null;
      if (current !== null) leaving(group);
    }
    current = opened ? value : null;
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    // A radio group and a text field move by themselves.
    if (target.matches('input[type=radio], input[type=text], textarea, select')) return;
    const all = choices(group);
    if (!all.includes(target)) return;
    const to = moveFrom(group, all, target, event.key);
    if (!to) return;
    event.preventDefault();
    to.focus({ preventScroll: false });
  };

  group.addEventListener('keydown', onKey);
  update(open);
  return {
    update,
    destroy() {
      watcher?.disconnect();
      group.removeEventListener('keydown', onKey);
      if (current !== null) leaving(group);
    },
  };
}

/** What a moment in the table's flow does (see `moment`). */
export interface MomentOptions {
  /** It takes the keyboard when it opens (where a decision could): its first control, else itself. A moment that
   * holds this seat's decision leaves that to the decision. */
  readonly take?: boolean;
  /** Where Escape takes the keyboard (a selector; default: the table's home). */
  readonly home?: string;
}

/**
 * Svelte action on a moment drawn in the table's flow, not modal (a deal being proposed, a duel, the results, a
 * rematch): a dialog that says what it is (its role and name are the markup's). Escape leaves it for the table's
 * home, keeping whatever it holds (a decision stays open: D brings the keyboard back); when it closes with the
 * keyboard in it, the keyboard goes home too. Null: a plain part of the page (the same panel in a replay).
 */
export function moment(node: HTMLElement, options: MomentOptions | null) {
  let current = options;
  if (options?.take && mayTakeFocus(node)) (node.querySelector<HTMLElement>(CONTROLS) ?? node).focus({ preventScroll: true });
  const onKey = (event: KeyboardEvent) => {
    if (!current || event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    document.querySelector<HTMLElement>(current.home ?? '[data-home]')?.focus({ preventScroll: true });
  };
  node.addEventListener('keydown', onKey);
  return {
    update(next: MomentOptions | null) {
      current = next;
    },
    destroy() {
      node.removeEventListener('keydown', onKey);
      if (current) leaving(node, current.home);
    },
  };
}
