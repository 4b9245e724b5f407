// Which language an answer's `message` is in: the LANG request header (spec §1: TW, CN, EN,
// JP, KO, TH, PT, MS, ID, VN), else English.
import {
  FALLBACK_LOCALE,
  isLocale,
  localeOfLang,
  type Locale,
} from '../../contract/i18n/locales.ts';

export function localeFromLangHeader(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return FALLBACK_LOCALE;
  // Also accept a locale tag ("zh-TW", "ja") from clients that send one.
  return (
    localeOfLang(value) ?? (isLocale(value.trim()) ? (value.trim() as Locale) : FALLBACK_LOCALE)
  );
}
