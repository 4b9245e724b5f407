import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { loadRestOfCatalog } from '../i18n/activate.ts';
import { currentLocale } from '../i18n/current.ts';
import { shortAddress } from '../ui/format.ts';
import { toast } from '../ui/toast.ts';
import { isOnline } from '../ui/useOnline.ts';
import { signInStepAtom } from './signInStep.ts';
import { useReturningAccount } from './useReturningAccount.ts';
import { takeConnectAfterReload } from './connectAfterReload.ts';

// Sign-in's steps speak with the second part of the catalog; offline before it was ever
// cached, they speak English rather than not at all.
const startSignIn = (returning: boolean) =>
  Promise.all([import('./signIn.ts'), loadRestOfCatalog(currentLocale()).catch(() => {})]).then(
    ([{ signIn }]) => signIn({ returning }),
  );

/** A path inside this app (not '//host'), so a crafted link cannot send the user elsewhere. */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : undefined;
}

export function SignInButton({
  className = 'button button-primary button-block',
  redirectTo,
  onSignedIn,
}: {
  className?: string;
  /** Where to go once signed in: the page the user wanted. */
  redirectTo?: string;
  onSignedIn?: () => void;
}) {
  const { t } = useLingui();
  const router = useRouter();
  const signInStep = useAtomValue(signInStepAtom);
  // The tap is answered at once: the sign-in's code and words may still be on their way.
  const [starting, setStarting] = useState(false);
  const step = starting && signInStep === 'idle' ? 'connecting' : signInStep;
  const returning = useReturningAccount();
  const busy = step !== 'idle';
  const short = returning ? shortAddress(returning.address) : '';

  /** The wallet could sign offline, but the server must check the signature. */
  function online(): boolean {
    if (isOnline()) return true;
    toast(t`Signing in needs an internet connection. Connect and try again.`, 'error');
    return false;
  }

  async function finish(signedIn: Promise<boolean>) {
    if (!(await signedIn)) return;
    onSignedIn?.();
    const target = safeRedirect(redirectTo);
    if (target) await router.navigate({ href: target, replace: true });
  }

  function onClick() {
    if (!online()) return;
    setStarting(true);
    void finish(startSignIn(returning !== null).finally(() => setStarting(false)));
  }

  // The page reloaded so the wallet could inject itself (walletBrowser.ts): the connection
  // the user tapped for goes on.
  useEffect(() => {
    if (takeConnectAfterReload() && online()) void finish(startSignIn(false));
    // Once, on the first render after that reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={onClick}>
      {step === 'idle' &&
        (!returning ? (
          <Trans>Connect wallet</Trans>
        ) : (
          // One flex item, so the words wrap as text and the address never splits.
          <span>
            {returning.signedInBefore ? (
              <Trans>
                Sign in again as <span className="nowrap">{short}</span>
              </Trans>
            ) : (
              <Trans>
                Sign in as <span className="nowrap">{short}</span>
              </Trans>
            )}
          </span>
        ))}
      {step === 'connecting' && <Trans>Connecting…</Trans>}
      {step === 'network' && (
        <Trans comment="Shown while the app checks which chain the wallet is on, not the internet connection.">
          Checking your wallet's network…
        </Trans>
      )}
      {step === 'signing' && <Trans>Sign the message in your wallet…</Trans>}
      {step === 'verifying' && <Trans>Signing in…</Trans>}
    </button>
  );
}
