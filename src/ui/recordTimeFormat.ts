// Every record's time is worded by one formatter per language, made once per page. Making the
// first costs ~20 ms on a slow phone (the engine loads the language's date patterns), so it is
// made when the page is idle after it has painted, before a list needs it, not in the task
// that renders the list's first rows.
import { i18n } from '@lingui/core';

export const RECORD_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  dateStyle: 'short',
  timeStyle: 'short',
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The record-time formatter for `locale`, made on first use and kept. */
export function recordTimeFormatter(locale: string): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    // The languages as Lingui's i18n.date lists them (English last), so the words are the same.
    formatter = new Intl.DateTimeFormat([locale, 'en'], RECORD_TIME_FORMAT);
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** `value` (an ISO time) as every record list words it in `locale`. */
export function formatRecordTime(value: string | Date, locale: string): string {
  return recordTimeFormatter(locale).format(typeof value === 'string' ? new Date(value) : value);
}

/** Whether the formatter for `locale` is already made (tests and the perf script read it). */
export const recordTimeFormatterReady = (locale: string): boolean => formatters.has(locale);

/** Makes the formatter for `locale` once the page is idle; answers how to cancel. */
export function warmRecordTimeFormatter(locale: string): () => void {
  if (!locale || formatters.has(locale)) return () => {};
  const make = () => void recordTimeFormatter(locale);
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(make, { timeout: 2_000 });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(make, 200);
  return () => clearTimeout(timer);
}

// From the moment a screen with record lists is loaded (often before it is shown, when its
// code is fetched ahead), the current language's formatter is made at idle; so is each
// language the user switches to.
if (typeof window !== 'undefined') {
  warmRecordTimeFormatter(i18n.locale);
  i18n.on('change', () => warmRecordTimeFormatter(i18n.locale));
}
