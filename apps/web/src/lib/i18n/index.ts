// Translation: English, Dutch and Spanish (the rulebooks' languages), chosen from the browser and switchable.

import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { nl } from './nl.ts';

export type { MessageKey } from './en.ts';
export const LOCALES = ['en', 'nl', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', nl: 'Nederlands', es: 'Español' };

export const DICTIONARIES: Record<Locale, Record<MessageKey, string>> = { en, nl, es };

export type Params = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const text = DICTIONARIES[locale][key] ?? en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
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
