// Signed out on a page whose records the device keeps (routes/_auth.tsx): the page shows the
// kept copy for the address last signed in here, and this bar says so, with one tap to sign
// in again (the page then reads the server's fresh copy). Offline, it says sign-in waits for
// the network instead.
import { Trans } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { SignInButton } from '../signIn/SignInButton.tsx';
import { readOnlyAddressAtom } from '../state/reader.ts';
import { shortAddress } from '../ui/format.ts';
import { useOnline } from '../ui/useOnline.ts';
import './readOnly.css';

export default function ReadOnlyBanner() {
  const address = useAtomValue(readOnlyAddressAtom);
  const online = useOnline();
  const here = useLocation({ select: (location) => location.href });
  if (!address) return null;
  const short = shortAddress(address);
  return (
    <section className="read-only-banner" role="status" data-testid="read-only-banner">
      <p>
        <Trans>
          Read only: you are signed out. This is what this device kept for{' '}
          <span className="nowrap">{short}</span>.
        </Trans>
      </p>
      {online ? (
        <SignInButton className="button button-small button-primary" redirectTo={here} />
      ) : (
        <p className="read-only-banner-offline">
          <Trans>Signing in needs an internet connection.</Trans>
        </p>
      )}
    </section>
  );
}
