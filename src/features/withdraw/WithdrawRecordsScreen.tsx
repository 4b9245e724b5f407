// /withdraw/list (spec §2, §4): coin and network (named as on the form), status, time, amount,
// the fee and how it was paid; the chain transaction with an explorer link once settled.
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiErrorName } from '../../../contract/api/errors.ts';
import type { Withdrawal } from '../../../contract/api/withdraw.ts';
import { useApi } from '../../state/apiContext.tsx';
import { withdrawListSource } from '../../state/queries/money.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { shortAddress } from '../../ui/format.ts';
import { catalogueMessage } from '../../ui/formErrors.ts';
import { statusTone, withdrawStatusLabels } from '../../ui/moneyLabels.ts';
import { StatusPill } from '../../ui/StatusPill.tsx';
import { RecordTime } from '../../ui/RecordTime.tsx';
import '../../ui/records.css';

export function WithdrawRecordsScreen() {
  const { t } = useLingui();
  const list = useRecordList(withdrawListSource(useApi()));
  return (
    <RecordList
      list={list}
      label={t`Withdrawal records`}
      itemKey={(row: Withdrawal) => row.id}
      empty={<Trans>No withdrawals yet</Trans>}
      renderItem={(row: Withdrawal) => <WithdrawItem row={row} />}
    />
  );
}

function WithdrawItem({ row }: { row: Withdrawal }) {
  const txid = row.txid ? shortAddress(row.txid) : '';
  const reason = row.failure_reason ?? '';
  // The server's own reasons are error names, said in the user's language.
  const ownReason = isApiErrorName(reason) ? catalogueMessage(reason) : '';
  return (
    <div className="record-body" data-testid="withdraw-record" data-status={row.status}>
      <span className="record-line">
        <span className="record-title">
          {row.coin} · {row.network}
        </span>
        <Amount className="record-amount" value={row.amount} coin={row.coin} />
      </span>
      <span className="record-line">
        <span className="record-meta mono">{shortAddress(row.address)}</span>
        <StatusPill label={withdrawStatusLabels[row.status]} tone={statusTone(row.status)} />
      </span>
      <span className="record-line">
        <RecordTime value={row.created_at} />
        <span className="record-meta">
          {row.fee_on_chain ? (
            // Paid from the wallet on chain, as the form said; the balance paid none of it.
            <Trans>
              Network fee <Amount value={row.fee} coin={row.coin} />
            </Trans>
          ) : (
            <Trans>
              Fee <Amount value={row.fee} coin={row.coin} />
            </Trans>
          )}
        </span>
      </span>
      {row.txid && (
        <span className="record-meta">
          {row.explorer_url ? (
            <a href={row.explorer_url} target="_blank" rel="noreferrer noopener">
              <Trans>Transaction {txid}</Trans>
            </a>
          ) : (
            <Trans>Transaction {txid}</Trans>
          )}
        </span>
      )}
      {row.status === 'failed' && row.failure_reason && (
        <span className="record-meta" data-testid="withdraw-reason">
          {isApiErrorName(reason) ? (
            <Trans>Reason: {ownReason}</Trans>
          ) : (
            <Trans>Refused by the operator: {reason}</Trans>
          )}
        </span>
      )}
      {row.fee_outcome && (
        <span className="record-meta" data-testid="withdraw-fee-outcome">
          {row.fee_outcome === 'returned' ? (
            <Trans>The network fee paid from your wallet was returned to your JU balance.</Trans>
          ) : row.fee_outcome === 'returned_when_confirmed' ? (
            <Trans>
              The network fee paid from your wallet comes back to your JU balance once its payment
              is confirmed.
            </Trans>
          ) : (
            <Trans>The network fee payment was not confirmed: nothing was taken.</Trans>
          )}
        </span>
      )}
    </div>
  );
}
