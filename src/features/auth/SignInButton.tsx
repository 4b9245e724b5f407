import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { signInStepAtom } from './signInStep.ts';

const startSignIn = () => import('./signIn.ts').then(({ signIn }) => signIn());

export function SignInButton({
  className = 'button button-primary button-block',
}: {
  className?: string;
}) {
  const step = useAtomValue(signInStepAtom);
  const busy = step !== 'idle';
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      aria-busy={busy}
      onClick={() => void startSignIn()}
    >
      {step === 'idle' && <Trans>Connect wallet</Trans>}
      {step === 'connecting' && <Trans>Connecting…</Trans>}
      {step === 'network' && <Trans>Check your network…</Trans>}
      {step === 'signing' && <Trans>Sign the message in your wallet…</Trans>}
      {step === 'verifying' && <Trans>Signing in…</Trans>}
    </button>
  );
}
