// Translation: English, Dutch and Spanish (the rulebooks' languages), chosen from the browser and switchable.

import { BOT_NAMES, BOT_NAME_PATTERN } from '@razzia/protocol/constants';
import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { nl } from './nl.ts';

export type { MessageKey } from './en.ts';
export const LOCALES = ['en', 'nl', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', nl: 'Nederlands', es: 'Español' };

export const DICTIONARIES: Record<Locale, Record<MessageKey, string>> = { en, nl, es };

export type Params = Record<string, string | number>;

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * A message with its placeholders filled: `{n}` is the parameter, `{n:card|cards}` the word that agrees with it
 * (the one form when the language calls the number "one", else the other; English, Dutch and Spanish need no more).
 */
export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const text = DICTIONARIES[locale][key] ?? en[key] ?? key;
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

/**
 * A player's name as shown: a bot's name from the server ("Greedy bot 2") in the reader's language
 * ("Bot codicioso 2"); a person's name as they typed it.
 */
export function localName(name: string, t: (key: MessageKey) => string): string {
  const match = BOT_NAME_PATTERN.exec(name);
  if (!match) return name;
  const base = t(match[1] === BOT_NAMES.greedy ? 'table.botGreedy' : 'table.botRandom');
  return match[2] ? `${base} ${match[2]}` : base;
}

/** The first of the browser's preferred languages that we speak, else English. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if ((LOCALES as readonly string[]).includes(base ?? '')) return base as Locale;
  }
  return 'en';
}

export function isMessageKey(key: string): key is MessageKey {
  return key in en;
}
