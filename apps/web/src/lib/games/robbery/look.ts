// How Robbery's pieces are drawn: our own simple icons (24×24 paths) and each raid's colours. Kinds read without
// colour too: numbers are printed, the Boss, the Guard Dog and the Greedy Thief have their own icon and name.

import type { Raid } from '@razzia/game-robbery/client';

export const ICONS = {
  /** A fedora: the Boss. */
  boss: 'M2.5 16.2c2.6 1.7 5.9 2.6 9.5 2.6s6.9-.9 9.5-2.6c-.9-.7-2.2-1.1-3.6-1.2L16.8 8.4c-.3-1.7-1.8-2.6-3.3-2L12 7.2l-1.5-.6c-1.5-.6-3 .3-3.3 2L6.1 15c-1.4.1-2.7.5-3.6 1.2zM7.3 12.6c1.5.5 3 .7 4.7.7s3.2-.2 4.7-.7l.3 1.6c-1.6.5-3.2.7-5 .7s-3.4-.2-5-.7z',
  /** A paw: the Guard Dog. */
  dog: 'M6 7.2a2.2 2.6 0 1 1 0 5.2 2.2 2.6 0 0 1 0-5.2zm4-4a2.2 2.6 0 1 1 0 5.2 2.2 2.6 0 0 1 0-5.2zm4 0a2.2 2.6 0 1 1 0 5.2 2.2 2.6 0 0 1 0-5.2zm4 4a2.2 2.6 0 1 1 0 5.2 2.2 2.6 0 0 1 0-5.2zM12 11c-3.4 0-6.6 4.3-6.6 6.9 0 1.9 1.6 2.6 3.1 2.6 1.4 0 2.2-.7 3.5-.7s2.1.7 3.5.7c1.5 0 3.1-.7 3.1-2.6 0-2.6-3.2-6.9-6.6-6.9z',
  /** A loot bag: the Greedy Thief. */
  greedy: 'M9 2.5h6l-1.6 3.2h-2.8zM10.2 6.8h3.6c3.6 2.4 6.4 6.6 6.4 9.8 0 3.2-2.8 4.9-8.2 4.9s-8.2-1.7-8.2-4.9c0-3.2 2.8-7.4 6.4-9.8zm1 4v1.1c-1.2.2-2 1-2 2 0 2.3 3.6 1.8 3.6 2.9 0 .4-.4.7-1 .7-.7 0-1.2-.3-1.5-.8l-1.1.8c.4.6 1.1 1 2 1.2v1.1h1.6v-1.1c1.2-.3 2-1.1 2-2.1 0-2.4-3.6-1.9-3.6-2.9 0-.4.4-.6.9-.6s1 .2 1.3.6l1.1-.9c-.4-.5-1-.9-1.7-1v-1z',
} as const;

/** Each raid's tiles have their own colour (B8.3: and their own back, so banked stacks show their raid). */
export const RAID_LOOK: Readonly<Record<Raid, { face: string; ink: string; back: string }>> = {
  1: { face: '#f1e4c6', ink: '#5d3f22', back: '#8a6a45' },
  2: { face: '#dde3ea', ink: '#2f3d50', back: '#5b6c84' },
  3: { face: '#f3d2ad', ink: '#7a3f16', back: '#a5612f' },
  4: { face: '#ecd3ea', ink: '#5e2461', back: '#8a4a8d' },
};
