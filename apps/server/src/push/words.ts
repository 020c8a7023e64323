// What a push notification says: the table's name, what is awaited, the time left. English, short; the payload
// carries the same as data (table, game, deadline, awaited decision types) for a client that words it itself.

/** "bid or pass", from a seat's legal decisions (their types, each once). */
export function awaitedWords(types: readonly string[]): string {
  const unique = [...new Set(types)].map((t) => t.replace(/-/g, ' '));
  if (unique.length <= 1) return unique[0] ?? 'your decision';
  return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

/** "23 h left", "2 days left", "45 min left". */
export function timeLeftWords(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${Math.max(1, minutes)} min left`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h left`;
  return `${Math.round(hours / 24)} days left`;
}
