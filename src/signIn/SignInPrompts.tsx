import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useOnceTrue } from '../ui/useOnceTrue.ts';
import {
  invitePromptAtom,
  networkPromptAtom,
  walletElsewherePromptAtom,
  walletPromptAtom,
} from './prompts.ts';

// The dialogs and the wallet code they call (network switch, wallet errors) are not part of
// the first screen: they load the first time sign-in or a payment asks a question, while the
// wallet itself is still connecting, and stay mounted from then on.
const SignInPromptDialogs = lazy(() =>
  import('./SignInPromptDialogs.tsx').then(({ SignInPromptDialogs }) => ({
    default: SignInPromptDialogs,
  })),
);

/** The questions sign-in may ask; one shows at a time, as the flow asks them in turn. */
export function SignInPrompts() {
  const asked = useOnceTrue(
    [
      useAtomValue(walletPromptAtom),
      useAtomValue(networkPromptAtom),
      useAtomValue(invitePromptAtom),
      useAtomValue(walletElsewherePromptAtom),
    ].some((request) => request !== null),
  );
  return asked ? (
    <Suspense fallback={null}>
      <SignInPromptDialogs />
    </Suspense>
  ) : null;
}
