// The ten interface languages, the LANG code each sends to the server, and the name each
// shows in the language switch (always in its own language).
export const LOCALES = [
  { locale: 'zh-TW', lang: 'TW', label: '繁體中文' },
  { locale: 'zh', lang: 'CN', label: '简体中文' },
  { locale: 'en', lang: 'EN', label: 'English' },
  { locale: 'ja', lang: 'JP', label: '日本語' },
  { locale: 'ko', lang: 'KO', label: '한국어' },
  { locale: 'th', lang: 'TH', label: 'ไทย' },
  { locale: 'pt', lang: 'PT', label: 'Português' },
  { locale: 'ms', lang: 'MS', label: 'Bahasa Melayu' },
  { locale: 'id', lang: 'ID', label: 'Bahasa Indonesia' },
  { locale: 'vi', lang: 'VN', label: 'Tiếng Việt' },
] as const;

export type Locale = (typeof LOCALES)[number]['locale'];
export type LangCode = (typeof LOCALES)[number]['lang'];

export const DEFAULT_LOCALE: Locale = 'zh-TW';
export const FALLBACK_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.locale === value);
}

export function langOf(locale: Locale): LangCode {
  return LOCALES.find((l) => l.locale === locale)!.lang;
}

export function localeOfLang(lang: string | undefined): Locale | undefined {
  const upper = lang?.trim().toUpperCase();
  return LOCALES.find((l) => l.lang === upper)?.locale;
}

/** Maps a BCP 47 tag from the browser (zh-Hant-HK, pt-BR, en-US…) onto one of ours. */
export function matchBrowserLocale(tag: string): Locale | undefined {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) {
    const traditional = /hant|-tw|-hk|-mo/.test(lower);
    return traditional ? 'zh-TW' : 'zh';
  }
  const base = lower.split('-')[0];
  if (base === 'in') return 'id';
  return LOCALES.find((l) => l.locale === base)?.locale;
}

/** A saved choice wins; then the browser's first language we offer; then the default. */
export function pickInitialLocale(saved: unknown, browserLanguages: readonly string[]): Locale {
  if (isLocale(saved)) return saved;
  for (const tag of browserLanguages) {
    const match = matchBrowserLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
