import { i18n } from '@lingui/core';
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../contract/i18n/locales.ts';

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : FALLBACK_LOCALE;
}
