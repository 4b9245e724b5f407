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
import { NoticeAside } from '../../ui/NoticeAside.tsx';
import { Stat } from '../../ui/Stat.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { PaymentProgress, TransactionLine } from '../../payment/PaymentProgress.tsx';
import { usePayment } from '../../payment/usePayment.ts';
import { paymentBlockedReason } from '../../payment/chainUnavailable.ts';
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

  const blockedReason = paymentBlockedReason(
    payment.disabledReason,
    config,
    t`Loading ticket settings…`,
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBought(null);
    void payment.submit({});
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <TitledSection titleId="ticket-buy-title" title={<Trans>Ticket</Trans>}>
        <dl className="stat-grid">
          <Stat label={<Trans>Price</Trans>} data-testid="ticket-price">
            {config.data ? <Amount value={config.data.price} coin="JU" /> : '…'}
          </Stat>
        </dl>
      </TitledSection>
      <NoticeAside>
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
      </NoticeAside>
      <PaymentProgress payment={payment} />
      {bought && (
        <TitledSection
          className="card stack"
          data-testid="ticket-bought"
          titleId="ticket-bought-title"
          title={<Trans>Your ticket purchase</Trans>}
        >
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
        </TitledSection>
      )}
      <MoneyFormActions
        action={payment}
        blockedReason={blockedReason}
        submitLabel={<Trans>Buy a ticket for {price}</Trans>}
      />
    </form>
  );
}
