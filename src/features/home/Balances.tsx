// The signed-in home page's balances (JU, USDT, tickets), loaded only once someone signs in.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatAmount, parseAssetAmount } from '../../../contract/money/index.ts';
import { useKeptUserInfo } from '../../state/queries/user.ts';
import { RecordAge } from '../../ui/KeptCopy.tsx';
import { shortAddress } from '../../ui/format.ts';
import '../../ui/controls.css';

export function Balances({ address }: { address: string }) {
  const { i18n } = useLingui();
  const info = useKeptUserInfo();
  const user = info.data;
  const short = shortAddress(address);
  const show = (value: string | undefined, asset: 'JU' | 'USDT' | 'TICKET') =>
    value === undefined
      ? '—'
      : formatAmount(parseAssetAmount(value, asset), { locale: i18n.locale });
  return (
    <section className="card" aria-labelledby="home-balances" data-testid="signed-in">
      <h2 id="home-balances" className="section-title">
        <Trans>Your balances</Trans>
      </h2>
      <p className="muted">
        <Trans>Signed in as</Trans> <span className="mono nowrap">{short}</span>
      </p>
      <RecordAge asOf={info.asOf} offline={info.offline} />
      <dl className="balance-grid" aria-busy={user ? undefined : true}>
        <div>
          <dt>JU</dt>
          <dd>{show(user?.balances.JU, 'JU')}</dd>
        </div>
        <div>
          <dt>USDT</dt>
          <dd>{show(user?.balances.USDT, 'USDT')}</dd>
        </div>
        <div>
          <dt>
            <Trans>Ticket balance</Trans>
          </dt>
          <dd>{show(user?.balances.TICKET, 'TICKET')}</dd>
        </div>
      </dl>
      <Link to="/user" className="button button-ghost button-block">
        <Trans>User centre</Trans>
      </Link>
    </section>
  );
}
