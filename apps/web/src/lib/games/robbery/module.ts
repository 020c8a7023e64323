// Robbery in the web client: what the shared table chrome draws for this game, and its words.

import { retrying } from '../../retry-import.ts';
import type { GameModule } from '../types.ts';
import Play from './Play.svelte';
import Still from './Still.svelte';
import { robberyEn } from './messages/en.ts';
import { replayRecord } from './replay.ts';
import type { GameView } from '@razzia/game-robbery/client';
import { describeEntry, kept, standing } from './viewmodel.ts';

export const robberyModule: GameModule = {
  id: 'robbery',
  // English at once (standing in for the others until they load); Dutch or Spanish when a reader uses them: the
  // table page carries one language, not three.
  messages: {
    en: robberyEn,
    nl: robberyEn,
    es: robberyEn,
    load: (locale) => (locale === 'nl' ? retrying(() => import('./messages/nl.ts')).then((m) => m.robberyNl) : retrying(() => import('./messages/es.ts')).then((m) => m.robberyEs)),
  },
  Play,
  Final: () => import('./Final.svelte'),
  Still,
  Rules: () => import('./Rules.svelte'),
  describe: describeEntry,
  standing: (view, seat, t) => standing(view as never, seat, t),
  shownLog: (log, view) => kept(log, (view as GameView).memoryAid),
  replay: replayRecord,
  choices: () => retrying(() => import('./choice.ts')).then((m) => ({ describe: m.describeChoice, target: m.choiceTarget })),
};
