// When a record happened, as every record list shows it: a short date and time in the
// user's language, with the exact moment in `dateTime` for machines and screen readers.
import { useLingui } from '@lingui/react';
import { formatRecordTime } from './recordTimeFormat.ts';

export { RECORD_TIME_FORMAT } from './recordTimeFormat.ts';

export function RecordTime({ value }: { value: string }) {
  const { i18n } = useLingui();
  return (
    <time className="record-meta" dateTime={value}>
      {formatRecordTime(value, i18n.locale)}
    </time>
  );
}
