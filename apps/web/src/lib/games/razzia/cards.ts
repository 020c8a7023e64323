// How each card kind looks: its colour group and its picture. Every face shows the picture and the kind's name
// in the reader's language (never a letter code), so kinds read at a glance, without colour, on any screen.

import type { CardKind, Colour } from '@razzia/game-razzia/cards';
import { KIND_INFO } from '@razzia/game-razzia/cards';

export const colourOf = (kind: CardKind): Colour => KIND_INFO[kind].colour;

/** SVG path data (24×24 box, drawn with the even-odd rule) for each kind's picture: simple shapes of our own,
 * each unlike the others — a ring, a watch, a cameo, a bead necklace, a cut diamond, a man in dark glasses, a car,
 * a chauffeur's cap, a mask, a coin, a die, a lorry, a film reel, a chequered flag, a house, a cocktail, a knife
 * and fork, a police shield. */
export const ICONS: Readonly<Record<CardKind, string>> = {
  'trinket:ring': 'M12 9a6 6 0 1 0 0 12a6 6 0 1 0 0-12zm0 2.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 0-7zM9 3h6l-3 5z',
  'trinket:watch': 'M9 2h6v4H9zM9 18h6v4H9zM12 6a6 6 0 1 0 0 12a6 6 0 1 0 0-12zm0 1.8a4.2 4.2 0 1 1 0 8.4a4.2 4.2 0 1 1 0-8.4zM11.2 8.5h1.6v3.2l2.4 1.5-.8 1.3-3.2-2z',
  'trinket:brooch': 'M12 2.5c4.4 0 7.5 4.2 7.5 9.5s-3.1 9.5-7.5 9.5S4.5 17.3 4.5 12 7.6 2.5 12 2.5zm0 2.2c-3 0-5.3 3.3-5.3 7.3s2.3 7.3 5.3 7.3 5.3-3.3 5.3-7.3-2.3-7.3-5.3-7.3zM12 7.2a2.3 2.3 0 1 1 0 4.6a2.3 2.3 0 1 1 0-4.6zM8.8 17c.6-2.4 1.8-3.7 3.2-3.7s2.6 1.3 3.2 3.7z',
  'trinket:chain': 'M3.20 3.50a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM3.77 6.94a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM5.40 9.86a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM7.83 11.81a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM10.70 12.50a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM13.57 11.81a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM16.00 9.86a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM17.63 6.94a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM18.20 3.50a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0zM12 14.2l2.8 3.7L12 21.8l-2.8-3.9z',
  'trinket:diamond': 'M6 4h12l4 6-10 12L2 10zm1.5 2L5 10h4l1-4zm5.5 0l1 4h4l-2.5-4zM11.2 10h1.6l-.8-3z',
  bodyguard: 'M12 2a4 4 0 1 1 0 8a4 4 0 1 1 0-8zM7 5.5h10v2H7zM4 22c0-5 3.6-9 8-9s8 4 8 9zM11 14h2l.6 3-1.6 2-1.6-2z',
  car: 'M3 13l2-5h14l2 5v5h-2.2a2.5 2.5 0 0 1-4.8 0H10a2.5 2.5 0 0 1-4.8 0H3zm4-3.5L6 12h12l-1-2.5z',
  driver: 'M5 9c0-3 3.1-5 7-5s7 2 7 5zM3 9.5h18v2H3zM12 13a4.5 4.5 0 1 0 0 9a4.5 4.5 0 1 0 0-9zm0 1.6a2.9 2.9 0 1 1 0 5.8a2.9 2.9 0 1 1 0-5.8zM11.3 16.8h1.4v1.4h-1.4z',
  thief: 'M2 9c3-2 7-2 10 0c3-2 7-2 10 0v3c-2 3-6 3-8 1l-2-1-2 1c-2 2-6 2-8-1zm4 1.5a1.5 1.5 0 1 0 3 0zm9 0a1.5 1.5 0 1 0 3 0z',
  gold: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zm0 2.2a6.8 6.8 0 1 1 0 13.6a6.8 6.8 0 1 1 0-13.6zM12 7.5l1.3 2.8 3 .3-2.3 2 .7 3-2.7-1.6-2.7 1.6.7-3-2.3-2 3-.3z',
  'business:casino': 'M4 4h16v16H4zm4 3a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zm8 0a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zm-4 3.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zM8 14a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zm8 0a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z',
  'business:transport': 'M2 6h12v10H2zm12 4h4l4 4v2h-8zM6 16a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5zm12 0a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z',
  'business:film': 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zm0 2a2 2 0 1 1 0 4a2 2 0 1 1 0-4zm-5 5a2 2 0 1 1 0 4a2 2 0 1 1 0-4zm10 0a2 2 0 1 1 0 4a2 2 0 1 1 0-4zm-5 5a2 2 0 1 1 0 4a2 2 0 1 1 0-4z',
  'business:racing': 'M4 2h2v20H4zM6.5 3h14v9h-14zM10.0 3.0h3.5v3.0h-3.5zM17.0 3.0h3.5v3.0h-3.5zM6.5 6.0h3.5v3.0h-3.5zM13.5 6.0h3.5v3.0h-3.5zM10.0 9.0h3.5v3.0h-3.5zM17.0 9.0h3.5v3.0h-3.5z',
  'business:realestate': 'M12 3l10 8h-3v10h-5v-6h-4v6H5V11H2z',
  'business:nightclub': 'M3 3h18l-8 9v7h4v2H7v-2h4v-7zM7.2 5.5l2.2 2.5h5.2l2.2-2.5z',
  'business:restaurant': 'M6 2h1.5v6H9V2h1.5v6H12V2h1v7a3 3 0 0 1-2.5 3v10h-2V12A3 3 0 0 1 6 9zm10 0c2 0 3 2.5 3 6v4h-2v10h-2V2z',
  police: 'M12 2l8 3v6c0 5-3.4 9.4-8 11c-4.6-1.6-8-6-8-11V5zm0 5l1.2 2.6 2.8.3-2.1 1.9.6 2.8L12 13.2 9.5 14.6l.6-2.8L8 9.9l2.8-.3z',
};
