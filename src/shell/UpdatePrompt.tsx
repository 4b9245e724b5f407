import { Trans } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import { applyUpdateAtom, updateOffer } from '../offline/updates.ts';
import { paymentsAtom } from '../payment/paymentSlots.ts';
import { signInStepAtom } from '../signIn/signInStep.ts';
import { hasUnsavedWorkAtom } from '../state/unsavedWork.ts';
import '../ui/controls.css';

/**
 * Offers the new version once one is waiting, and applies it only when the user accepts and
 * nothing a reload would lose is under way (updates.ts). While a form holds unsent changes or
 * a payment is under way, the banner says the update will come once that is done, so the user
 * knows why it waits and that typing on is safe; it offers 'Reload' as soon as it is.
 */
// Loaded (shell/__root.tsx) only once a new version waits, with the payment slots it reads.
export default function UpdatePrompt() {
  const [applyUpdate, setApplyUpdate] = useAtom(applyUpdateAtom);
  const unsavedForm = useAtomValue(hasUnsavedWorkAtom);
  const payments = useAtomValue(paymentsAtom);
  const signingIn = useAtomValue(signInStepAtom) !== 'idle';
  const paymentInFlight = Object.values(payments).some((payment) => payment.pending);
  const offer = updateOffer(applyUpdate !== null, { unsavedForm, paymentInFlight, signingIn });
  if (offer === 'hidden') return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <p>
        {offer === 'ready' ? (
          <Trans>A new version of JU Wallet is ready. Reloading signs you out.</Trans>
        ) : paymentInFlight ? (
          <Trans>
            A new version of JU Wallet is ready. It will be offered once your payment is through.
          </Trans>
        ) : (
          <Trans>
            A new version of JU Wallet is ready. It will be offered once you send or clear the form.
          </Trans>
        )}
      </p>
      <div className="row">
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => setApplyUpdate(null)}
        >
          <Trans>Later</Trans>
        </button>
        {offer === 'ready' && (
          <button
            type="button"
            className="button button-small button-primary"
            onClick={() => applyUpdate?.()}
          >
            <Trans>Reload</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
