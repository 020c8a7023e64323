// A live game needs the browser: every page renders client-side (the server sends a small shell).
import { initialLocale } from '$lib/i18n/i18n.svelte.ts';
import { loadChrome, type Locale } from '$lib/i18n/index.ts';

export const ssr = false;
export const prerender = false;

/** The page's language, with its words loaded before anything renders (only English ships with every page). */
export async function load(): Promise<{ locale: Locale }> {
  const locale = initialLocale();
  await loadChrome(locale).catch(() => undefined);
  return { locale };
}
