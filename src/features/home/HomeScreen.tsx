import { Trans } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useNoticeMark } from '../../realtime/noticeBadge.ts';
import { NavList } from '../../ui/NavList.tsx';
import { homeServices } from './homeServices.ts';
import { pendingInviteCodeAtom } from '../../state/preferences.ts';
import { sessionAtom } from '../../state/session.ts';
import { SignInButton } from '../../signIn/SignInButton.tsx';
import { HomeContent } from './HomeContent.tsx';
import { Marquee } from './Marquee.tsx';

// Balances need the money code (amount parsing and formatting), which a visitor's first
// screen does without: it loads when someone is signed in.
const Balances = lazy(() =>
  import('./Balances.tsx').then(({ Balances }) => ({ default: Balances })),
);

export function HomeScreen() {
  const session = useAtomValue(sessionAtom);
  const noticeMark = useNoticeMark();
  return (
    <div className="stack">
      <Marquee />
      {session.address ? (
        <Suspense fallback={<div className="skeleton skeleton-hero" />}>
          <Balances address={session.address} />
        </Suspense>
      ) : (
        <SignInHero />
      )}
      <nav className="quick-links card" aria-labelledby="home-quick-links">
        <h2 id="home-quick-links" className="section-title">
          <Trans>Services</Trans>
        </h2>
        <NavList entries={homeServices} className="tile-grid" mark={noticeMark} />
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
          <Trans>Invite code {inviteCode}: it applies when a new wallet signs in</Trans>
        </p>
      )}
      <SignInButton redirectTo={search.redirect} />
    </section>
  );
}
