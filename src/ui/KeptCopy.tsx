// The age line of a kept copy shown in place of a live record (balances, a notice, an order),
// in the same words as a record list's, and what shows offline when nothing was kept.
import { Trans, useLingui } from '@lingui/react/macro';
import './records.css';

export function RecordAge({ asOf: savedAt, offline }: { asOf: Date | null; offline: boolean }) {
  const { i18n } = useLingui();
  if (!savedAt) return null;
  // Named as in RecordList, so both say it with one catalogue entry.
  const asOf = i18n.date(savedAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className="records-status" role="status">
      <span data-testid="record-as-of" data-saved-at={savedAt.toISOString()}>
        <Trans>As of {asOf}</Trans>
      </span>
      {offline && (
        <span>
          <Trans>Offline: showing the last saved copy</Trans>
        </span>
      )}
    </p>
  );
}

/** Nothing kept to show: offline, or (`offline` false) signed out on a page of kept records. */
export function NotSavedOffline({ offline }: { offline: boolean }) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state-title">
        {offline ? <Trans>You are offline</Trans> : <Trans>Nothing kept on this device</Trans>}
      </p>
      <p className="empty-state-text">
        <Trans>These records have not been saved on this device yet.</Trans>
      </p>
    </div>
  );
}
