// B1.3: the loot tiles of the four raids, with their alibi dots. This table is the only place they are written:
// if the official list turns up, correct it here (tiles of one raid with the same value must stay identical).

/** The raids, played in this order (B1.3). */
export type Raid = 1 | 2 | 3 | 4;

/** A tile's value as printed: 0-5, or the Boss tile (which scores 5, B9.4). */
export type TileValue = 0 | 1 | 2 | 3 | 4 | 5 | 'boss';

/** A loot tile: which raid's, and its value. Tiles of one raid with the same value are identical (B1.3). */
export interface Tile {
  readonly raid: Raid;
  readonly value: TileValue;
}

export const RAIDS: readonly Raid[] = [1, 2, 3, 4];
export const LAST_RAID: Raid = 4;

export const RAID_NAMES: Readonly<Record<Raid, string>> = {
  1: 'sketches',
  2: 'sculptures',
  3: 'antiquities',
  4: 'paintings',
};

/** B1.3 (I): each raid's nine tiles and the alibi dots printed on each. */
export const TILES: Readonly<Record<Raid, readonly { readonly value: TileValue; readonly alibis: number }[]>> = {
  1: [
    { value: 0, alibis: 2 },
    { value: 1, alibis: 0 },
    { value: 2, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 4, alibis: 0 },
    { value: 5, alibis: 0 },
    { value: 'boss', alibis: 0 },
  ],
  2: [
    { value: 0, alibis: 2 },
    { value: 1, alibis: 1 },
    { value: 2, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 4, alibis: 0 },
    { value: 5, alibis: 0 },
    { value: 'boss', alibis: 0 },
  ],
  3: [
    { value: 0, alibis: 2 },
    { value: 1, alibis: 1 },
    { value: 2, alibis: 1 },
    { value: 3, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 4, alibis: 0 },
    { value: 5, alibis: 0 },
    { value: 'boss', alibis: 0 },
  ],
  4: [
    { value: 0, alibis: 2 },
    { value: 1, alibis: 1 },
    { value: 2, alibis: 1 },
    { value: 3, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 3, alibis: 0 },
    { value: 4, alibis: 1 },
    { value: 5, alibis: 1 },
    { value: 'boss', alibis: 0 },
  ],
};

/** Tile values in the order tiles are sorted and shown: 0-5, then the Boss. */
export const TILE_VALUES: readonly TileValue[] = [0, 1, 2, 3, 4, 5, 'boss'];

export function isTileValue(value: unknown): value is TileValue {
  return TILE_VALUES.includes(value as TileValue);
}

/** B1.3: the alibi dots on a tile. */
export function alibisOf(tile: Tile): number {
  return TILES[tile.raid].find((t) => t.value === tile.value)?.alibis ?? 0;
}

/** B9.4: what a tile scores; the Boss tile 5. */
export function pointsOf(value: TileValue): number {
  return value === 'boss' ? 5 : value;
}

/** B1.3: a raid's tile values, sorted, as they go to the middle (B8.4). */
export function raidValues(raid: Raid): TileValue[] {
  return sortValues(TILES[raid].map((t) => t.value));
}

export function compareValues(a: TileValue, b: TileValue): number {
  return TILE_VALUES.indexOf(a) - TILE_VALUES.indexOf(b);
}

export function sortValues(values: readonly TileValue[]): TileValue[] {
  return [...values].sort(compareValues);
}

export function compareTiles(a: Tile, b: Tile): number {
  return a.raid - b.raid || compareValues(a.value, b.value);
}

export function sortTiles(tiles: readonly Tile[]): Tile[] {
  return [...tiles].sort(compareTiles);
}

export function sameTile(a: Tile, b: Tile): boolean {
  return a.raid === b.raid && a.value === b.value;
}

/** B9.1: the alibi dots on a set of tiles. */
export function alibiCount(tiles: readonly Tile[]): number {
  return tiles.reduce((sum, t) => sum + alibisOf(t), 0);
}

/** B9.4: what a set of tiles scores. */
export function lootPoints(tiles: readonly Tile[]): number {
  return tiles.reduce((sum, t) => sum + pointsOf(t.value), 0);
}

/** Every tile of the game: 4 raids of 9 (B1.3). */
export function allTiles(): Tile[] {
  return RAIDS.flatMap((raid) => raidValues(raid).map((value) => ({ raid, value })));
}
