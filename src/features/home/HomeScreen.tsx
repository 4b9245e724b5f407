import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { homeServices, NavList } from '../../app/navigation.tsx';
import { formatAmount, parseAssetAmount } from '../../money/index.ts';
import { pendingInviteCodeAtom } from '../../state/preferences.ts';
import { useUserInfo } from '../../state/queries/user.ts';
import { sessionAtom } from '../../state/session.ts';
import { shortAddress } from '../../ui/format.ts';
import { SignInButton } from '../auth/SignInButton.tsx';
import { HomeContent } from './HomeContent.tsx';
import { Marquee } from './Marquee.tsx';

export function HomeScreen() {
  const session = useAtomValue(sessionAtom);
  return (
    <div className="stack">
      <Marquee />
      {session.address ? <Balances address={session.address} /> : <SignInHero />}
      <nav className="quick-links card" aria-labelledby="home-quick-links">
        <h2 id="home-quick-links" className="section-title">
          <Trans>Services</Trans>
        </h2>
        <NavList entries={homeServices} className="tile-grid" />
      </nav>
      <HomeContent />
    </div>
  );
}

function SignInHero() {
  const search: { redirect?: string } = useSearch({ strict: false });
  const inviteCode = useAtomValue(pendingInviteCodeAtom);
  return (
    <section className="hero card">
      <p className="hero-kicker">JU Wallet</p>
      {search.redirect ? (
        <h2 className="hero-title" data-testid="sign-in-to-continue">
          <Trans>Sign in to continue</Trans>
        </h2>
      ) : (
        <h2 className="hero-title">
          <Trans>Your wallet, tickets and cards in one place</Trans>
        </h2>
      )}
      <p className="hero-text">
        <Trans>Sign in with your wallet: no password, just a signature.</Trans>
      </p>
      {inviteCode && (
        <p className="notice-line" role="status">
          <Trans>Invite code {inviteCode} applied</Trans>
        </p>
      )}
      <SignInButton redirectTo={search.redirect} />
    </section>
  );
}

function Balances({ address }: { address: string }) {
  const { i18n } = useLingui();
  const { data: user } = useUserInfo();
  const short = shortAddress(address);
  const show = (value: string | undefined, asset: 'JU' | 'USDT' | 'TICKET') =>
    value === undefined
      ? '—'
      : formatAmount(parseAssetAmount(value, asset), { locale: i18n.locale });
  return (
    <section className="card balances" aria-labelledby="home-balances" data-testid="signed-in">
      <h2 id="home-balances" className="section-title">
        <Trans>Your balances</Trans>
      </h2>
      <p className="muted">
        <Trans>Signed in as</Trans> <span className="mono nowrap">{short}</span>
      </p>
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
            <Trans>Tickets</Trans>
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
