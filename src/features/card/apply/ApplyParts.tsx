// Pieces of the card application form: the agreements to read, and an empty choice.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Agreement } from '../../../../contract/api/card/info.ts';
import type { RecordListState } from '../../../state/records/recordList.ts';

/** Each agreement by its title and version; its text opens in place, to be read in full. */
export function AgreementTexts({ agreements }: { agreements: readonly Agreement[] }) {
  return (
    <div className="stack" data-testid="agreements">
      {agreements.map((agreement) => {
        const version = agreement.version;
        return (
          <details key={agreement.id} className="agreement" data-agreement={agreement.id}>
            <summary>
              <span className="agreement-title">{agreement.title}</span>{' '}
              <span className="record-meta">
                <Trans>Version {version}</Trans>
              </span>
            </summary>
            {/* Focusable, so its text scrolls from the keyboard too. */}
            <div className="agreement-text" role="region" aria-label={agreement.title} tabIndex={0}>
              {agreement.text.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}

/** What an empty list of choices says, so the select is never a blank box. */
export function NoChoice({ status }: { status: RecordListState<unknown>['status'] }) {
  const { t } = useLingui();
  return (
    <option value="" disabled>
      {status === 'loading' ? t`Loading…` : status === 'error' ? t`Could not load` : t`None yet`}
    </option>
  );
}
