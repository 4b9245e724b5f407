// One row of the income record, the same on the wallet page and in the user centre.
import { useLingui } from '@lingui/react/macro';
import type { IncomeRow } from '../../contract/api/wallet.ts';
import { Amount } from './Amount.tsx';
import { incomeKindLabels } from './moneyLabels.ts';
import { RecordTime } from './RecordTime.tsx';

export function IncomeItem({ row }: { row: IncomeRow }) {
  const { i18n } = useLingui();
  return (
    <div className="record-body" data-testid="income">
      <span className="record-line">
        <span className="record-title">{i18n._(incomeKindLabels[row.kind])}</span>
        <Amount className="record-amount" value={row.amount} coin={row.coin} signed />
      </span>
      <span className="record-line">
        <span className="record-meta">{row.remark}</span>
        <RecordTime value={row.created_at} />
      </span>
    </div>
  );
}
