// /transfer/list (spec §2): ticket transfers the user sent and received, one tab each.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TransferDirection, TransferRow } from '../../api/transfer.ts';
import { useApi } from '../../state/apiContext.tsx';
import { transferListSource } from '../../state/queries/money.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import '../../ui/records.css';
import { RecordTime } from '../../ui/RecordTime.tsx';

export function TransferRecordsScreen() {
  const { t } = useLingui();
  const [direction, setDirection] = useState<TransferDirection>('out');
  const list = useRecordList(transferListSource(useApi(), direction));
  const tab = (value: TransferDirection, label: string) => (
    <button
      type="button"
      role="tab"
      id={`transfer-tab-${value}`}
      aria-selected={direction === value}
      aria-controls="transfer-records"
      tabIndex={direction === value ? 0 : -1}
      className="tab"
      onClick={() => setDirection(value)}
      onKeyDown={(event) => {
        // Tabs pattern: the arrow keys move between the two tabs.
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        const next = value === 'out' ? 'in' : 'out';
        setDirection(next);
        document.getElementById(`transfer-tab-${next}`)?.focus();
      }}
    >
      {label}
    </button>
  );
  return (
    <div className="stack">
      <div className="tabs" role="tablist" aria-label={t`Transfer records`}>
        {tab('out', t`Outgoing`)}
        {tab('in', t`Incoming`)}
      </div>
      <div id="transfer-records" role="tabpanel" aria-labelledby={`transfer-tab-${direction}`}>
        <RecordList
          list={list}
          label={direction === 'out' ? t`Outgoing transfers` : t`Incoming transfers`}
          itemKey={(row: TransferRow) => row.id}
          empty={<Trans>No transfers yet</Trans>}
          renderItem={(row: TransferRow) => <TransferItem row={row} />}
        />
      </div>
    </div>
  );
}

function TransferItem({ row }: { row: TransferRow }) {
  const amount = row.direction === 'out' ? `-${row.amount}` : row.amount;
  const counterparty = row.counterparty;
  return (
    <div className="record-body" data-testid="transfer-record">
      <span className="record-line">
        <RecordTime value={row.created_at} />
        <Amount className="record-amount" value={amount} coin={row.coin} signed />
      </span>
      <span className="record-meta mono">
        {row.direction === 'out' ? (
          <Trans>To {counterparty}</Trans>
        ) : (
          <Trans>From {counterparty}</Trans>
        )}
      </span>
      {row.remark && <span className="record-meta">{row.remark}</span>}
    </div>
  );
}
