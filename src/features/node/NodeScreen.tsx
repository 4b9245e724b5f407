// /node (spec §2 node purchase, §7 node/config, getOrder, balanceBuyNode): what a node costs
// and grants, how many are left and how many one user may hold; an order fixes the quantity
// and the price for a few minutes (a countdown shows how long), and is paid on chain from the
// wallet or from the JU balance.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { nodeEndpoints, type NodeConfigData, type NodeOrder } from '../../../contract/api/node.ts';
import { parseAssetAmount } from '../../../contract/money/index.ts';
import { useAction } from '../../state/actions/useAction.ts';
import { refreshAreas } from '../../state/queries/cacheAreas.ts';
import { useWallet } from '../../state/queries/money.ts';
import { useNodeConfig, useNodeOrder } from '../../state/queries/node.ts';
import { Amount, formatCoinAmount } from '../../ui/Amount.tsx';
import { Field } from '../../ui/Field.tsx';
import { catalogueMessage } from '../../ui/formErrors.ts';
import { useForm } from '../../ui/useForm.ts';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { KeptRecordMissing, RecordAge } from '../../ui/KeptCopy.tsx';

import { chainUnavailableReason } from '../../payment/chainUnavailable.ts';
import { timeLeft, useNow } from '../../ui/countdown.ts';
import { PaymentProgress, TransactionLine } from '../../payment/PaymentProgress.tsx';
import { usePayment } from '../../payment/usePayment.ts';
import '../../ui/records.css';
import '../../ui/controls.css';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Stat } from '../../ui/Stat.tsx';

export function NodeScreen() {
  const { t } = useLingui();
  const config = useNodeConfig();
  const [order, setOrder] = useState<NodeOrder | null>(null);
  if (!config.data) return <KeptRecordMissing kept={config} />;
  const offer = config.data;
  const power = offer.power_per_node;
  const left = offer.supply_left;
  const supply = offer.supply_total;
  const limit = offer.per_user_limit;
  const owned = offer.owned;
  const quoteMinutes = offer.quote_minutes;
  return (
    <div className="stack">
      <RecordAge asOf={config.asOf} offline={config.offline} />
      <TitledSection data-testid="node-offer" titleId="node-offer" title={<Trans>Node</Trans>}>
        <dl className="stat-grid">
          <Stat label={<Trans>Price per node</Trans>}>
            <Amount value={offer.price} coin="JU" />
          </Stat>
          <Stat label={<Trans>Supply left</Trans>} data-testid="node-supply-left">
            <Trans>
              {left} of {supply}
            </Trans>
          </Stat>
          <Stat label={<Trans>Limit per user</Trans>}>{limit}</Stat>
          <Stat label={<Trans>You hold</Trans>} data-testid="node-owned">
            {owned}
          </Stat>
          {offer.on_order > 0 && (
            <Stat label={<Trans>On order</Trans>} data-testid="node-on-order">
              {offer.on_order}
            </Stat>
          )}
        </dl>
        <p className="muted">
          <Trans>Each node grants {power} compute power, shown in your compute log.</Trans>
        </p>
      </TitledSection>
      {order?.status === 'awaiting_payment' ? (
        <AwaitingChain order={order} onDone={setOrder} />
      ) : order && order.status !== 'paid' ? (
        <OrderCard offer={offer} order={order} onDone={setOrder} />
      ) : (
        <QuoteForm offer={offer} onOrder={setOrder} />
      )}
      {order?.status === 'paid' && (
        <p className="notice" role="status" data-testid="node-paid">
          <Trans>Your nodes are active. Thank you!</Trans>
        </p>
      )}
      <p className="muted">{t`Quotes are valid for ${quoteMinutes} minutes.`}</p>
      <Link to="/power" className="button button-ghost button-block">
        <Trans>Compute log</Trans>
      </Link>
    </div>
  );
}

/** Paid on chain, not confirmed yet: no second payment is offered; the order is watched. */
function AwaitingChain({
  order,
  onDone,
}: {
  order: NodeOrder;
  onDone: (order: NodeOrder | null) => void;
}) {
  const queryClient = useQueryClient();
  const watched = useNodeOrder(order.id, true);
  const latest = watched.data;
  useEffect(() => {
    if (!latest || latest.status === 'awaiting_payment') return;
    onDone(latest);
    // 'You hold' and the supply left change with the granted nodes.
    void refreshAreas(queryClient, nodeEndpoints.chainPay.changes);
  }, [latest, onDone, queryClient]);
  return (
    <TitledSection
      className="card stack"
      data-testid="node-awaiting"
      titleId="node-awaiting"
      title={<Trans>Payment processing</Trans>}
    >
      <p>
        <Trans>Payment received; your nodes are granted once the chain confirms it</Trans>
      </p>
      {order.hash && <TransactionLine hash={order.hash} />}
    </TitledSection>
  );
}

function QuoteForm({
  offer,
  onOrder,
}: {
  offer: NodeConfigData;
  onOrder: (order: NodeOrder) => void;
}) {
  const { t } = useLingui();
  const form = useForm<{ quantity: string }>({
    initial: { quantity: '1' },
    check: ({ quantity }) => {
      const problem = quantityProblem(quantity);
      return problem ? { quantity: problem } : {};
    },
  });
  // A quote moves no money: no confirm, no success toast; the supply left is read again,
  // since others may have paid meanwhile.
  const quote = useAction(nodeEndpoints.getOrder, {
    failureMessage: () => t`Getting a quote failed, try again`,
    onSuccess: (order) => onOrder(order),
  });
  // Nodes on order count towards the limit as much as the nodes held.
  const allowed = offer.per_user_limit - offer.owned - offer.on_order;
  const room = Math.min(allowed, offer.supply_left);

  function quantityProblem(quantity: string): string | undefined {
    const count = Number(quantity);
    return !/^\d+$/.test(quantity.trim()) || count < 1
      ? t`Enter a whole number of nodes, at least 1`
      : count > offer.supply_left
        ? catalogueMessage('node_sold_out')
        : count > allowed
          ? catalogueMessage('node_limit_reached', { limit: offer.per_user_limit })
          : undefined;
  }

  return (
    <form
      className="card stack"
      onSubmit={form.onSubmit(({ quantity }) => quote.submit({ quantity: Number(quantity) }))}
      noValidate
      aria-labelledby="node-quote"
    >
      <h2 id="node-quote" className="section-title">
        <Trans>Buy nodes</Trans>
      </h2>
      <Field label={<Trans>Quantity</Trans>} error={form.errors.quantity}>
        {(control) => (
          <input
            {...control}
            className="field-input"
            name="quantity"
            inputMode="numeric"
            value={form.values.quantity}
            onChange={(event) => form.set('quantity', event.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={quote.pending || room < 1}
      >
        {quote.pending ? <Trans>Getting a quote…</Trans> : <Trans>Get a quote</Trans>}
      </button>
      {room < 1 && (
        <p className="field-hint" role="status">
          {offer.supply_left < 1
            ? catalogueMessage('node_sold_out')
            : catalogueMessage('node_limit_reached', { limit: offer.per_user_limit })}
        </p>
      )}
    </form>
  );
}

function OrderCard({
  offer,
  order,
  onDone,
}: {
  offer: NodeConfigData;
  order: NodeOrder;
  onDone: (order: NodeOrder | null) => void;
}) {
  const { t, i18n } = useLingui();
  const wallet = useWallet();
  const now = useNow(1_000);
  const left = timeLeft(order.expires_at, now);
  const expired = left.ms === 0;
  const total = `${formatCoinAmount(order.total, 'JU', i18n.locale)} JU`;
  const quantity = order.quantity;
  const minutes = left.minutes + left.hours * 60;
  const seconds = String(left.seconds).padStart(2, '0');
  const available = wallet.data?.balances.find((b) => b.coin === 'JU')?.available;
  const availableText = available === undefined ? '…' : <Amount value={available} coin="JU" />;
  const enough =
    available !== undefined &&
    parseAssetAmount(available, 'JU')[0] >= parseAssetAmount(order.total, 'JU')[0];

  const onChain = usePayment({
    kind: 'node',
    slot: `node:${order.id}`,
    confirm: () => ({
      title: t`Pay on chain`,
      message: t`Pay ${total} from your wallet for ${plural(quantity, { one: '# node', other: '# nodes' })}?`,
      confirmText: t`Pay`,
    }),
    payment: () => ({ treasury: offer.treasury!, amount: order.total }),
    successMessage: (result) =>
      result.order.status === 'paid'
        ? t`Nodes bought`
        : t`Payment received; your nodes are granted once the chain confirms it`,
    failureMessage: () => t`Node purchase failed, try again`,
    onSuccess: (result) => onDone(result.order),
  });
  const fromBalance = useAction(nodeEndpoints.balanceBuy, {
    confirm: () => ({
      title: t`Pay from balance`,
      message: t`Pay ${total} from your JU balance for ${plural(quantity, { one: '# node', other: '# nodes' })}?`,
      confirmText: t`Pay`,
    }),
    successMessage: () => t`Nodes bought`,
    failureMessage: () => t`Node purchase failed, try again`,
    onSuccess: (paid) => onDone(paid),
  });
  const expiredText = catalogueMessage('node_order_expired');
  const busy = onChain.pending || fromBalance.pending;

  return (
    <TitledSection
      className="card stack"
      data-testid="node-order"
      titleId="node-order"
      title={<Trans>Your quote</Trans>}
    >
      <dl className="kv">
        <Stat label={<Trans>Nodes</Trans>}>{quantity}</Stat>
        <Stat label={<Trans>Total</Trans>} data-testid="node-order-total">
          <Amount value={order.total} coin="JU" />
        </Stat>
        <Stat
          label={<Trans>Valid for</Trans>}
          data-testid="node-quote-countdown"
          data-expired={String(expired)}
        >
          {expired ? expiredText : `${minutes}:${seconds}`}
        </Stat>
      </dl>
      <PaymentProgress payment={onChain} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onChain.submit({ order_id: order.id });
        }}
        className="stack"
      >
        <MoneyFormActions
          action={onChain}
          blockedReason={
            onChain.disabledReason ??
            (onChain.openHash ? null : expired ? expiredText : null) ??
            chainUnavailableReason(offer.treasury) ??
            (fromBalance.pending ? t`Paying from balance…` : null)
          }
          submitLabel={<Trans>Pay {total} on chain</Trans>}
        />
      </form>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void fromBalance.submit({ order_id: order.id });
        }}
        className="stack"
      >
        <p className="field-hint">
          <Trans>Available: {availableText}</Trans>
        </p>
        <MoneyFormActions
          action={fromBalance}
          blockedReason={
            fromBalance.disabledReason ??
            (expired
              ? expiredText
              : available === undefined
                ? t`Balance loading`
                : !enough
                  ? catalogueMessage('insufficient_balance')
                  : busy && !fromBalance.pending
                    ? t`Paying on chain…`
                    : null)
          }
          submitLabel={<Trans>Pay {total} from balance</Trans>}
        />
      </form>
      <button
        type="button"
        className="button button-ghost button-block"
        onClick={() => onDone(null)}
        disabled={busy || onChain.openHash !== null}
      >
        <Trans>New quote</Trans>
      </button>
    </TitledSection>
  );
}
