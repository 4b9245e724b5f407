import { Trans } from '@lingui/react/macro';
import { useOnline } from '../ui/useOnline.ts';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      <Trans>You are offline. Money actions are paused until you reconnect.</Trans>
    </p>
  );
}
