// /mall/orders/$id (spec §2, §4, §8): one order; a shipped order's owner confirms receipt
// after a confirm popup, then every order list refreshes. Failures and success are toasted.
import { useAction } from '../../state/actions/useAction.ts';
import { machineEndpoints } from '../../../contract/api/machine.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useApi } from '../../state/apiContext.tsx';
import { useKeptQuery } from '../../state/queries/keptQuery.ts';
import { orderDetailKept, orderDetailOptions, orderKeys } from '../../state/queries/machine.ts';
import { addressAtom } from '../../state/session.ts';
import { Amount } from '../../ui/Amount.tsx';

import { KeptRecordMissing, RecordAge } from '../../ui/KeptCopy.tsx';

import { useOnline } from '../../ui/useOnline.ts';
import { StatusPill } from '../../ui/StatusPill.tsx';
import { orderStatusLabels, orderTone } from './orderLabels.ts';
import '../../ui/controls.css';

export function OrderDetailScreen({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const address = useAtomValue(addressAtom);
  const queryClient = useQueryClient();
  const online = useOnline();
  const order = useKeptQuery(orderDetailOptions(api, address, id), orderDetailKept(id));

  const receipt = useAction(machineEndpoints.receipt, {
    confirm: () => ({
      title: t`Confirm receipt`,
      message: t`Confirm that you have received this order? This cannot be undone.`,
      confirmText: t`I received it`,
    }),
    successMessage: () => t`Receipt confirmed`,
    failureMessage: () => t`Confirming receipt failed, try again`,
    onSuccess: (updated) => queryClient.setQueryData(orderKeys.detail(address, id), updated),
    // Refused (another device confirmed first…): show the order and its list as they now are.
    onFailure: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(address, id) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists(address) });
      return false;
    },
  });
  const confirmReceipt = () => receipt.submit({ id });

  if (!order.data) return <KeptRecordMissing kept={order} />;
  const data = order.data;
  const when = (time: string | null) =>
    time ? i18n.date(time, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  return (
    <div className="stack">
      <RecordAge asOf={order.asOf} offline={order.offline} />
      <section className="card" aria-labelledby="order-product" data-testid="order-detail">
        <div className="row">
          <h2 id="order-product" className="section-title">
            {data.product}
          </h2>
          <span data-testid="order-status" data-status={data.status}>
            <StatusPill label={orderStatusLabels[data.status]} tone={orderTone(data.status)} />
          </span>
        </div>
        <dl className="kv">
          <div>
            <dt>
              <Trans>Order number</Trans>
            </dt>
            <dd className="mono">{data.id}</dd>
          </div>
          <div>
            <dt>
              <Trans>Quantity</Trans>
            </dt>
            <dd>{data.quantity}</dd>
          </div>
          <div>
            <dt>
              <Trans comment="An order's price for all its items together">Total price</Trans>
            </dt>
            <dd>
              <Amount value={data.amount} coin={data.coin} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Ordered</Trans>
            </dt>
            <dd>{when(data.created_at)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Shipped</Trans>
            </dt>
            <dd>{when(data.shipped_at)}</dd>
          </div>
          {data.tracking_no && (
            <div>
              <dt>
                <Trans>Tracking number</Trans>
              </dt>
              <dd className="mono">{data.tracking_no}</dd>
            </div>
          )}
          <div>
            <dt>
              <Trans>Received</Trans>
            </dt>
            <dd>{when(data.received_at)}</dd>
          </div>
        </dl>
      </section>
      {data.status === 'shipped' && order.asOf === null && (
        <button
          type="button"
          className="button button-primary button-block"
          disabled={receipt.pending || !online}
          onClick={() => void confirmReceipt()}
        >
          {receipt.pending ? <Trans>Confirming…</Trans> : <Trans>Confirm receipt</Trans>}
        </button>
      )}
      {data.status === 'shipped' && !online && (
        <p className="muted" role="status">
          <Trans>You are offline: confirming receipt needs a connection.</Trans>
        </p>
      )}
    </div>
  );
}
