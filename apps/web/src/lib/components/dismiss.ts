// A menu or drawer that opens from a button closes as people expect, for every one of the chrome's: on Escape (the
// focus goes back to its button) and on a press anywhere outside it.

/**
 * While a menu is open: closes it on Escape or on a press outside `root` (the element holding the button and the
 * menu). Returns the listeners' removal, for an `$effect`.
 */
export function closeOnOutside(root: HTMLElement, close: () => void, button?: HTMLElement): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    close();
    button?.focus();
  };
  const onPointer = (event: PointerEvent) => {
    if (event.target instanceof Node && root.contains(event.target)) return;
    close();
  };
  document.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', onPointer);
  return () => {
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('pointerdown', onPointer);
  };
}
