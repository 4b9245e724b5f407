// Where a payment stands, under its form: the wallet is asking; 'payment processing' with the
// transaction hash and an explorer link while the chain mines it; recording; or the hash of a
// payment that failed after it was sent, to keep.
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { shortAddress } from '../../ui/format.ts';
import { chainFromConfig } from '../auth/signIn.ts';
import { explorerTransactionUrl } from './paymentFlow.ts';
import type { Payment } from './usePayment.ts';

export function PaymentProgress({
  payment,
}: {
  payment: Pick<Payment<unknown>, 'stage' | 'openHash' | 'failedHash'>;
}) {
  const { stage } = payment;
  const hash =
    stage.step === 'processing' || stage.step === 'submitting'
      ? stage.hash
      : (payment.openHash ?? payment.failedHash);
  if (stage.step === 'idle' && !hash) return null;
  return (
    <div className="notice" role="status" data-testid="payment-status" data-step={stage.step}>
      <strong>
        {stage.step === 'wallet' ? (
          <Trans>Confirm the payment in your wallet…</Trans>
        ) : stage.step === 'processing' ? (
          <Trans>Payment processing</Trans>
        ) : stage.step === 'submitting' ? (
          <Trans>Payment confirmed on chain. Recording it…</Trans>
        ) : payment.openHash ? (
          <Trans>Payment sent but not recorded yet</Trans>
        ) : (
          <Trans>Payment not recorded</Trans>
        )}
      </strong>
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
