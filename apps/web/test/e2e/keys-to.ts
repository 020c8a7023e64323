// The keys a player who cannot see presses to reach a choice of a decision, the fewest the page's keyboard allows
// (lib/ear/keyboard.ts): for the "by ear" tests (by-ear.ts), and for the bound on keys per decision that the games'
// unit tests prove over random deals. No browser here: a decision as the accessibility tree gives it.

/** The decision the keyboard is at: its group's name, its choices in order (each with its row) and the focused one. */
export interface Decision {
  readonly group: string;
  /** Each choice: its name, role, row (-1: none) and the key that takes the keyboard straight to it, if it has one
   * (`aria-keyshortcuts`: a numbered row's first choice). */
  readonly choices: readonly { readonly name: string; readonly role: string; readonly row: number; readonly shortcut?: string }[];
  readonly at: number;
}

/** The arrows along a list that wraps (`from` to `to` of `n`), or Home or End when that is shorter still. */
function along(from: number, to: number, n: number): string[] {
  const right = (to - from + n) % n;
  const left = (from - to + n) % n;
  const ways = [right <= left ? Array<string>(right).fill('ArrowRight') : Array<string>(left).fill('ArrowLeft')];
  if (to === 0) ways.push(['Home']);
  if (to === n - 1) ways.push(['End']);
  return ways.sort((a, b) => a.length - b.length)[0]!;
}

/**
 * The keys from the focused choice to another, the fewest the page's keyboard allows (lib/ear/keyboard.ts). A group
 * whose rows are numbered (a choice with `aria-keyshortcuts`) is a grid: a row's number to its first choice, Up and
 * Down from row to row (round them, landing on a row's first choice), Left and Right round a row, Home and End to its
 * ends. Other groups with rows: Up and Down from row to row, then along the group; without rows: Home, End and the
 * arrows along the group. Returns the keys, not pressed.
 */
export function keysTo(decision: Decision, target: number): string[] {
  const { choices, at } = decision;
  if (target === at) return [];
  const row = (r: number) => choices.flatMap((c, i) => (c.row === r ? [i] : []));
  if (choices.some((c) => c.shortcut)) {
    const cells = row(choices[target]!.row);
    const inRow = (from: number) => along(cells.indexOf(from), cells.indexOf(target), cells.length);
    const rows = [...new Set(choices.map((c) => c.row))];
    const [from, to] = [rows.indexOf(choices[at]!.row), rows.indexOf(choices[target]!.row)];
    const first = cells[0]!;
    const ways: string[][] = [];
    if (from === to) ways.push(inRow(at));
    else {
      const down = (to - from + rows.length) % rows.length;
      const up = (from - to + rows.length) % rows.length;
      ways.push([...(down <= up ? Array<string>(down).fill('ArrowDown') : Array<string>(up).fill('ArrowUp')), ...inRow(first)]);
    }
    if (choices[first]!.shortcut) ways.push([choices[first]!.shortcut!, ...inRow(first)]);
    return ways.sort((a, b) => a.length - b.length)[0]!;
  }
  const keys: string[] = [];
  let here = at;
  if (new Set(choices.map((c) => c.row)).size > 1 && choices[target]!.row !== choices[at]!.row) {
    const step = choices[target]!.row > choices[at]!.row ? 'ArrowDown' : 'ArrowUp';
    while (choices[here]!.row !== choices[target]!.row) {
      keys.push(step);
      here = row(choices[here]!.row + (step === 'ArrowDown' ? 1 : -1))[0]!;
    }
  }
  return [...keys, ...along(here, target, choices.length)];
}
