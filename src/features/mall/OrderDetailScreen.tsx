// /mall/orders/$id (spec §2, §4, §8): one order; a shipped order's owner confirms receipt
// after a confirm popup, then every order list refreshes. Failures and success are toasted.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useApi } from '../../state/apiContext.tsx';
import { orderDetailOptions, orderKeys, postReceipt } from '../../state/queries/machine.ts';
import { addressAtom } from '../../state/session.ts';
import { Amount } from '../../ui/Amount.tsx';
import { confirm, ConfirmCancelled } from '../../ui/confirm.ts';
import { PageSkeleton } from '../../ui/PageSkeleton.tsx';
import { describeRequestError } from '../../ui/requestFailures.ts';
import { toast } from '../../ui/toast.ts';
import { useOnline } from '../../ui/useOnline.ts';
import { StatusPill } from '../wallet/StatusPill.tsx';
import { orderStatusLabels, orderTone } from './orderLabels.ts';

export function OrderDetailScreen({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const address = useAtomValue(addressAtom);
  const queryClient = useQueryClient();
  const online = useOnline();
  const order = useQuery(orderDetailOptions(api, address, id));

  // A failure is toasted in the server's words by the app's mutation cache (§8).
  const receipt = useMutation({
    mutationFn: () => postReceipt(api, id),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderKeys.detail(address, id), updated);
      toast(t`Receipt confirmed`, 'success');
    },
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(address, id) }),
    // Whatever happened, the lists show the order as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.lists(address) }),
  });
  const confirmReceipt = async () => {
    try {
      await confirm({
        title: t`Confirm receipt`,
        message: t`Confirm that you have received this order? This cannot be undone.`,
        confirmText: t`I received it`,
      });
    } catch (error) {
      if (error instanceof ConfirmCancelled) return;
      throw error;
    }
    receipt.mutate();
  };

  if (order.isPending) return <PageSkeleton rows={4} />;
  if (order.isError) {
    return (
      <section className="empty-state" role="alert">
        <p className="empty-state-title">{describeRequestError(order.error)}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void order.refetch()}
        >
          <Trans>Try again</Trans>
        </button>
      </section>
    );
  }
  const data = order.data;
  const when = (time: string | null) =>
    time ? i18n.date(time, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  return (
    <div className="stack">
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
              <Trans>Amount</Trans>
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
      {data.status === 'shipped' && (
        <button
          type="button"
          className="button button-primary button-block"
          disabled={receipt.isPending || !online}
          onClick={() => void confirmReceipt()}
        >
          {receipt.isPending ? <Trans>Confirming…</Trans> : <Trans>Confirm receipt</Trans>}
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
