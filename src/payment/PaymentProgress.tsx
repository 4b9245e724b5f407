// Where a payment stands, under its form: the wallet is asking; the app is handing the hash to
// the server; 'payment processing' with the transaction hash, its confirmations and an
// explorer link while the chain mines it; what the chain decided; or the hash of a payment
// that failed after it was sent, to keep.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChainPayment } from '../../contract/api/chain.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { catalogueMessage } from '../ui/formErrors.ts';
import { shortAddress } from '../ui/format.ts';
import { chainFromConfig } from '../config/chain.ts';
import { explorerTransactionUrl } from './paymentFlow.ts';
import type { Payment } from './usePayment.ts';
import '../ui/controls.css';

export function PaymentProgress({
  payment,
}: {
  payment: Pick<Payment<unknown>, 'stage' | 'openHash' | 'failedHash' | 'following'>;
}) {
  const { stage, following } = payment;
  if (stage.step === 'wallet')
    return (
      <ProgressNote step="wallet">
        <Trans>Confirm the payment in your wallet…</Trans>
      </ProgressNote>
    );
  if (stage.step === 'submitting')
    return (
      <ProgressNote step="submitting" hash={stage.hash}>
        <Trans>Payment sent. Recording it…</Trans>
      </ProgressNote>
    );
  if (payment.openHash)
    return (
      <ProgressNote step="open" hash={payment.openHash}>
        <Trans>Payment sent but not recorded yet</Trans>
      </ProgressNote>
    );
  if (following) return <FollowedPayment payment={following} />;
  if (payment.failedHash)
    return (
      <ProgressNote step="failed" hash={payment.failedHash}>
        <Trans>Payment not recorded</Trans>
      </ProgressNote>
    );
  return null;
}

/**
 * A payment the server holds: processing until the chain decides, then what it decided.
 * `inList`: drawn inside a record of a list rather than as a note of its own.
 */
export function FollowedPayment({
  payment,
  inList = false,
}: {
  payment: ChainPayment;
  inList?: boolean;
}) {
  const seen = payment.confirmations;
  const needed = payment.required_confirmations;
  const hash = payment.mined_hash ?? payment.hash;
  if (payment.status === 'pending')
    return (
      <ProgressNote
        step="processing"
        hash={hash}
        inList={inList}
        detail={
          seen === 0 ? (
            <Trans>Waiting for the chain to include it.</Trans>
          ) : (
            <Trans>
              {seen} of {needed} confirmations.
            </Trans>
          )
        }
      >
        <Trans>Payment processing</Trans>
      </ProgressNote>
    );
  if (payment.status === 'confirmed')
    return (
      <ProgressNote step="confirmed" hash={hash} inList={inList}>
        <Trans>Payment confirmed on the chain.</Trans>
      </ProgressNote>
    );
  return (
    <ProgressNote step="rejected" hash={hash} inList={inList}>
      {payment.failure ? catalogueMessage(payment.failure) : <Trans>Payment not recorded</Trans>}
    </ProgressNote>
  );
}

function ProgressNote({
  step,
  hash,
  detail,
  inList = false,
  children,
}: {
  step: string;
  hash?: string | undefined;
  /** A second line under the headline. */
  detail?: React.ReactNode;
  inList?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      className={inList ? 'payment-note' : 'notice'}
      role="status"
      data-testid="payment-status"
      data-step={step}
    >
      <strong>{children}</strong>
      {detail && <p className="muted">{detail}</p>}
      {hash && <TransactionLine hash={hash} />}
    </div>
  );
}

export function TransactionLine({ hash }: { hash: string }) {
  const { t } = useLingui();
  const url = explorerTransactionUrl(chainFromConfig(), hash);
  const short = shortAddress(hash);
  return (
    <p className="payment-hash">
      <span className="mono" data-testid="payment-hash" data-hash={hash}>
        {url ? (
          <a href={url} target="_blank" rel="noreferrer noopener">
            <Trans>Transaction {short}</Trans>
          </a>
        ) : (
          <Trans>Transaction {short}</Trans>
        )}
      </span>
      <CopyButton
        value={hash}
        label={t`Copy transaction hash`}
        copiedText={t`Transaction hash copied`}
      />
    </p>
  );
}
