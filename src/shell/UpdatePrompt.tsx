import { Trans } from '@lingui/react/macro';
import { atom, useAtom, useAtomValue, type Atom } from 'jotai';
import { useEffect, useState } from 'react';
import { applyUpdateAtom, updateOffer } from '../offline/updates.ts';
import { signInStepAtom } from '../signIn/signInStep.ts';
import { hasUnsavedWorkAtom } from '../state/unsavedWork.ts';

type Payments = Record<string, { pending: boolean }> | null;
const notLoaded = atom<Payments>(null);

// The payment module stays out of the first screen's code: it is loaded once an update waits
// (and is there already when a payment is under way).
function usePaymentsAtom(waiting: boolean): Atom<Payments> {
  const [payments, setPayments] = useState<Atom<Payments>>(() => notLoaded);
  useEffect(() => {
    if (!waiting) return;
    void import('../payment/paymentSlots.ts').then(({ paymentsAtom }) =>
      setPayments(() => paymentsAtom),
    );
  }, [waiting]);
  return payments;
}

/**
 * Offers the new version once one is waiting, and applies it only when the user accepts and
 * nothing a reload would lose is under way (updates.ts). While a form holds unsent changes or
 * a payment is under way, the banner says the update will come once that is done, so the user
 * knows why it waits and that typing on is safe; it offers 'Reload' as soon as it is.
 */
export function UpdatePrompt() {
  const [applyUpdate, setApplyUpdate] = useAtom(applyUpdateAtom);
  const unsavedForm = useAtomValue(hasUnsavedWorkAtom);
  const payments = useAtomValue(usePaymentsAtom(applyUpdate !== null));
  const signingIn = useAtomValue(signInStepAtom) !== 'idle';
  if (!payments) return null;
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
