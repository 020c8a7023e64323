// The keys that read a table aloud, for every game: a letter alone (where the screen reader passes it on: focus
// mode, VoiceOver with quick nav off, or no screen reader), or the same letter with Alt+Shift (Option+Shift on a
// Mac), which screen readers pass on in browse mode too. None is a browser's or a screen reader's own with Alt+Shift
// (Chrome keeps Alt+Shift+A, I and T; none of these), and none is a game's own decision key (Razzia!'s 1, 2, C, P,
// B; Dorra's numbers, A and R).

export type EarKey = 'whose' | 'mine' | 'table' | 'players' | 'clock' | 'last' | 'decide' | 'help';

/** The keys in the order the help lists them, each with its letter. */
export const EAR_KEYS: readonly { readonly key: EarKey; readonly letter: string }[] = [
  { key: 'whose', letter: 'W' },
  { key: 'decide', letter: 'D' },
  { key: 'mine', letter: 'M' },
  { key: 'table', letter: 'O' },
  { key: 'players', letter: 'S' },
  { key: 'clock', letter: 'K' },
  { key: 'last', letter: 'L' },
  { key: 'help', letter: '?' },
];

const BY_LETTER = new Map(EAR_KEYS.map((k) => [k.letter.toLowerCase(), k.key]));
const BY_CODE = new Map<string, EarKey>([...EAR_KEYS.filter((k) => k.letter !== '?').map((k) => [`Key${k.letter}`, k.key] as const), ['Slash', 'help']]);

/** The key an event presses, if it is one of ours. */
export function keyOf(event: Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'isComposing' | 'repeat'>): EarKey | null {
  if (event.ctrlKey || event.metaKey || event.isComposing || event.repeat) return null;
  // With Alt+Shift the key's position (a Mac's Option makes other characters).
  if (event.altKey) return event.shiftKey ? (BY_CODE.get(event.code) ?? null) : null;
  if (event.key === '?') return 'help';
  if (event.shiftKey) return null;
  return BY_LETTER.get(event.key.toLowerCase()) ?? null;
}
