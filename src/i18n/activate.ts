import { i18n } from '@lingui/core';
import { type Locale } from './locales.ts';

// Each catalog is its own chunk, compiled from locales/<locale>/messages.po at build time.
const catalogs = import.meta.glob<{ messages: Record<string, unknown> }>(
  '../../locales/*/messages.po',
);

export async function activateLocale(locale: Locale): Promise<void> {
  const load = catalogs[`../../locales/${locale}/messages.po`];
  if (!load) throw new Error(`No catalog for ${locale}`);
  const { messages } = await load();
  i18n.loadAndActivate({ locale, messages: messages as never });
  document.documentElement.lang = locale;
}
