// /wallet (spec §2, §4): balances per asset with what is frozen for withdrawals, how each is
// split between available and frozen, every money action, and the income record.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as dn from 'dnum';
import type { AssetCode } from '../../../contract/api/assets.ts';
import type { IncomeRow, WalletBalance } from '../../../contract/api/wallet.ts';
import { PaymentsInProgress } from '../../payment/PaymentsInProgress.tsx';
import { IncomeItem } from '../../ui/IncomeItem.tsx';
import { parseAssetAmount } from '../../../contract/money/index.ts';
import { useApi } from '../../state/apiContext.tsx';
import { incomeSource, useKeptWallet } from '../../state/queries/money.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount, balanceLabel } from '../../ui/Amount.tsx';
import { KeptRecordMissing, RecordAge } from '../../ui/KeptCopy.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import '../../ui/records.css';

// Three parts, each reading its own data: an answer for one (the balances, the income record,
// its saved copy) redraws that part alone, not the rest of the page.
export function WalletScreen() {
  const { t } = useLingui();
  return (
    <div className="stack">
      <Balances />
      <PaymentsInProgress />
      <nav className="card" aria-label={t`Money actions`}>
        <ul className="tile-grid money-actions">
          <li>
            <Link to="/wallet/transfer">
              <Trans context="tickets">Transfer</Trans>
            </Link>
          </li>
          <li>
            <Link to="/withdraw">
              <Trans>Withdraw</Trans>
            </Link>
          </li>
          <li>
            <Link to="/wallet/moneyLog">
              <Trans>Money log</Trans>
            </Link>
          </li>
          <li>
            <Link to="/transfer/list">
              <Trans>Transfer records</Trans>
            </Link>
          </li>
          <li>
            <Link to="/withdraw/list">
              <Trans>Withdrawal records</Trans>
            </Link>
          </li>
        </ul>
      </nav>
      <IncomeRecord />
    </div>
  );
}

function Balances() {
  const wallet = useKeptWallet();
  return (
    <section className="card" aria-labelledby="wallet-balances">
      <h2 id="wallet-balances" className="section-title">
        <Trans>Balances</Trans>
      </h2>
      {wallet.data ? (
        <>
          <RecordAge asOf={wallet.asOf} offline={wallet.offline} />
          <ul className="wallet-balances">
            {wallet.data.balances.map((balance) => (
              <BalanceRow key={balance.coin} balance={balance} />
            ))}
          </ul>
        </>
      ) : (
        <KeptRecordMissing kept={wallet} rows={2} />
      )}
    </section>
  );
}

function IncomeRecord() {
  const { t } = useLingui();
  const income = useRecordList(incomeSource(useApi()));
  return (
    <section aria-labelledby="wallet-income">
      <h2 id="wallet-income" className="section-title">
        <Trans>Income record</Trans>
      </h2>
      <RecordList
        list={income}
        label={t`Income record`}
        itemKey={(row: IncomeRow) => row.id}
        empty={<Trans>No income yet</Trans>}
        renderItem={(row: IncomeRow) => <IncomeItem row={row} />}
        rowDeps={[]}
      />
    </section>
  );
}

/** Share of `part` in `whole`, 0…1, for the chart only (a display ratio, not money). */
function share(part: string, whole: dn.Dnum, coin: AssetCode): number {
  if (dn.equal(whole, 0)) return 0;
  const ratio = dn.div(parseAssetAmount(part, coin), whole, 4);
  return Math.min(1, Math.max(0, Number(dn.toString(ratio))));
}

function BalanceRow({ balance }: { balance: WalletBalance }) {
  const { t } = useLingui();
  const total = dn.add(
    parseAssetAmount(balance.available, balance.coin),
    parseAssetAmount(balance.frozen, balance.coin),
  );
  const empty = dn.equal(total, 0);
  const available = share(balance.available, total, balance.coin);
  const percent = Math.round(available * 100);
  const frozenPercent = 100 - percent;
  return (
    <li className="balance" data-testid={`balance-${balance.coin}`}>
      <div className="balance-head">
        <span className="balance-coin">{balanceLabel(balance.coin)}</span>
        <Amount className="balance-total" value={balance.available} coin={balance.coin} bare />
      </div>
      <svg
        className="balance-chart"
        viewBox="0 0 100 6"
        preserveAspectRatio="none"
        role="img"
        aria-label={empty ? t`No balance` : t`${percent}% available, ${frozenPercent}% frozen`}
      >
        {/* Nothing held: an empty track, not a bar that reads as all frozen. */}
        <rect
          x="0"
          y="0"
          width="100"
          height="6"
          rx="3"
          className={empty ? 'balance-chart-empty' : 'balance-chart-frozen'}
        />
        <rect
          x="0"
          y="0"
          width={empty ? 0 : available * 100}
          height="6"
          rx="3"
          className="balance-chart-available"
        />
      </svg>
      <dl className="balance-split">
        <div>
          <dt>
            <Trans>Available</Trans>
          </dt>
          <dd>
            <Amount value={balance.available} coin={balance.coin} bare />
          </dd>
        </div>
        <div>
          <dt>
            <Trans
              context="wallet funds"
              comment="Part of the balance that is held and cannot be spent for now."
            >
              Frozen
            </Trans>
          </dt>
          <dd>
            <Amount value={balance.frozen} coin={balance.coin} bare />
          </dd>
        </div>
      </dl>
      {balance.coin === 'TICKET' && (
        <p className="muted" data-testid="ticket-balance-note">
          <Trans>
            Tickets you can send to other users. Tickets bought on the chain are under{' '}
            <Link to="/ticket/mine">Purchased tickets</Link>.
          </Trans>
        </p>
      )}
    </li>
  );
}
