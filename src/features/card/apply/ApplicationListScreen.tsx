// /bank/applyList (spec §2, §4): card applications — processing, issued, rejected with the
// reason — and 'apply again' where the server allows it.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CardApplication } from '../../../../contract/api/card/applications.ts';
import { useApi } from '../../../state/apiContext.tsx';
import { applicationListSource } from '../../../state/queries/card/applications.ts';
import { useCardInfo } from '../../../state/queries/card/info.ts';
import { useRecordList } from '../../../state/records/recordList.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { RecordList } from '../../../ui/RecordList.tsx';
import { StatusPill } from '../../../ui/StatusPill.tsx';
import { applicationStatusLabels, cardTone, cardTypeLabels } from '../cardLabels.ts';
import { RecordTime } from '../../../ui/RecordTime.tsx';
import '../card.css';
import '../../../ui/controls.css';

export function ApplicationListScreen() {
  const { t } = useLingui();
  const list = useRecordList(applicationListSource(useApi()));
  return (
    <RecordList
      list={list}
      label={t`Card applications`}
      itemKey={(row: CardApplication) => row.id}
      empty={<Trans>No applications yet</Trans>}
      renderItem={(row: CardApplication) => <ApplicationItem row={row} />}
    />
  );
}

function ApplicationItem({ row }: { row: CardApplication }) {
  const { i18n } = useLingui();
  const reason = row.reject_reason ?? '';
  const holder = row.holder_name;
  return (
    <div className="record-body" data-testid="application-record" data-status={row.status}>
      <span className="record-line">
        <span className="record-title">{i18n._(cardTypeLabels[row.type])}</span>
        <StatusPill label={applicationStatusLabels[row.status]} tone={cardTone(row.status)} />
      </span>
      <span className="record-line">
        <span className="record-meta">
          <Trans>Order {row.order_no}</Trans>
        </span>
        <RecordTime value={row.created_at} />
      </span>
      <span className="record-line">
        <span className="record-meta">
          {/* A kept row has no holder (keptApplicationRow). */}
          {holder && <Trans>Holder {holder}</Trans>}
        </span>
        <span className="record-meta">
          <Trans>
            Fee <Amount value={row.fee} coin={row.coin} />
          </Trans>
        </span>
      </span>
      {row.agreements.length > 0 && <AcceptedAgreements row={row} />}
      {row.status === 'failed' && reason && (
        <span className="record-meta form-error">
          <Trans>Reason: {reason}</Trans>
        </span>
      )}
      <span className="card-actions">
        {row.card_id && (
          <Link
            to="/bank/cardDetail/$id"
            params={{ id: row.card_id }}
            className="button button-ghost button-small"
          >
            <Trans>Open the card</Trans>
          </Link>
        )}
        {row.can_reapply &&
          (row.type === 'physical' ? (
            <Link
              to="/bank/physicalReapply"
              search={{ id: row.id }}
              className="button button-primary button-small"
            >
              <Trans>Apply again</Trans>
            </Link>
          ) : (
            <Link
              to="/bank/virtual_apply"
              search={{ reapply: row.id }}
              className="button button-primary button-small"
            >
              <Trans>Apply again</Trans>
            </Link>
          ))}
      </span>
    </div>
  );
}

/** What was agreed to with the application: titles in the user's language, and versions. */
function AcceptedAgreements({ row }: { row: CardApplication }) {
  const { i18n } = useLingui();
  const info = useCardInfo();
  const titles = new Map(info.data?.agreements.map((agreement) => [agreement.id, agreement.title]));
  const accepted = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
    row.agreements.map(({ id, version }) => `${titles.get(id) ?? id} (${version})`),
  );
  return (
    <span className="record-meta" data-testid="accepted-agreements">
      <Trans>Agreed to: {accepted}</Trans>
    </span>
  );
}
