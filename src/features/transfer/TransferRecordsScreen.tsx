// /transfer/list (spec §2): ticket transfers the user sent and received, one tab each.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TransferDirection, TransferRow } from '../../../contract/api/transfer.ts';
import { useApi } from '../../state/apiContext.tsx';
import { transferListSource } from '../../state/queries/money.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { RecordTime } from '../../ui/RecordTime.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import '../../ui/records.css';

export function TransferRecordsScreen() {
  const { t } = useLingui();
  const [direction, setDirection] = useState<TransferDirection>('out');
  const list = useRecordList(transferListSource(useApi(), direction));
  return (
    <div className="stack">
      <Tabs
        id="transfer-records"
        label={t`Transfer records`}
        tabs={[
          { value: 'out', label: t`Outgoing` },
          { value: 'in', label: t`Incoming` },
        ]}
        selected={direction}
        onSelect={setDirection}
      >
        <RecordList
          list={list}
          label={direction === 'out' ? t`Outgoing transfers` : t`Incoming transfers`}
          itemKey={(row: TransferRow) => row.id}
          empty={<Trans>No transfers yet</Trans>}
          renderItem={(row: TransferRow) => <TransferItem row={row} />}
        />
      </Tabs>
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
