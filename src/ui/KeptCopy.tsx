// The age line of a kept copy shown in place of a live record (balances, a notice, an order),
// in the same words as a record list's, and what shows offline when nothing was kept.
import { Trans, useLingui } from '@lingui/react/macro';
import type { KeptQueryResult } from '../state/queries/keptQuery.ts';
import { PageSkeleton } from './PageSkeleton.tsx';
import { describeRequestError } from './requestFailures.ts';
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

/**
 * What a screen of one kept record (useKeptQuery) shows while it has no data: loading, nothing
 * kept (offline or signed out), or the failure with a retry. The screen renders its record
 * once `kept.data` is there.
 */
export function KeptRecordMissing({
  kept,
  rows = 4,
  failure,
}: {
  kept: KeptQueryResult<unknown, unknown>;
  rows?: number;
  /** The screen's own words for a failure; the request's otherwise. */
  failure?: string;
}) {
  if (kept.pending) return <PageSkeleton rows={rows} />;
  if (kept.offline || kept.readOnly) return <NotSavedOffline offline={kept.offline} />;
  return (
    <section className="empty-state" role="alert">
      <p className="empty-state-title">{failure ?? describeRequestError(kept.live.error)}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => void kept.live.refetch()}
      >
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
