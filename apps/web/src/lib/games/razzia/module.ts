// Razzia! in the web client: what the shared table chrome draws for this game, and its words.

import { retrying } from '../../retry-import.ts';
import type { GameModule } from '../types.ts';
import Play from './Play.svelte';
import Still from './Still.svelte';
import { razziaEn } from './messages/en.ts';
import { replayRecord } from './replay.ts';
import { describeEntry } from './viewmodel.ts';

export const razziaModule: GameModule = {
  id: 'razzia',
  // English at once (standing in for the others until they load); Dutch or Spanish when a reader uses them: the
  // table page carries one language, not three.
  messages: {
    en: razziaEn,
    nl: razziaEn,
    es: razziaEn,
    load: (locale) => (locale === 'nl' ? retrying(() => import('./messages/nl.ts')).then((m) => m.razziaNl) : retrying(() => import('./messages/es.ts')).then((m) => m.razziaEs)),
  },
  Play,
  Final: () => import('./Final.svelte'),
  Still,
  Rules: () => import('./Rules.svelte'),
  describe: describeEntry,
  replay: replayRecord,
  choices: () => retrying(() => import('./choice.ts')).then((m) => ({ describe: m.describeChoice, target: m.choiceTarget })),
};
