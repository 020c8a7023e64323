// Stefan Dorra's Razzia in the web client: what the shared table chrome draws for this game, and its words.

import { retrying } from '../../retry-import.ts';
import type { GameModule } from '../types.ts';
import Play from './Play.svelte';
import Still from './Still.svelte';
import { dorraEn } from './messages/en.ts';
import { replayRecord } from './replay.ts';
import { sum } from '@razzia/game-razzia-dorra/components';
import type { GameView } from '@razzia/game-razzia-dorra/types';
import { describeEntry, money } from './viewmodel.ts';

export const dorraModule: GameModule = {
  id: 'razzia-dorra',
  // English at once (standing in for the others until they load); Dutch or Spanish when a reader uses them: the
  // table page carries one language, not three.
  messages: {
    en: dorraEn,
    nl: dorraEn,
    es: dorraEn,
    load: (locale) => (locale === 'nl' ? retrying(() => import('./messages/nl.ts')).then((m) => m.dorraNl) : retrying(() => import('./messages/es.ts')).then((m) => m.dorraEs)),
  },
  Play,
  Final: () => import('./Final.svelte'),
  Still,
  Rules: () => import('./Rules.svelte'),
  describe: describeEntry,
  // One money format everywhere: the ranking says "$390k" as the money list does.
  standing: (view, seat, t) => ({ score: money(sum((view as GameView).money[seat] ?? []), t), note: null }),
  replay: replayRecord,
  choices: () => retrying(() => import('./choice.ts')).then((m) => ({ describe: m.describeChoice, target: m.choiceTarget })),
};
