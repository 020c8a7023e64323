// Turn clocks as the table shows them, counted down locally between the server's figures.

/**
 * Whole seconds left on a clock, counted down locally from the server's figure (`remainingMs` when the message
 * arrived at `receivedAt`). The local tick may be older than the message: time never runs backwards, so a 30 s
 * clock never shows 31.
 */
export function clockSeconds(remainingMs: number, receivedAt: number, now: number): number {
  return Math.max(0, Math.ceil((remainingMs - Math.max(0, now - receivedAt)) / 1000));
}

type Words = (key: 'time.s' | 'time.min' | 'time.h' | 'time.d' | 'time.hours', params: { n: number }) => string;

/** A time left in the unit that suits it: "45 s", "12 min", "23 h", "3 days" (rounded up: never less than there is). */
export function durationWords(seconds: number, t: Words): string {
  if (seconds < 60) return t('time.s', { n: Math.max(0, Math.ceil(seconds)) });
  if (seconds < 3600) return t('time.min', { n: Math.ceil(seconds / 60) });
  if (seconds < 48 * 3600) return t('time.h', { n: Math.ceil(seconds / 3600) });
  return t('time.d', { n: Math.ceil(seconds / 86_400) });
}

/** A correspondence table's time per decision: "2 days", "12 hours". */
export function paceWords(clock: number, t: Words): string {
  return clock % 86_400 === 0 ? t('time.d', { n: clock / 86_400 }) : t('time.hours', { n: Math.round(clock / 3600) });
}
