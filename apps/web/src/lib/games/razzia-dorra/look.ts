// How the six bars look: a colour each (the border of their cards and their place on the table) and a short mark.
// Colour is never the only sign: every card and bar also carries the bar's name.

import { BAR_NAMES } from '@razzia/game-razzia-dorra/components';
import type { Bar } from '@razzia/game-razzia-dorra/types';

/** D1.1: left to right, the bars' colours (as on the cards' borders). */
export const BAR_COLOURS = ['#2bb3a3', '#d9443f', '#e8e2cf', '#4c9a3a', '#3f6fd1', '#a35bd1'] as const;

/** A card's mark on its button ("raid:2:3"): kind, bar and dice tell every card of a hand apart. */
export const cardKey = (card: { readonly kind: string; readonly bar: number; readonly dice: number }): string => `${card.kind}:${card.bar}:${card.dice}`;

/** A bar's name, as the game prints it (the same in every language). */
export const barName = (bar: Bar): string => BAR_NAMES[bar] ?? `#${bar + 1}`;

/** D1.1: each bar's short mark, for a card too small for its name (the same in every language, as the names). */
export const BAR_MARKS = ['Co', 'Ha', 'CC', 'Ju', 'Li', 'JH'] as const;
export const barMark = (bar: Bar): string => BAR_MARKS[bar] ?? `${bar + 1}`;

/** A style attribute that sets `--bar` for a bar's tile or a card of that bar. */
export const barStyle = (bar: Bar): string => `--bar: ${BAR_COLOURS[bar] ?? '#888'}`;
