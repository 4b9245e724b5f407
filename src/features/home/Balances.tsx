// The signed-in home page's balances (JU, USDT, tickets), loaded only once someone signs in.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatAmount, parseAssetAmount } from '../../../contract/money/index.ts';
import { useKeptUserInfo } from '../../state/queries/user.ts';
import { RecordAge } from '../../ui/KeptCopy.tsx';
import { shortAddress } from '../../ui/format.ts';
import '../../ui/controls.css';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Stat } from '../../ui/Stat.tsx';

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
    <TitledSection
      data-testid="signed-in"
      titleId="home-balances"
      title={<Trans>Your balances</Trans>}
    >
      <p className="muted">
        <Trans>Signed in as</Trans> <span className="mono nowrap">{short}</span>
      </p>
      <RecordAge asOf={info.asOf} offline={info.offline} />
      <dl className="balance-grid" aria-busy={user ? undefined : true}>
        <Stat label="JU">{show(user?.balances.JU, 'JU')}</Stat>
        <Stat label="USDT">{show(user?.balances.USDT, 'USDT')}</Stat>
        <Stat label={<Trans>Ticket balance</Trans>}>{show(user?.balances.TICKET, 'TICKET')}</Stat>
      </dl>
      <Link to="/user" className="button button-ghost button-block">
        <Trans>User centre</Trans>
      </Link>
    </TitledSection>
  );
}
