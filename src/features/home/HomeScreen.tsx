import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { homeServices, NavList } from '../../app/navigation.tsx';
import { SignInButton } from '../auth/SignInButton.tsx';
import { sessionAtom } from '../../state/session.ts';
import { shortAddress } from '../../ui/format.ts';

export function HomeScreen() {
  const session = useAtomValue(sessionAtom);
  return (
    <div className="stack">
      <section className="hero card">
        <p className="hero-kicker">JU Wallet</p>
        <h2 className="hero-title">
          <Trans>Your wallet, tickets and cards in one place</Trans>
        </h2>
        <p className="hero-text">
          <Trans>Sign in with your wallet: no password, just a signature.</Trans>
        </p>
        {session.address ? (
          <div className="signed-in" data-testid="signed-in">
            <p>
              <Trans>Signed in as</Trans>{' '}
              <span className="mono">{shortAddress(session.address)}</span>
            </p>
            <Link to="/user" className="button button-primary button-block">
              <Trans>User centre</Trans>
            </Link>
          </div>
        ) : (
          <SignInButton />
        )}
      </section>
      <nav className="quick-links card" aria-labelledby="home-quick-links">
        <h2 id="home-quick-links" className="section-title">
          <Trans>Services</Trans>
        </h2>
        <NavList entries={homeServices} className="tile-grid" />
      </nav>
    </div>
  );
}
