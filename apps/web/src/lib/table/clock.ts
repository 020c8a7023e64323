// Turn clocks as the table shows them, counted down locally between the server's figures.

/**
 * Whole seconds left on a clock, counted down locally from the server's figure (`remainingMs` when the message
 * arrived at `receivedAt`). The local tick may be older than the message: time never runs backwards, so a 30 s
 * clock never shows 31.
 */
export function clockSeconds(remainingMs: number, receivedAt: number, now: number): number {
  return Math.max(0, Math.ceil((remainingMs - Math.max(0, now - receivedAt)) / 1000));
}
