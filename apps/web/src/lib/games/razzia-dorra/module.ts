// Stefan Dorra's Razzia in the web client: what the shared table chrome draws for this game, and its words.

import type { GameModule } from '../types.ts';
import Final from './Final.svelte';
import Play from './Play.svelte';
import Rules from './Rules.svelte';
import Still from './Still.svelte';
import { dorraEn } from './messages/en.ts';
import { dorraEs } from './messages/es.ts';
import { dorraNl } from './messages/nl.ts';
import { replayRecord } from './replay.ts';
import { sum } from '@razzia/game-razzia-dorra/client';
import type { GameView } from '@razzia/game-razzia-dorra/types';
import { describeEntry, money } from './viewmodel.ts';

export const dorraModule: GameModule = {
  id: 'razzia-dorra',
  messages: { en: dorraEn, nl: dorraNl, es: dorraEs },
  Play,
  Final,
  Still,
  Rules,
  describe: describeEntry,
  // One money format everywhere: the ranking says "$390k" as the money list does.
  standing: (view, seat, t) => ({ score: money(sum((view as GameView).money[seat] ?? []), t), note: null }),
  replay: replayRecord,
  choices: () => import('./choice.ts').then((m) => ({ describe: m.describeChoice, target: m.choiceTarget })),
};
