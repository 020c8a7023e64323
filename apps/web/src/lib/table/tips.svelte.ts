// A first game explained, for any game: short tips that a game shows at the moments they matter (the first turn,
// the first auction…), each until the player says "got it", all of them until the player turns tips off or has
// finished a game of it. Remembered per game by this browser.

const KEY = 'razzia.tips';

interface Saved {
  /** Per game: the tips dismissed, or 'off'. */
  readonly [game: string]: readonly string[] | 'off';
}

function load(): Saved {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return typeof saved === 'object' && saved !== null ? (saved as Saved) : {};
  } catch {
    return {};
  }
}

export class Tips {
  private seen = $state.raw<readonly string[] | 'off'>([]);

  constructor(readonly game: string) {
    if (typeof localStorage !== 'undefined') this.seen = load()[game] ?? [];
  }

  /** Tips are on for this game (the player has not turned them off nor finished a game of it). */
  get on(): boolean {
    return this.seen !== 'off';
  }

  /** Should this tip show now? */
  shows(id: string): boolean {
    return this.seen !== 'off' && !this.seen.includes(id);
  }

  /** "Got it": this tip no more. */
  dismiss(id: string): void {
    if (this.seen === 'off') return;
    this.save((this.seen = [...this.seen, id]));
  }

  /** No more tips for this game (also once a game of it is over: the player knows it now). */
  off(): void {
    this.save((this.seen = 'off'));
  }

  /** Tips again, from the start. */
  reset(): void {
    this.save((this.seen = []));
  }

  private save(value: readonly string[] | 'off'): void {
    if (typeof localStorage === 'undefined') return;
    localStorage.setItem(KEY, JSON.stringify({ ...load(), [this.game]: value }));
  }
}

/** A tip in two parts: its lead, up to the first full stop (or ! or ?) after at least `atLeast` characters, and the
 * rest (empty when the lead is all of it). A phone shows the lead, and the rest on request. */
export function tipParts(text: string, atLeast = 20): { lead: string; rest: string } {
  const end = /[.!?](\s)/g;
  for (let m = end.exec(text); m; m = end.exec(text)) {
    if (m.index + 1 < atLeast) continue;
    return { lead: text.slice(0, m.index + 1), rest: text.slice(m.index + 1).trim() };
  }
  return { lead: text, rest: '' };
}
