// /mall/orders (spec §2, §4): the user's mall orders by status tab (all = no filter), ten a
// page, endless; a failed load is toasted by the app's query cache (§8) and shown in place.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Order } from '../../api/machine.ts';
import { useApi } from '../../state/apiContext.tsx';
import { orderListSource, type OrderFilter } from '../../state/queries/machine.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { StatusPill } from '../wallet/StatusPill.tsx';
import { ORDER_FILTERS, orderFilterLabels, orderStatusLabels, orderTone } from './orderLabels.ts';
import '../../ui/records.css';
import { RecordTime } from '../../ui/RecordTime.tsx';

export function OrderListScreen() {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState<OrderFilter>('all');
  const list = useRecordList(orderListSource(useApi(), filter));
  const select = (next: OrderFilter) => {
    setFilter(next);
    document.getElementById(`order-tab-${next}`)?.focus();
  };
  return (
    <div className="stack">
      <div className="tabs" role="tablist" aria-label={t`Order status`}>
        {ORDER_FILTERS.map((value, index) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`order-tab-${value}`}
            aria-selected={filter === value}
            aria-controls="order-records"
            tabIndex={filter === value ? 0 : -1}
            className="tab"
            onClick={() => setFilter(value)}
            onKeyDown={(event) => {
              // Tabs pattern: the arrow keys move between the tabs.
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (step === 0) return;
              const count = ORDER_FILTERS.length;
              select(ORDER_FILTERS[(index + step + count) % count]!);
            }}
          >
            {i18n._(orderFilterLabels[value])}
          </button>
        ))}
      </div>
      <div id="order-records" role="tabpanel" aria-labelledby={`order-tab-${filter}`}>
        <RecordList
          list={list}
          label={t`Orders`}
          itemKey={(order: Order) => order.id}
          empty={<Trans>No orders here</Trans>}
          renderItem={(order: Order) => <OrderItem order={order} />}
        />
      </div>
    </div>
  );
}

function OrderItem({ order }: { order: Order }) {
  const quantity = order.quantity;
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
        <Amount className="record-amount" value={order.amount} coin={order.coin} />
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
