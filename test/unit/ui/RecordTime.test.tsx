// A record's time reads exactly as before in every language, and the formatter behind it is
// made when the page is idle, not in the render that first shows a record.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../contract/i18n/locales.ts';
import { RECORD_TIME_FORMAT, RecordTime } from '../../../src/ui/RecordTime.tsx';
import {
  recordTimeFormatterReady,
  warmRecordTimeFormatter,
} from '../../../src/ui/recordTimeFormat.ts';

const TIMES = [
  '2026-01-02T03:04:05Z',
  '2026-12-31T23:59:59.999Z',
  '2025-06-15T12:00:00+08:00',
  '1999-02-28T00:00:00Z',
];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function shown(value: string): string {
  const { container, unmount } = render(
    <I18nProvider i18n={i18n}>
      <RecordTime value={value} />
    </I18nProvider>,
  );
  const time = container.querySelector('time')!;
  expect(time.getAttribute('datetime')).toBe(value);
  const text = time.textContent!;
  unmount();
  return text;
}

describe('RecordTime', () => {
  it.each(LOCALES.map(({ locale }) => locale))(
    'words a time in %s exactly as Lingui’s i18n.date did',
    (locale) => {
      i18n.loadAndActivate({ locale, messages: {} });
      for (const value of TIMES) {
        // What RecordTime rendered before the formatter was made once per language.
        expect(shown(value)).toBe(i18n.date(value, RECORD_TIME_FORMAT));
      }
    },
  );

  it('makes the formatter at idle, so the first render with a record makes none', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'],
    });
    // A language no test above has used in this file's page: its formatter is not made yet.
    const locale = 'fr';
    expect(recordTimeFormatterReady(locale)).toBe(false);
    i18n.loadAndActivate({ locale, messages: {} });
    // Switching the language asks for its formatter once the page is idle, not at once.
    expect(recordTimeFormatterReady(locale)).toBe(false);
    act(() => {
      vi.runAllTimers();
    });
    expect(recordTimeFormatterReady(locale)).toBe(true);

    const made = vi.spyOn(Intl, 'DateTimeFormat');
    expect(shown(TIMES[0]!)).toBe(
      new Intl.DateTimeFormat([locale, 'en'], RECORD_TIME_FORMAT).format(new Date(TIMES[0]!)),
    );
    // Once for the expectation above, never for the render.
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('a warm-up cancelled before the page is idle makes nothing', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'],
    });
    const cancel = warmRecordTimeFormatter('de');
    cancel();
    vi.runAllTimers();
    expect(recordTimeFormatterReady('de')).toBe(false);
  });
});
