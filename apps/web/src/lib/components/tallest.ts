// A box whose words change (a turn bar: "Ann gave $20k to Ben", then "Your turn") keeps the tallest height it has
// had at this width, so what lies under it never moves up and down as a sentence takes two lines or three. For
// every game's turn bar: `<div use:keepTallest>`.

/** A Svelte action: the node's min-height follows the tallest it has been since the window last changed width. */
export function keepTallest(node: HTMLElement): { destroy: () => void } {
  let tallest = 0;
  let width = innerWidth;
  const observer = new ResizeObserver(() => {
    if (innerWidth !== width) {
      width = innerWidth;
      tallest = 0;
      node.style.minHeight = '';
      return;
    }
    const height = node.getBoundingClientRect().height;
    if (height > tallest + 0.5) {
      tallest = height;
      node.style.minHeight = `${height}px`;
    }
  });
  observer.observe(node);
  return { destroy: () => observer.disconnect() };
}
