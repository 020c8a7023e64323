// The game boardgame.io's own benchmark plays (benchmark/index.js in its repository: one move `A` that changes
// nothing), given four players who take turns, one move each: the smallest game its server can host, so what
// bench:server measures of it is the framework, not the rules.

export interface BenchState {
  readonly moves: number;
}

export const benchGame = {
  name: 'bench',
  minPlayers: 4,
  maxPlayers: 4,
  setup: (): BenchState => ({ moves: 0 }),
  moves: {
    A: ({ G }: { G: BenchState }): BenchState => ({ moves: G.moves + 1 }),
  },
  turn: { minMoves: 1, maxMoves: 1 },
};
