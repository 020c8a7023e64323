// The current language, as reactive state shared through context (never module state: see style.md).

import { createContext } from 'svelte';
import { hasKey, loadChrome, localName, pickLocale, translate, LOCALES, type Dictionaries, type Locale, type MessageKey, type Params } from './index.ts';

/** A game's words, possibly with only English at hand and the other languages loaded when they are used. */
type GameWords = Dictionaries & { readonly load?: (locale: Exclude<Locale, 'en'>) => Promise<Readonly<Record<string, string>>> };
type LazyWords = GameWords & { readonly load: NonNullable<GameWords['load']> };

const STORAGE_KEY = 'razzia.locale';

/** The language this browser chose before (kept by `set`), else the first of its preferred ones we speak. */
export function initialLocale(): Locale {
  if (typeof window === 'undefined') return 'en';
  const saved = localStorage.getItem(STORAGE_KEY);
  return saved && (LOCALES as readonly string[]).includes(saved) ? (saved as Locale) : pickLocale(navigator.languages);
}

export class I18n {
  locale = $state<Locale>('en');
  /** The words of the games loaded so far. */
  private games = $state.raw<readonly Dictionaries[]>([]);
  /** Games whose other languages load on demand, with what has loaded so far. */
  private lazy: { readonly words: LazyWords; dict: Dictionaries; loading: Partial<Record<Locale, Promise<void>>> }[] = [];

  /** `initial`: a language whose chrome words have loaded (`initialLocale` and `loadChrome`, as the layout does). */
  constructor(initial: Locale = 'en') {
    this.locale = initial;
  }

  /** A game's words, once its module has loaded; resolves when they are there in the current language. */
  add(messages: GameWords): Promise<void> {
    if (!messages.load) {
      if (!this.games.includes(messages)) this.games = [...this.games, messages];
      return Promise.resolve();
    }
    let entry = this.lazy.find((l) => l.words === messages);
    if (!entry) {
      entry = { words: messages as LazyWords, dict: { en: messages.en, nl: {}, es: {} }, loading: {} };
      this.lazy.push(entry);
      this.games = [...this.games, entry.dict];
    }
    return this.fill(entry, this.locale);
  }

  /** Loads a lazy game's words in this language (once); until then its English shows. */
  private fill(entry: (typeof this.lazy)[number], locale: Locale): Promise<void> {
    if (locale === 'en') return Promise.resolve();
    return (entry.loading[locale] ??= entry.words
      .load(locale)
      .then((words) => {
        const dict = { ...entry.dict, [locale]: words };
        this.games = this.games.map((d) => (d === entry.dict ? dict : d));
        entry.dict = dict;
      })
      .catch(() => {
        delete entry.loading[locale]; // offline: English for now, try again next time
      }));
  }

  /** Switches language once its words are here, the chrome's and the games' loaded so far (the words change at
   * once, not English first; `lang` on the page says the switch is done). */
  async set(locale: Locale): Promise<void> {
    // Offline: English words until they load (a game's are asked again next time).
    await Promise.all([loadChrome(locale).catch(() => undefined), ...this.lazy.map((entry) => this.fill(entry, locale))]);
    this.locale = locale;
    if (typeof window !== 'undefined') {
      localStorage.setItem(STORAGE_KEY, locale);
      document.documentElement.lang = locale;
    }
  }

  /** The games' words loaded so far: a new value whenever more arrive (what a cache of worded text keys on, with
   * `locale`). */
  get words(): readonly unknown[] {
    return this.games;
  }

  /** Reads `locale`, so a template that calls it updates when the language changes. */
  t = (key: MessageKey, params?: Params): string => translate(this.locale, key, params, this.games);

  /** A player's name as shown: bots' names translated (reads `locale` too). */
  name = (name: string): string => localName(name, this.t);

  /**
   * A wire error in words: the rule's own message when it has one, else the error code's. Rule codes are each
   * game's own (two games may both have `turn/not-your-turn`), so the table's game's words are asked first.
   */
  error = (error: { code: string; rule?: { code: string } }, game?: Dictionaries): string => {
    const ruleKey = error.rule ? `error.rule.${error.rule.code}` : '';
    const own = ruleKey && game ? (game[this.locale][ruleKey] ?? game.en[ruleKey]) : undefined;
    if (own !== undefined) return own;
    if (ruleKey && hasKey(ruleKey, this.games)) return this.t(ruleKey as MessageKey);
    const key = `error.${error.code}`;
    return hasKey(key, this.games) ? this.t(key as MessageKey) : this.t('error.internal');
  };
}

export const [getI18n, setI18n] = createContext<I18n>();
