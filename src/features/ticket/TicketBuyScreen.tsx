// /ticket/buy (spec §2 menu 'ticket buy', §9 ticket price): pay the ticket price from the
// wallet to the treasury on chain; the server checks the payment and issues the ticket. The
// purchase hash then fills in the dividend application.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { TicketBuyData } from '../../../contract/api/ticket.ts';
import { useTicketConfig } from '../../state/queries/ticket.ts';
import { Amount, formatCoinAmount } from '../../ui/Amount.tsx';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { describeRequestError } from '../../ui/requestFailures.ts';
import { PaymentProgress, TransactionLine } from '../../payment/PaymentProgress.tsx';
import { usePayment } from '../../payment/usePayment.ts';
import { chainUnavailableReason } from '../../payment/chainUnavailable.ts';
import '../../ui/records.css';
import '../../ui/controls.css';

export function TicketBuyScreen() {
  const { t, i18n } = useLingui();
  const config = useTicketConfig();
  const [bought, setBought] = useState<{ hash: string; result: TicketBuyData } | null>(null);
  const price = config.data ? `${formatCoinAmount(config.data.price, 'JU', i18n.locale)} JU` : '';
  const days = config.data?.idle_days ?? 0;

  const payment = usePayment({
    kind: 'ticket',
    confirm: () => ({
      title: t`Buy a ticket`,
      message: t`Pay ${price} from your wallet for one ticket?`,
      confirmText: t`Pay`,
    }),
    payment: () => ({ treasury: config.data!.treasury!, amount: config.data!.price }),
    successMessage: (result) =>
      result.ticket.status === 'pending_payment'
        ? t`Payment received; your ticket is issued once the chain confirms it`
        : t`Ticket bought`,
    failureMessage: () => t`Ticket purchase failed, try again`,
    onSuccess: (result, hash) => setBought({ hash, result }),
  });

  const blockedReason =
    payment.disabledReason ??
    (config.isError
      ? describeRequestError(config.error)
      : !config.data
        ? t`Loading ticket settings…`
        : chainUnavailableReason(config.data.treasury));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBought(null);
    void payment.submit({});
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <section className="card" aria-labelledby="ticket-buy-title">
        <h2 id="ticket-buy-title" className="section-title">
          <Trans>Ticket</Trans>
        </h2>
        <dl className="stat-grid">
          <div>
            <dt>
              <Trans>Price</Trans>
            </dt>
            <dd data-testid="ticket-price">
              {config.data ? <Amount value={config.data.price} coin="JU" /> : '…'}
            </dd>
          </div>
        </dl>
      </section>
      <aside className="notice" aria-label={t({ message: 'Notice', context: 'please note' })}>
        <strong>
          <Trans context="please note">Notice</Trans>
        </strong>
        <ul>
          <li>
            <Trans>
              You pay from your own wallet on the JU chain; JU Wallet never holds your key.
            </Trans>
          </li>
          <li>
            <Trans>
              A ticket is invalidated after <Plural value={days} one="# day" other="# days" />{' '}
              without an operation.
            </Trans>
          </li>
          <li>
            <Trans>
              Keep the transaction hash: it is what you apply for the ticket dividend with.
            </Trans>
          </li>
        </ul>
      </aside>
      <PaymentProgress payment={payment} />
      {bought && (
        <section
          className="card stack"
          data-testid="ticket-bought"
          aria-labelledby="ticket-bought-title"
        >
          <h2 id="ticket-bought-title" className="section-title">
            <Trans>Your ticket purchase</Trans>
          </h2>
          {/* The payment's note above already shows the transaction while it is followed. */}
          {!payment.following && <TransactionLine hash={bought.hash} />}
          {/* One application per user: once it is used, its record instead of the form. */}
          {config.data?.live_application ? (
            <Link to="/ticket/apply" className="button button-primary button-block">
              <Trans>Your dividend application</Trans>
            </Link>
          ) : (
            <Link
              to="/ticket/apply"
              search={{ hash: bought.hash }}
              className="button button-primary button-block"
            >
              <Trans>Apply for the ticket dividend</Trans>
            </Link>
          )}
          <Link to="/ticket/mine" className="button button-ghost button-block">
            <Trans>Purchased tickets</Trans>
          </Link>
        </section>
      )}
      <MoneyFormActions
        action={payment}
        blockedReason={blockedReason}
        submitLabel={<Trans>Buy a ticket for {price}</Trans>}
      />
    </form>
  );
}
