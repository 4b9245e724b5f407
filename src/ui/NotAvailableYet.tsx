import { Trans } from '@lingui/react/macro';

/** The honest state of a screen whose feature has not shipped yet. */
export function NotAvailableYet() {
  return (
    <section className="empty-state" aria-live="polite">
      <div className="empty-state-icon" aria-hidden="true">
        ◌
      </div>
      <p className="empty-state-title">
        <Trans>Not available yet</Trans>
      </p>
      <p className="empty-state-text">
        <Trans>This part of JU Wallet is on its way. Please check back soon.</Trans>
      </p>
    </section>
  );
}
