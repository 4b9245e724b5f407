import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { shortAddress } from '../../ui/format.ts';
import { signInStepAtom } from './signInStep.ts';
import { useReturningAddress } from './useReturningAddress.ts';

const startSignIn = () => import('./signIn.ts').then(({ signIn }) => signIn());

export function SignInButton({
  className = 'button button-primary button-block',
}: {
  className?: string;
}) {
  const step = useAtomValue(signInStepAtom);
  const returning = useReturningAddress();
  const busy = step !== 'idle';
  const short = returning ? shortAddress(returning) : '';
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      aria-busy={busy}
      onClick={() => void startSignIn()}
    >
      {step === 'idle' &&
        (returning ? <Trans>Sign in again as {short}</Trans> : <Trans>Connect wallet</Trans>)}
      {step === 'connecting' && <Trans>Connecting…</Trans>}
      {step === 'network' && <Trans>Check your network…</Trans>}
      {step === 'signing' && <Trans>Sign the message in your wallet…</Trans>}
      {step === 'verifying' && <Trans>Signing in…</Trans>}
    </button>
  );
}
