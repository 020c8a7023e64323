// How each card kind looks: its colour group, a short mark that tells kinds apart without colour, an icon.

import type { CardKind, Colour } from '@razzia/game-razzia/cards';

export interface KindLook {
  readonly colour: Colour;
  /** One or two letters printed on the card: kinds stay distinguishable without colour. */
  readonly mark: string;
}

export const LOOKS: Readonly<Record<CardKind, KindLook>> = {
  'trinket:ring': { colour: 'red', mark: 'R' },
  'trinket:watch': { colour: 'red', mark: 'W' },
  'trinket:brooch': { colour: 'red', mark: 'B' },
  'trinket:chain': { colour: 'red', mark: 'Ch' },
  'trinket:diamond': { colour: 'red', mark: 'D' },
  bodyguard: { colour: 'purple', mark: 'BG' },
  car: { colour: 'green', mark: 'Car' },
  driver: { colour: 'green', mark: 'Dr' },
  thief: { colour: 'blue', mark: 'T' },
  gold: { colour: 'yellow', mark: 'Au' },
  'business:casino': { colour: 'brown', mark: 'Ca' },
  'business:transport': { colour: 'brown', mark: 'Tr' },
  'business:film': { colour: 'brown', mark: 'Fi' },
  'business:racing': { colour: 'brown', mark: 'Ra' },
  'business:realestate': { colour: 'brown', mark: 'RE' },
  'business:nightclub': { colour: 'brown', mark: 'NC' },
  'business:restaurant': { colour: 'brown', mark: 'Re' },
  police: { colour: 'police', mark: 'P' },
};

/** SVG path data (24×24 box) for each kind's icon: simple shapes of our own. */
export const ICONS: Readonly<Record<CardKind, string>> = {
  'trinket:ring': 'M12 9a6 6 0 1 0 0 12a6 6 0 1 0 0-12zm0 2.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 0-7zM9 3h6l-3 5z',
  'trinket:watch': 'M9 2h6v4H9zM9 18h6v4H9zM12 6a6 6 0 1 0 0 12a6 6 0 1 0 0-12zm-.8 2h1.6v4.2l2.6 1.6-.8 1.3-3.4-2.1z',
  'trinket:brooch': 'M12 3l2.2 5.3 5.8.4-4.4 3.7 1.4 5.6L12 15l-5 3 1.4-5.6L4 8.7l5.8-.4z',
  'trinket:chain': 'M4 10a4 4 0 0 1 4-4h4v3H8a1.5 1.5 0 0 0 0 3h4v3H8a4 4 0 0 1-4-5zm8 4v-3h4a1.5 1.5 0 0 0 0-3h-4V5h4a4 4 0 0 1 0 8z',
  'trinket:diamond': 'M6 4h12l4 6-10 12L2 10zm1.5 2L5 10h4l1-4zm5.5 0l1 4h4l-2.5-4zM11.2 10h1.6l-.8-3z',
  bodyguard: 'M12 2a4 4 0 1 1 0 8a4 4 0 1 1 0-8zM7 5.5h10v2H7zM4 22c0-5 3.6-9 8-9s8 4 8 9z',
  car: 'M3 13l2-5h14l2 5v5h-2.2a2.5 2.5 0 0 1-4.8 0H10a2.5 2.5 0 0 1-4.8 0H3zm4-3.5L6 12h12l-1-2.5z',
  driver: 'M4 9c0-3 3.6-5 8-5s8 2 8 5v1H4zM7 11h10a5 5 0 0 1-10 0zM2 10h20v1.5H2z',
  thief: 'M2 9c3-2 7-2 10 0c3-2 7-2 10 0v3c-2 3-6 3-8 1l-2-1-2 1c-2 2-6 2-8-1zm4 1.5a1.5 1.5 0 1 0 3 0zm9 0a1.5 1.5 0 1 0 3 0z',
  gold: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zm0 3a6 6 0 1 1 0 12a6 6 0 1 1 0-12zm-1 2v1.2a2.3 2.3 0 0 0 .3 4.6h1.4a.7.7 0 0 1 0 1.4H10v1.6h1V18h2v-1.2a2.3 2.3 0 0 0-.3-4.6h-1.4a.7.7 0 0 1 0-1.4H14V9.2h-1V8z',
  'business:casino': 'M4 4h16v16H4zm4 3a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zm8 0a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zm-4 3.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zM8 14a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zm8 0a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z',
  'business:transport': 'M2 6h12v10H2zm12 4h4l4 4v2h-8zM6 16a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5zm12 0a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z',
  'business:film': 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zm0 2a2 2 0 1 1 0 4a2 2 0 1 1 0-4zm-5 5a2 2 0 1 1 0 4a2 2 0 1 1 0-4zm10 0a2 2 0 1 1 0 4a2 2 0 1 1 0-4zm-5 5a2 2 0 1 1 0 4a2 2 0 1 1 0-4z',
  'business:racing': 'M6 3h4v4a2 2 0 0 0 4 0V3h4v4a6 6 0 0 1-3 5.2V21h-6v-8.8A6 6 0 0 1 6 7z',
  'business:realestate': 'M12 3l10 8h-3v10h-5v-6h-4v6H5V11H2z',
  'business:nightclub': 'M14 3a8 8 0 1 0 7 11.5A7 7 0 0 1 14 3zM18 3l.8 1.7 1.7.8-1.7.8L18 8l-.8-1.7-1.7-.8 1.7-.8z',
  'business:restaurant': 'M6 2h1.5v6H9V2h1.5v6H12V2h1v7a3 3 0 0 1-2.5 3v10h-2V12A3 3 0 0 1 6 9zm10 0c2 0 3 2.5 3 6v4h-2v10h-2V2z',
  police: 'M12 2l8 3v6c0 5-3.4 9.4-8 11c-4.6-1.6-8-6-8-11V5zm0 5l1.2 2.6 2.8.3-2.1 1.9.6 2.8L12 13.2 9.5 14.6l.6-2.8L8 9.9l2.8-.3z',
};
