import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The honest state of a screen whose feature has not shipped yet, with a way back home. */
export function NotAvailableYet() {
  return (
    <section className="empty-state">
      <p className="empty-state-title">
        <Trans>Not available yet</Trans>
      </p>
      <p className="empty-state-text">
        <Trans>This part of JU Wallet is on its way. Please check back soon.</Trans>
      </p>
      <Link to="/index" className="button button-primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}
