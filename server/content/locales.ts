// Which stored language answers a request: the reader's own, else English (DESIGN.md).
import {
  FALLBACK_LOCALE,
  isLocale,
  localeOfLang,
  type Locale,
} from '../../contract/i18n/locales.ts';
import { DomainError } from '../domainError.ts';

/** The locales to try, best first. */
export function localesFor(locale: Locale): Locale[] {
  return locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];
}

/** An operator's language argument: a LANG code (TW, EN, …) or a locale tag (zh-TW, en). */
export function parseLanguage(value: string, field = 'lang'): Locale {
  const trimmed = value.trim();
  const locale = localeOfLang(trimmed) ?? (isLocale(trimmed) ? trimmed : undefined);
  if (!locale) throw new DomainError('unknown_language', { data: { field } });
  return locale;
}
