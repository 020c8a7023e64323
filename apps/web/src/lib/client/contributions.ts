// This browser's contributions to tables' fair draws, remembered in localStorage by table id, so that the replay
// viewer can show that a finished game's record holds the very bytes this browser sent (no accounts: only this
// browser knows them until the server shows them in the table's info).

const KEY = 'razzia.contributions';
const LIMIT = 40;

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function all(): [string, string][] {
  try {
    const list = JSON.parse(storage()?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((e): e is [string, string] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberContribution(table: string, value: string): void {
  storage()?.setItem(KEY, JSON.stringify([[table, value], ...all().filter(([t]) => t !== table)].slice(0, LIMIT)));
}

/** What this browser sent to `table`'s fair draws, if it remembers. */
export function myContribution(table: string): string | null {
  return all().find(([t]) => t === table)?.[1] ?? null;
}

/** 32 bytes from the browser's CSPRNG, as 64 hex digits. */
export function newContribution(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
}
