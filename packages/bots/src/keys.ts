// Stable keys for actions: the same action always gives the same text, whatever order its fields were written in
// (a record read back from JSON, a legal list, a client's message), so a choice is found wherever it came from.

export function actionKey(action: unknown): string {
  return stable(action);
}

/**
 * A faster key for actions that all come from the same game code (a legal list and the search's own samples'
 * legal lists): their fields are always written in the same order, so plain JSON tells them apart. Never for
 * matching an action from elsewhere (a record, a message): use actionKey.
 */
export function ownKey(action: unknown): string {
  return JSON.stringify(action) ?? 'undefined';
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`;
}
