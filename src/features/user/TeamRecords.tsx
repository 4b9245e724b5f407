// The user centre's lists: direct referrals (address, time, performance, team size) and the
// income record (incomeList), the same list as on the wallet page.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Referral } from '../../../contract/api/user.ts';
import type { IncomeRow } from '../../../contract/api/wallet.ts';
import { useApi } from '../../state/apiContext.tsx';
import { incomeSource } from '../../state/queries/money.ts';
import { zhiListSource } from '../../state/queries/team.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { shortAddress } from '../../ui/format.ts';
import { RecordList } from '../../ui/RecordList.tsx';
import { IncomeItem } from '../../ui/IncomeItem.tsx';
import { RecordTime } from '../../ui/RecordTime.tsx';
import '../../ui/records.css';

export function ReferralRecords() {
  const { t } = useLingui();
  const list = useRecordList(zhiListSource(useApi()));
  return (
    <RecordList
      list={list}
      label={t`Direct referrals`}
      itemKey={(row: Referral) => row.address}
      empty={<Trans>No direct referrals yet: share your invite link</Trans>}
      renderItem={(row: Referral) => <ReferralItem row={row} />}
    />
  );
}

function ReferralItem({ row }: { row: Referral }) {
  const team = row.team_num;
  return (
    <div className="record-body" data-testid="referral" data-address={row.address}>
      <span className="record-line">
        <span className="record-title mono" title={row.address}>
          {shortAddress(row.address)}
        </span>
        <Amount className="record-amount" value={row.performance} coin="JU" />
      </span>
      <span className="record-line">
        <RecordTime value={row.created_at} />
        <span className="record-meta">
          <Trans>Team {team}</Trans>
        </span>
      </span>
    </div>
  );
}

export function IncomeRecords() {
  const { t } = useLingui();
  const list = useRecordList(incomeSource(useApi()));
  return (
    <RecordList
      list={list}
      label={t`Income record`}
      itemKey={(row: IncomeRow) => row.id}
      empty={<Trans>No income yet</Trans>}
      renderItem={(row: IncomeRow) => <IncomeItem row={row} />}
    />
  );
}
