import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <section className="empty-state">
      <p className="empty-state-title">
        <Trans>Page not found</Trans>
      </p>
      <Link to="/index" className="button button-primary">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
