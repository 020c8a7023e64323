// Razzia! in the web client: what the shared table chrome draws for this game, and its words.

import type { GameModule } from '../types.ts';
import Final from './Final.svelte';
import Play from './Play.svelte';
import Rules from './Rules.svelte';
import Still from './Still.svelte';
import { razziaEn } from './messages/en.ts';
import { razziaEs } from './messages/es.ts';
import { razziaNl } from './messages/nl.ts';
import { replayRecord } from './replay.ts';
import { describeEntry } from './viewmodel.ts';

export const razziaModule: GameModule = {
  id: 'razzia',
  messages: { en: razziaEn, nl: razziaNl, es: razziaEs },
  Play,
  Final,
  Still,
  Rules,
  describe: describeEntry,
  replay: replayRecord,
};
