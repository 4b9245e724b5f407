// When a record happened, as every record list shows it: a short date and time in the
// user's language, with the exact moment in `dateTime` for machines and screen readers.
import { useLingui } from '@lingui/react';

export const RECORD_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  dateStyle: 'short',
  timeStyle: 'short',
};

export function RecordTime({ value }: { value: string }) {
  const { i18n } = useLingui();
  return (
    <time className="record-meta" dateTime={value}>
      {i18n.date(value, RECORD_TIME_FORMAT)}
    </time>
  );
}
