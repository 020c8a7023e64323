// Translation: English, Dutch and Spanish (the rulebooks' languages), chosen from the browser and switchable.
// The chrome's words are here; each game brings its own (lib/games/<game>/messages), added when it loads.

import { retrying } from '../retry-import.ts';
import { BOT_NAMES, BOT_NAME_PATTERN } from '@razzia/protocol/constants';
import type { AnalysisKey } from '../analysis/messages.ts';
import type { GameMessageKey } from '../games/registry.ts';
import type { DeviceKey } from '../table/device-words.ts';
import type { EarWordKey } from '../ear/words.ts';
import type { EarSaidKey } from '../ear/said.ts';
import type { LevelKey } from '../table/level-words.ts';
import { en, type MessageKey as ChromeKey } from './en.ts';

/** Every key: the chrome's, every game's, and the words that load with the analysis, the level picker, "Continue on
 * another device" and the keys' help for playing by ear. */
export type MessageKey = ChromeKey | GameMessageKey | AnalysisKey | LevelKey | DeviceKey | EarWordKey | EarSaidKey;
export const LOCALES = ['en', 'nl', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', nl: 'Nederlands', es: 'Español' };

/**
 * The chrome's words by language: English always at hand (it is every other language's fallback); Dutch and Spanish
 * once `loadChrome` has brought them, so a page carries only the language it shows (the table page's budget).
 */
const chrome: Partial<Record<Locale, Readonly<Record<ChromeKey, string>>>> = { en };

/** Brings the chrome's words in this language (once); resolves when `translate` has them. */
export async function loadChrome(locale: Locale): Promise<void> {
  if (chrome[locale]) return;
  chrome[locale] = locale === 'nl' ? (await retrying(() => import('./nl.ts'))).nl : (await retrying(() => import('./es.ts'))).es;
}

export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;
/** A game's words per language, as a game module brings them. */
export type Dictionaries = Readonly<Record<Locale, Readonly<Record<string, string>>>>;

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * A message with its placeholders filled: `{n}` is the parameter, `{n:card|cards}` the word that agrees with it
 * (the one form when the language calls the number "one", else the other; English, Dutch and Spanish need no more).
 */
export function translate(locale: Locale, key: MessageKey, params?: Params, games: readonly Dictionaries[] = []): string {
  const text = lookup(locale, key, games) ?? lookup('en', key, games) ?? key;
  if (!params) return text;
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return text.replace(/\{(\w+)(?::([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    if (one === undefined) return String(value);
    return typeof value === 'number' && rules.select(value) === 'one' ? one : (other ?? '');
  });
}

function lookup(locale: Locale, key: string, games: readonly Dictionaries[]): string | undefined {
  const own = (chrome[locale] as Record<string, string> | undefined)?.[key];
  if (own !== undefined) return own;
  for (const d of games) {
    const text = d[locale][key];
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Is this a key of the chrome or of one of these games? */
export function hasKey(key: string, games: readonly Dictionaries[] = []): boolean {
  return key in en || games.some((d) => key in d.en);
}

const listFormats = new Map<string, Intl.ListFormat>();

/** Words joined as the language joins them: "13, 9 and 4", "13, 9 or 4" (each language's way made once: making one
 * costs ten times what it takes to use it, and read-aloud words join lists at every decision). */
export function listWords(items: readonly (string | number)[], locale: string, type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  const key = `${locale} ${type}`;
  let format = listFormats.get(key);
  if (!format) listFormats.set(key, (format = new Intl.ListFormat(locale, { style: 'long', type })));
  return format.format(items.map(String));
}

/**
 * A player's name as shown: a bot's name from the server ("Greedy bot 2") in the reader's language
 * ("Bot codicioso 2"); a person's name as they typed it.
 */
export function localName(name: string, t: (key: MessageKey) => string): string {
  const match = BOT_NAME_PATTERN.exec(name);
  if (!match) return name;
  const id = Object.entries(BOT_NAMES).find(([, base]) => base === match[1])?.[0];
  const key = id === undefined ? undefined : BOT_NAME_KEYS[id];
  const base = key ? t(key) : (match[1] as string);
  return match[2] ? `${base} ${match[2]}` : base;
}

/** The words of each bot's name the server gives (BOT_NAMES), by bot id. */
const BOT_NAME_KEYS: Readonly<Record<string, ChromeKey>> = {
  random: 'table.botRandom',
  greedy: 'table.botGreedy',
  easy: 'table.botEasy',
  normal: 'table.botNormal',
  hard: 'table.botHard',
};

/** The first of the browser's preferred languages that we speak, else English. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if ((LOCALES as readonly string[]).includes(base ?? '')) return base as Locale;
  }
  return 'en';
}

export function isMessageKey(key: string): key is ChromeKey {
  return key in en;
}
