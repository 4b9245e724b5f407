// The wallet page's list of payments on the chain in progress: those the server holds and
// follows until the chain decides them (and what it decided, this visit), and those this
// device sent but has not handed in yet, with a way to hand them in now.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { PaymentPurpose } from '../../contract/api/chain.ts';
import { useApi } from '../state/apiContext.tsx';
import { refreshAreas } from '../state/queries/cacheAreas.ts';
import { addressAtom } from '../state/session.ts';
import { Amount } from '../ui/Amount.tsx';
import { toast } from '../ui/toast.ts';
import { realDelay } from '../wallet/transactions.ts';
import { FollowedPayment, TransactionLine } from './PaymentProgress.tsx';
import {
  followedPaymentsAtom,
  handOverSlot,
  keptPaymentsOf,
  paymentsAtom,
  readSlot,
  sentPaymentsAtom,
  type OpenPayment,
} from './paymentSlots.ts';
import { paymentChanges } from './paymentKinds.ts';
import { paymentFailureText } from './usePayment.ts';
import '../ui/controls.css';

const purposeLabels = {
  ticket: msg`Ticket`,
  cycle: msg`Mutual-aid cycle`,
  node: msg`Nodes`,
  withdraw_fee: msg`JU withdrawal fee`,
  balance_credit: msg`Back to your balance`,
} satisfies Record<PaymentPurpose, unknown>;

export function PaymentsInProgress() {
  const { t, i18n } = useLingui();
  const address = useAtomValue(addressAtom);
  const followed = Object.values(useAtomValue(followedPaymentsAtom));
  useAtomValue(paymentsAtom);
  useAtomValue(sentPaymentsAtom);
  const kept = address ? keptPaymentsOf(address) : [];
  if (followed.length === 0 && kept.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="payments-in-progress" data-testid="payments">
      <h2 id="payments-in-progress" className="section-title">
        <Trans>Payments on the chain</Trans>
      </h2>
      <ul className="records">
        {kept.map(([key, open]) => (
          <li key={key} className="record" data-testid="payment-kept">
            <KeptPayment slot={key} open={open} />
          </li>
        ))}
        {followed.map(({ payment }) => (
          <li key={payment.hash} className="record" data-testid="payment-followed">
            <div className="record-body">
              <span className="record-line">
                <span className="record-title">{i18n._(purposeLabels[payment.purpose])}</span>
                <Amount value={payment.amount} coin="JU" />
              </span>
              <FollowedPayment payment={payment} inList />
            </div>
          </li>
        ))}
      </ul>
      <p className="field-hint">
        {t`A payment sent from your wallet is recorded as soon as the chain sees it, and completes by itself once the chain confirms it, even if you close the app.`}
      </p>
    </section>
  );
}

function KeptPayment({ slot, open }: { slot: string; open: OpenPayment }) {
  const { t } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const pending = readSlot(slot).pending;
  async function handIn() {
    try {
      await handOverSlot(api, slot, { ...open, hash: open.hash! }, realDelay);
      toast(t`A payment sent earlier is now recorded.`, 'success');
      await refreshAreas(queryClient, paymentChanges(open.kind));
    } catch (error) {
      toast(
        paymentFailureText(error, () => t`A payment sent earlier was not recorded.`),
        'error',
      );
    }
  }
  return (
    <div className="record-body">
      <strong>
        <Trans>Payment sent but not recorded yet</Trans>
      </strong>
      <TransactionLine hash={open.hash!} />
      <button
        type="button"
        className="button button-primary"
        disabled={pending}
        onClick={() => void handIn()}
      >
        {pending ? <Trans>Recording…</Trans> : <Trans>Try again</Trans>}
      </button>
    </div>
  );
}
