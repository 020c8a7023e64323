// A box whose words change (a turn bar: "Ann gave $20k to Ben", then "Your turn") keeps the tallest height it has
// had at this width, so what lies under it never moves up and down as a sentence takes two lines or three. For
// every game's turn bar: `<div use:keepTallest>`.

/** A Svelte action: the node's min-height follows the tallest it has been at the window's present width (each width
 * remembered: a phone turned and back, or a page looked at in another size and given its own back, finds its bar as
 * tall as it was, so nothing moves the next time a long sentence comes). */
export function keepTallest(node: HTMLElement): { destroy: () => void } {
  const tallest = new Map<number, number>();
  // Read in the observer's callback, where the page is laid out already: read as the node is mounted, `innerWidth`
  // lays out the page being drawn right then (a whole table at a game's start: 90-130 ms on a throttled phone).
  let width: number | null = null;
  const observer = new ResizeObserver(() => {
    if (width === null) width = innerWidth;
    else if (innerWidth !== width) {
      width = innerWidth;
      const known = tallest.get(width);
      node.style.minHeight = known ? `${known}px` : '';
      if (known) return;
    }
    const height = node.getBoundingClientRect().height;
    if (height > (tallest.get(width) ?? 0) + 0.5) {
      tallest.set(width, height);
      node.style.minHeight = `${height}px`;
    }
  });
  observer.observe(node);
  return { destroy: () => observer.disconnect() };
}
