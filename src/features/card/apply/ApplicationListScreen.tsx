// /bank/applyList (spec §2, §4): card applications — processing, issued, rejected with the
// reason — and 'apply again' where the server allows it.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CardApplication } from '../../../../contract/api/card/applications.ts';
import { useApi } from '../../../state/apiContext.tsx';
import { applicationListSource } from '../../../state/queries/card/applications.ts';
import { useCardInfo } from '../../../state/queries/card/info.ts';
import { useRecordList } from '../../../state/records/recordList.ts';
import { CardList } from '../CardList.tsx';
import { FeeMeta, OpenCardLink, ReasonMeta } from '../cardParts.tsx';
import { StatusPill } from '../../../ui/StatusPill.tsx';
import { applicationStatusLabels, cardTone, cardTypeLabels } from '../cardLabels.ts';
import { RecordTime } from '../../../ui/RecordTime.tsx';
import '../card.css';
import '../../../ui/controls.css';

export function ApplicationListScreen() {
  const { t } = useLingui();
  const list = useRecordList(applicationListSource(useApi()));
  return (
    <CardList
      list={list}
      label={t`Card applications`}
      empty={<Trans>No applications yet</Trans>}
      row={(row: CardApplication) => <ApplicationItem row={row} />}
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
        <FeeMeta fee={row.fee} coin={row.coin} />
      </span>
      {row.agreements.length > 0 && <AcceptedAgreements row={row} />}
      {row.status === 'failed' && <ReasonMeta reason={reason} alert />}
      <span className="card-actions">
        {row.card_id && (
          <OpenCardLink id={row.card_id} className="button button-ghost button-small" />
        )}
        {row.can_reapply && <ApplyAgainLink row={row} />}
      </span>
    </div>
  );
}

/** The physical form takes the earlier application as ?id=, the virtual one as ?reapply=. */
function ApplyAgainLink({ row }: { row: CardApplication }) {
  const words = <Trans>Apply again</Trans>;
  const style = 'button button-primary button-small';
  return row.type === 'physical' ? (
    <Link to="/bank/physicalReapply" search={{ id: row.id }} className={style}>
      {words}
    </Link>
  ) : (
    <Link to="/bank/virtual_apply" search={{ reapply: row.id }} className={style}>
      {words}
    </Link>
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
