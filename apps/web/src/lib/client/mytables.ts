// "My tables": the tables this browser sat at or opened, remembered in localStorage as the table page last saw
// them (no accounts: the browser's token owns its seats; this list only finds them again).

const KEY = 'razzia.tables';
const LIMIT = 40;

export interface MyTable {
  readonly id: string;
  readonly game: string;
  readonly name: string;
  readonly status: 'waiting' | 'playing' | 'over';
  /** This browser's seat there, or null (a host who opened it without sitting). */
  readonly seat: number | null;
  readonly names: readonly string[];
  /** At the end: every seat's score, the winners and their places (absent in lists kept before places existed). */
  readonly result: { readonly scores: readonly number[]; readonly winners: readonly number[]; readonly places?: readonly number[] } | null;
  /** When this browser last saw it (ms). */
  readonly seenAt: number;
}

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function isMyTable(x: unknown): x is MyTable {
  const t = x as MyTable;
  return typeof t === 'object' && t !== null && typeof t.id === 'string' && typeof t.game === 'string' && typeof t.name === 'string' && Array.isArray(t.names);
}

/** Newest first. */
export function myTables(): MyTable[] {
  try {
    const list = JSON.parse(storage()?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter(isMyTable).sort((a, b) => b.seenAt - a.seenAt) : [];
  } catch {
    return [];
  }
}

/** Keeps (or updates) a table in the list; the oldest fall off past the limit. */
/** What the list keeps of a game's outcome. An older server's outcome may lack `places` (fields are only added
 * within a protocol version, so a reader treats a missing one as absent): kept without, ranked by score then. */
export function resultOf(outcome: { readonly scores: readonly number[]; readonly winners: readonly number[]; readonly places?: readonly number[] | undefined }): NonNullable<MyTable['result']> {
  return { scores: [...outcome.scores], winners: [...outcome.winners], ...(outcome.places ? { places: [...outcome.places] } : {}) };
}

export function rememberTable(table: MyTable): void {
  const list = [table, ...myTables().filter((t) => t.id !== table.id)].slice(0, LIMIT);
  storage()?.setItem(KEY, JSON.stringify(list));
}

/** Updates what the list says of a table (a newer status from the server), keeping when it was seen. */
export function updateTable(id: string, change: Partial<Pick<MyTable, 'status' | 'names'>>): void {
  const list = myTables().map((t) => (t.id === id ? { ...t, ...change } : t));
  storage()?.setItem(KEY, JSON.stringify(list));
}

export function forgetTable(id: string): void {
  storage()?.setItem(KEY, JSON.stringify(myTables().filter((t) => t.id !== id)));
}
