// Loading a game's module when a table or a record of that game is opened, with its words added to the page's.

import type { I18n } from '../i18n/i18n.svelte.ts';
import { gameEntry } from './registry.ts';
import type { GameModule } from './types.ts';

export async function loadGame(id: string, i18n: I18n): Promise<GameModule | null> {
  const entry = gameEntry(id);
  if (!entry) return null;
  const module = await entry.load();
  await i18n.add(module.messages); // in the reader's language before the game is drawn
  return module;
}
