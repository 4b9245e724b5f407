// A card's consumption and recharge records (spec §2, §4), one tab each, endless lists.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RechargeRecord } from '../../../../contract/api/card/recharges.ts';
import type { ConsumeRecord } from '../../../../contract/api/card/records.ts';
import { useApi } from '../../../state/apiContext.tsx';
import { cardChanged } from '../../../state/queries/card/cards.ts';
import { consumeListSource, rechargeListSource } from '../../../state/queries/card/records.ts';
import { useRecordList } from '../../../state/records/recordList.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { CardList } from '../CardList.tsx';
import { FeeMeta, ReasonMeta } from '../cardParts.tsx';
import { StatusPill } from '../../../ui/StatusPill.tsx';
import { cardTone, rechargeStatusLabels } from '../cardLabels.ts';
import { RecordTime } from '../../../ui/RecordTime.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { useWhenChanged } from './useWhenChanged.ts';

type Tab = 'consume' | 'recharge';

export function CardRecords({ cardId }: { cardId: string }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('consume');
  return (
    <section className="stack">
      <Tabs
        id="card-records"
        label={t`Card records`}
        tabs={[
          { value: 'consume', label: t`Consumption` },
          { value: 'recharge', label: t`Recharges` },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'consume' ? <ConsumeList cardId={cardId} /> : <RechargeList cardId={cardId} />}
      </Tabs>
    </section>
  );
}

function ConsumeList({ cardId }: { cardId: string }) {
  const { t } = useLingui();
  const list = useRecordList(consumeListSource(useApi(), cardId));
  return (
    <CardList
      list={list}
      label={t`Consumption records`}
      empty={<Trans>No consumption yet</Trans>}
      row={(row: ConsumeRecord) => (
        <div className="record-body" data-testid="consume-record">
          <span className="record-line">
            <span className="record-title">{row.merchant}</span>
            <Amount className="record-amount" value={`-${row.amount}`} coin={row.coin} signed />
          </span>
          <RecordTime value={row.created_at} />
        </div>
      )}
    />
  );
}

function RechargeList({ cardId }: { cardId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const list = useRecordList(rechargeListSource(useApi(), cardId));
  // A recharge settled (or a new one started): the card's balance follows.
  const open = list.items
    .filter((row) => row.status === 'pending' || row.status === 'processing')
    .map((row) => row.id)
    .join(',');
  useWhenChanged(open, () => {
    void cardChanged(queryClient, cardId, 'recharges');
  });
  return (
    <CardList
      list={list}
      label={t`Recharge records`}
      empty={<Trans>No recharges yet</Trans>}
      row={(row: RechargeRecord) => {
        const reason = row.failure_reason ?? '';
        return (
          <div className="record-body" data-testid="recharge-record" data-status={row.status}>
            <span className="record-line">
              <Amount className="record-amount" value={row.amount} coin={row.coin} />
              <StatusPill label={rechargeStatusLabels[row.status]} tone={cardTone(row.status)} />
            </span>
            <span className="record-line">
              <RecordTime value={row.created_at} />
              <FeeMeta fee={row.fee} coin={row.coin} />
            </span>
            {row.status === 'failed' && <ReasonMeta reason={reason} />}
          </div>
        );
      }}
    />
  );
}
