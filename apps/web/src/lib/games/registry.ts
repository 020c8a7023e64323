// The games the web client knows: their names and seat ranges (shown before anything is loaded), and where their
// modules are. Adding a game: a folder under lib/games with its module, and one entry here.

import { retrying } from '../retry-import.ts';
import type { GameModule } from './types.ts';
import type { RazziaKey } from './razzia/messages/en.ts';
import type { DorraKey } from './razzia-dorra/messages/en.ts';
import type { RobberyKey } from './robbery/messages/en.ts';

export interface GameEntry {
  readonly id: string;
  readonly name: string;
  readonly designer: string;
  readonly seats: { readonly min: number; readonly max: number };
  /** The `format` of its records, to recognise a record file. */
  readonly recordFormat: string;
  /** The game's own table options a host may switch on when opening a table (each off by default; its words are
   * the chrome's, `home.create.option.<id>` and `….<id>About`, since no game loads on the home page). */
  readonly options?: readonly string[];
  /** What a final score counts, where the game's words are not loaded ("My tables"): `money` is written as money
  ("$390k", the chrome's `mine.money`); points otherwise. */
  readonly score?: 'money';
  readonly load: () => Promise<GameModule>;
}

export const GAMES: readonly GameEntry[] = [
  {
    id: 'razzia',
    name: 'Razzia!',
    designer: 'Reiner Knizia',
    seats: { min: 2, max: 5 },
    recordFormat: 'razzia-record/1',
    load: () => retrying(() => import('./razzia/module.ts')).then((m) => m.razziaModule),
  },
  {
    id: 'razzia-dorra',
    name: 'Razzia',
    designer: 'Stefan Dorra',
    seats: { min: 3, max: 8 },
    recordFormat: 'razzia-dorra-record/1',
    score: 'money',
    load: () => retrying(() => import('./razzia-dorra/module.ts')).then((m) => m.dorraModule),
  },
  {
    id: 'robbery',
    name: 'Robbery',
    designer: 'Reiner Knizia',
    seats: { min: 2, max: 5 },
    recordFormat: 'robbery-record/1',
    // B8.3 (ours): keep a banked raid's moves in the log.
    options: ['memoryAid'],
    load: () => retrying(() => import('./robbery/module.ts')).then((m) => m.robberyModule),
  },
];

/** Every game's own message keys (types only: nothing of a game loads before it is needed). */
export type GameMessageKey = RazziaKey | DorraKey | RobberyKey;

export function gameEntry(id: string): GameEntry | undefined {
  return GAMES.find((g) => g.id === id);
}

/** The game a record file belongs to, from its `format` (or its `game` header). */
export function gameOfRecord(json: unknown): GameEntry | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { format, game } = json as { format?: unknown; game?: unknown };
  return GAMES.find((g) => g.recordFormat === format) ?? GAMES.find((g) => g.id === game);
}
