// Localised server messages. The server reads the app's own Lingui catalogs
// (locales/<locale>/messages.po) once at start, so an error reads the same in the app and
// in the server's answer. A missing catalog, id or translation falls back to the English
// text written next to the id in contract/api/errors.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { MessageDescriptor } from '../../contract/api/errors.ts';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../../contract/i18n/locales.ts';

export type MessageValues = Record<string, string | number>;

export interface Translator {
  translate(locale: Locale, descriptor: MessageDescriptor, values?: MessageValues): string;
  /** Locales whose catalog was found, for the start-up log. */
  readonly loadedLocales: readonly Locale[];
}

export async function loadTranslator(localesDir: string): Promise<Translator> {
  const instances = new Map<Locale, I18n>();
  const loadedLocales: Locale[] = [];
  for (const { locale } of LOCALES) {
    const messages = await readCatalog(localesDir, locale);
    if (messages) loadedLocales.push(locale);
    const i18n = setupI18n({ locale, messages: { [locale]: messages ?? {} } });
    // Compiles the English fallbacks of ids the catalog lacks.
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return {
    loadedLocales,
    translate(locale, descriptor, values) {
      const i18n = instances.get(locale) ?? instances.get(FALLBACK_LOCALE)!;
      return i18n._(descriptor.id, values, { message: descriptor.message });
    },
  };
}

async function readCatalog(localesDir: string, locale: Locale) {
  const file = path.join(localesDir, locale, 'messages.po');
  let content: string;
  try {
    content = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const catalog = await formatter().parse(content, { locale, sourceLocale: 'en', filename: file });
  const compiled: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const [id, entry] of Object.entries(catalog ?? {})) {
    // An empty msgstr means "not translated yet": leave the id out so English is used.
    if (entry.translation && !entry.obsolete) compiled[id] = compileMessage(entry.translation);
  }
  return compiled;
}
