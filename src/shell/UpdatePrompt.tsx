import { Trans } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import { signInStepAtom } from '../signIn/signInStep.ts';
import { applyUpdateAtom } from '../offline/serviceWorker.ts';

/**
 * Offers the new version once one is waiting, but not in the middle of a sign-in, when a
 * reload would throw the user's progress away.
 */
export function UpdatePrompt() {
  const [applyUpdate, setApplyUpdate] = useAtom(applyUpdateAtom);
  const step = useAtomValue(signInStepAtom);
  if (!applyUpdate || step !== 'idle') return null;
  return (
    <div className="update-prompt" role="status">
      <p>
        <Trans>A new version of JU Wallet is ready. Reloading signs you out.</Trans>
      </p>
      <div className="row">
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => setApplyUpdate(null)}
        >
          <Trans>Later</Trans>
        </button>
        <button type="button" className="button button-small button-primary" onClick={applyUpdate}>
          <Trans>Reload</Trans>
        </button>
      </div>
    </div>
  );
}
