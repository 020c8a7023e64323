// Player colours by seat, for every game: one colour per seat, used wherever that player appears (panels, the
// log, auctions, results). The colours themselves are CSS custom properties (app.css: --seat-0 … --seat-7), so
// the light and dark schemes each get theirs.

export const SEAT_COLOURS = 8;

/** The CSS colour of a seat. */
export const seatColour = (seat: number): string => `var(--seat-${((seat % SEAT_COLOURS) + SEAT_COLOURS) % SEAT_COLOURS})`;

/** A style attribute that sets `--seat` for an element and its children (`.seat-swatch`, borders…). */
export const seatStyle = (seat: number): string => `--seat: ${seatColour(seat)}`;

/** Are all the other seats bots? Then nobody else waits for this viewer, and moments can close by themselves. */
export function othersAreBots(seats: readonly { readonly seat: number; readonly occupant: { readonly bot: string | null } | null }[], you: number | null): boolean {
  return seats.every((s) => s.seat === you || s.occupant?.bot != null);
}
