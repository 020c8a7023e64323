// Cheque sets and police limits per player count (R2.2).

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
export type PlayerCount = 2 | 3 | 4 | 5;

export const CHEQUE_SETS: Readonly<Record<PlayerCount, readonly (readonly number[])[]>> = {
  2: [
    [2, 5, 6, 9],
    [3, 4, 7, 8],
  ],
  3: [
    [2, 5, 8, 13],
    [3, 6, 9, 12],
    [4, 7, 10, 11],
  ],
  4: [
    [2, 6, 13],
    [3, 7, 12],
    [4, 8, 11],
    [5, 9, 10],
  ],
  5: [
    [2, 7, 16],
    [3, 8, 15],
    [4, 9, 14],
    [5, 10, 13],
    [6, 11, 12],
  ],
};

/** R2.2: the cheque that lies in the centre at the start. */
export const START_CENTRE = 1;

/** R2.2/R4.3: the police card that ends a round: the 5th with 2 players, the 7th with 3 to 5. */
export function policeLimit(players: number): number {
  return players === 2 ? 5 : 7;
}

export function isPlayerCount(n: unknown): n is PlayerCount {
  return n === 2 || n === 3 || n === 4 || n === 5;
}
