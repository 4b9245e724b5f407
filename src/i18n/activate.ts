import { i18n, type Messages } from '@lingui/core';
import { type Locale } from '../../contract/i18n/locales.ts';

// Each language's catalog is two chunks compiled at build time from
// locales/<locale>/messages.po (scripts/catalogParts.ts): the first screen's words, which the
// app waits for, and the rest, which follow at once without holding up the first paint.
type CatalogModule = { messages: Messages };
const firstParts = import.meta.glob<CatalogModule>('../../locales/*/messages.po', {
  query: '?part=first',
});
const restParts = import.meta.glob<CatalogModule>('../../locales/*/messages.po', {
  query: '?part=rest',
});

/** The first screen's words in a language (the first paint the build renders uses them). */
export const firstScreenMessages = (locale: Locale): Promise<Messages> =>
  messagesOf(firstParts, locale);

const restLoaded = new Map<Locale, Promise<void>>();

async function messagesOf(parts: typeof firstParts, locale: Locale): Promise<Messages> {
  const load = parts[`../../locales/${locale}/messages.po`];
  if (!load) throw new Error(`No catalog for ${locale}`);
  return (await load()).messages;
}

/**
 * Everything the language has beyond the first screen: screens behind sign-in wait for it.
 * A failed load (offline before the chunk was cached) is forgotten so the next call retries.
 */
export function loadRestOfCatalog(locale: Locale): Promise<void> {
  let loading = restLoaded.get(locale);
  if (!loading) {
    loading = messagesOf(restParts, locale).then(
      (messages) => i18n.load(locale, messages),
      (error: unknown) => {
        restLoaded.delete(locale);
        throw error;
      },
    );
    restLoaded.set(locale, loading);
  }
  return loading;
}

/** Switches the app's language once its first-screen words are in; `complete` waits for all. */
export async function activateLocale(locale: Locale, { complete = false } = {}): Promise<void> {
  const first = await messagesOf(firstParts, locale);
  // The rest may already be in (a language used before): keep it.
  i18n.load(locale, first);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  const rest = loadRestOfCatalog(locale);
  if (complete) await rest;
  else rest.catch(() => {});
}
