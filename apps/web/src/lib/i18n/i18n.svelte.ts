// The current language, as reactive state shared through context (never module state: see style.md).

import { createContext } from 'svelte';
import { hasKey, localName, pickLocale, translate, LOCALES, type Dictionaries, type Locale, type MessageKey, type Params } from './index.ts';

const STORAGE_KEY = 'razzia.locale';

export class I18n {
  locale = $state<Locale>('en');
  /** The words of the games loaded so far. */
  private games = $state.raw<readonly Dictionaries[]>([]);

  constructor(initial?: Locale) {
    if (initial) this.locale = initial;
    else if (typeof window !== 'undefined') {
      const saved = localStorage.getItem(STORAGE_KEY);
      this.locale = saved && (LOCALES as readonly string[]).includes(saved) ? (saved as Locale) : pickLocale(navigator.languages);
    }
  }

  /** A game's words, once its module has loaded. */
  add(messages: Dictionaries): void {
    if (!this.games.includes(messages)) this.games = [...this.games, messages];
  }

  set(locale: Locale): void {
    this.locale = locale;
    if (typeof window !== 'undefined') {
      localStorage.setItem(STORAGE_KEY, locale);
      document.documentElement.lang = locale;
    }
  }

  /** Reads `locale`, so a template that calls it updates when the language changes. */
  t = (key: MessageKey, params?: Params): string => translate(this.locale, key, params, this.games);

  /** A player's name as shown: bots' names translated (reads `locale` too). */
  name = (name: string): string => localName(name, this.t);

  /** A wire error in words: the rule's own message when it has one, else the error code's. */
  error = (error: { code: string; rule?: { code: string } }): string => {
    const ruleKey = error.rule ? `error.rule.${error.rule.code}` : '';
    if (ruleKey && hasKey(ruleKey, this.games)) return this.t(ruleKey as MessageKey);
    const key = `error.${error.code}`;
    return hasKey(key, this.games) ? this.t(key as MessageKey) : this.t('error.internal');
  };
}

export const [getI18n, setI18n] = createContext<I18n>();
