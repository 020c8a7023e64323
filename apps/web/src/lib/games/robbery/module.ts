// Robbery in the web client: what the shared table chrome draws for this game, and its words.

import type { GameModule } from '../types.ts';
import Final from './Final.svelte';
import Play from './Play.svelte';
import Rules from './Rules.svelte';
import Still from './Still.svelte';
import { robberyEn } from './messages/en.ts';
import { robberyEs } from './messages/es.ts';
import { robberyNl } from './messages/nl.ts';
import { replayRecord } from './replay.ts';
import type { GameView } from '@razzia/game-robbery/client';
import { describeEntry, kept, standing } from './viewmodel.ts';

export const robberyModule: GameModule = {
  id: 'robbery',
  messages: { en: robberyEn, nl: robberyNl, es: robberyEs },
  Play,
  Final,
  Still,
  Rules,
  describe: describeEntry,
  standing: (view, seat, t) => standing(view as never, seat, t),
  shownLog: (log, view) => kept(log, (view as GameView).memoryAid),
  replay: replayRecord,
  choices: () => import('./choice.ts').then((m) => ({ describe: m.describeChoice, target: m.choiceTarget })),
};
