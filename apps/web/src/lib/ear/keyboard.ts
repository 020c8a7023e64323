// A game's decision group, for every game (loaded through decisions.ts, which every game's Play uses): when this seat's
// decision opens the keyboard lands on its first choice
// (without scrolling the page), arrow keys move along its choices (Up and Down by row where the group has rows),
// Home and End to the first and last. The focus is never taken from someone typing, from an open dialog or from the
// table's own menus (the chat, the turn alerts).

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
    }
    current = opened ? value : null;
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    // A radio group and a text field move by themselves.
    if (target.matches('input[type=radio], input[type=text], textarea, select')) return;
    const all = choices(group);
    const at = all.indexOf(target);
    if (at < 0) return;
    const row = (c: HTMLElement) => c.closest('[data-decision-row]');
    let to: HTMLElement | undefined;
    if (event.key === 'Home') to = all[0];
    else if (event.key === 'End') to = all.at(-1);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') to = all[(at + (event.key === 'ArrowRight' ? 1 : all.length - 1)) % all.length];
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const here = row(target);
      if (!here) to = all[(at + (event.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length];
      else {
        // The first choice of the next (or previous) row that has one.
        const rows = [...new Set(all.map(row))];
        const r = rows.indexOf(here);
        const next = rows[(r + (event.key === 'ArrowDown' ? 1 : rows.length - 1)) % rows.length];
        to = all.find((c) => row(c) === next);
      }
    }
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
    },
  };
}
