// /mall/orders (spec §2, §4): the user's mall orders by status tab (all = no filter), ten a
// page, endless; a failed load is toasted by the app's query cache (§8) and shown in place.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Order } from '../../../contract/api/machine.ts';
import { useApi } from '../../state/apiContext.tsx';
import { orderListSource, type OrderFilter } from '../../state/queries/machine.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { StatusPill } from '../../ui/StatusPill.tsx';
import { ORDER_FILTERS, orderFilterLabels, orderStatusLabels, orderTone } from './orderLabels.ts';
import { RecordTime } from '../../ui/RecordTime.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import '../../ui/records.css';

/** The tab lives in the URL (`?status=`), so coming back from an order keeps it. */
export function OrderListScreen({
  filter,
  onFilter,
}: {
  filter: OrderFilter;
  onFilter: (filter: OrderFilter) => void;
}) {
  const { t, i18n } = useLingui();
  const list = useRecordList(orderListSource(useApi(), filter));
  return (
    <div className="stack">
      <Tabs
        id="order-records"
        label={t`Order status`}
        tabs={ORDER_FILTERS.map((value) => ({ value, label: i18n._(orderFilterLabels[value]) }))}
        selected={filter}
        onSelect={onFilter}
      >
        <RecordList
          list={list}
          label={t`Orders`}
          itemKey={(order: Order) => order.id}
          empty={<Trans>No orders here</Trans>}
          renderItem={(order: Order) => <OrderItem order={order} />}
          rowDeps={[]}
        />
      </Tabs>
    </div>
  );
}

function OrderItem({ order }: { order: Order }) {
  const quantity = order.quantity;
  const total = <Amount value={order.amount} coin={order.coin} />;
  const id = order.id;
  return (
    <Link
      to="/mall/orders/$id"
      params={{ id: order.id }}
      className="record-body"
      data-testid="order-item"
      data-status={order.status}
    >
      <span className="record-line">
        <span className="record-title">{order.product}</span>
        <span className="record-amount">
          <Trans comment="An order's price for all its items together">Total: {total}</Trans>
        </span>
      </span>
      <span className="record-line">
        <span className="record-meta">
          <Trans>
            Order {id} · quantity {quantity}
          </Trans>
        </span>
        <StatusPill label={orderStatusLabels[order.status]} tone={orderTone(order.status)} />
      </span>
      <RecordTime value={order.created_at} />
    </Link>
  );
}
