// /power (spec §2 compute log, §7 user/powerLog): compute power granted and changed by
// nodes, newest first, with the total after each change.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { PowerLogRow } from '../../../contract/api/node.ts';
import { useApi } from '../../state/apiContext.tsx';
import { powerLogSource } from '../../state/queries/node.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { RecordList } from '../../ui/RecordList.tsx';
import { RecordTime } from '../../ui/RecordTime.tsx';
import '../../ui/records.css';
import { TitledSection } from '../../ui/TitledSection.tsx';

export function PowerLogScreen() {
  const { t, i18n } = useLingui();
  const list = useRecordList(powerLogSource(useApi()));
  const current = list.items[0]?.total_after ?? 0;
  return (
    <div className="stack">
      <TitledSection titleId="power-title" title={<Trans>Compute power</Trans>}>
        <p className="balance-total" data-testid="power-total">
          {i18n.number(current)}
        </p>
        <Link to="/node" className="button button-ghost button-small">
          <Trans>Buy nodes</Trans>
        </Link>
      </TitledSection>
      <RecordList
        list={list}
        label={t`Compute log`}
        itemKey={(row: PowerLogRow) => row.id}
        empty={<Trans>No compute power yet</Trans>}
        renderItem={(row: PowerLogRow) => {
          const change = `${row.change > 0 ? '+' : ''}${i18n.number(row.change)}`;
          const total = i18n.number(row.total_after);
          const order = row.order_id ?? '';
          return (
            <div className="record-body" data-testid="power-record">
              <span className="record-line">
                <span className="record-title">
                  {order ? <Trans>Node purchase #{order}</Trans> : <Trans>Node purchase</Trans>}
                </span>
                <span className="record-amount">{change}</span>
              </span>
              <span className="record-line">
                <RecordTime value={row.created_at} />
                <span className="record-meta">
                  <Trans>Total {total}</Trans>
                </span>
              </span>
            </div>
          );
        }}
      />
    </div>
  );
}
