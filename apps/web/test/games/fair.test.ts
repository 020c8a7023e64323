// The replay viewer's verdict on fair draws, computed in the browser from a record alone: each game's replay gives
// every fair-draws fixture (fixtures/fair/<game>) the verdict `<game> verify` gives it — verified (Robbery's memory aid
// too), failing at the same place, incomplete, or nothing to verify (a record from before fair draws replays with no
// verdict).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameEntry } from '$lib/games/registry.ts';

const fixtures = new URL('../../../../fixtures/fair/', import.meta.url).pathname;

type Expected = { exit: 0; draws: number } | { exit: 1; at: 'deal' | 'commitment' | number } | { exit: 2; says: string } | { exit: 3; says: string };

describe.each(['razzia', 'razzia-dorra', 'robbery'])('%s: the replay viewer’s verdict on fair draws', (id) => {
  const dir = join(fixtures, id);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))) {
    const expected = JSON.parse(readFileSync(join(dir, file.replace(/\.json$/, '.expected.json')), 'utf8')) as Expected;
    it(`${file}: as the command line says (exit ${expected.exit})`, async () => {
      const module = await gameEntry(id)!.load();
      const loaded = await module.replay(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      if (!loaded.ok) throw new Error(loaded.reason);
      const fair = loaded.replay.fair;
      if (expected.exit === 0) expect(fair).toMatchObject({ ok: true, draws: expected.draws });
      else if (expected.exit === 1)
        expect(fair).toMatchObject(expected.at === 'commitment' ? { ok: false, kind: 'commitment' } : { ok: false, kind: 'unfair', at: expected.at });
      else if (expected.exit === 3) expect(fair).toMatchObject({ ok: false, kind: 'incomplete', message: expect.stringContaining(expected.says) });
      else if (file === 'no-header.json') expect(fair).toBeNull();
      else expect(fair).toMatchObject({ ok: false, kind: 'malformed', message: expect.stringContaining(expected.says) });
    });
  }
});
