// The JSON Schema of each game holds every form a viewer can receive: the views of every viewer (at each new phase
// and every fourth move) and every form of every event the game tells (the whole event to its audience, the
// redacted one to everyone else, the faded one a latecomer gets), over random games in-process — with the fewest players (Robbery's two-player
// discard, Dorra's 15th round with two chits) and the most (every seat a viewer). Whole games over the real server
// are checked in protocol-doc.test.ts.

import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { Rng, resolveChance, seedRng, step } from '@razzia/contract';
import { gameJsonSchema } from '@razzia/protocol/json-schema';
import { GAMES } from '../src/games.ts';

describe("each game's JSON Schema", () => {
  const ajv = new Ajv2020({ strict: true });

  it('holds the view of every viewer and every form of every event (told and redacted), over a random game with the fewest and with the most players', () => {
    for (const game of GAMES) {
      const doc = gameJsonSchema(game);
      const view = ajv.compile(doc.$defs.view as object);
      const event = ajv.compile(doc.$defs.event as object);
      const action = ajv.compile(doc.$defs.action as object);
      const problems: string[] = [];
      const check = (validate: typeof view, what: string, value: unknown) => {
        if (!validate(value)) problems.push(`${game.id} ${what}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value).slice(0, 200)}`);
      };
      for (const players of [game.seats.min, game.seats.max]) {
        const random = new Rng(seedRng(`${game.id}/${players}`));
        const names = Array.from({ length: players }, (_, i) => `P${i}`);
        const started = game.start(game.deal({ names, options: game.defaultOptions }, random));
        if (!started.ok) throw new Error(started.error);
        let state = started.state;
        const viewers = [null, ...names.keys()];
        let phase: unknown;
        for (let moves = 0; moves < 2000; moves++) {
          // Every viewer's view at each new phase, and every fourth move besides (the cost is in validating).
          const now = (game.view(state, null) as { phase?: { kind?: string } }).phase?.kind;
          if (now !== phase || moves % 4 === 0) for (const viewer of viewers) check(view, `view for ${viewer}`, game.view(state, viewer));
          phase = now;
          const pending = game.pending(state);
          if (pending.kind === 'over') break;
          let next;
          if (pending.kind === 'chance') next = step(game, state, { chance: resolveChance(pending.chance, random) });
          else {
            const seat = pending.seats[random.int(pending.seats.length)] as number;
            const legal = game.legal(state, seat);
            for (const a of legal) check(action, 'a legal decision', a);
            next = step(game, state, { seat, action: legal[random.int(legal.length)] });
          }
          if (!next.ok) throw new Error(next.error.message);
          state = next.state;
          for (const e of next.events) {
            const told = game.tell(e, state);
            check(event, 'an event', told.event);
            if (told.to !== 'all') check(event, 'a redacted event', told.others);
            if (told.faded !== undefined) check(event, 'a faded event', told.faded);
          }
        }
        expect(game.pending(state).kind, `${game.id} with ${players} players ends`).toBe('over');
      }
      expect(problems.slice(0, 5)).toEqual([]);
    }
  });
});
