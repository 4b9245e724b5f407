// Mall orders: the list per status tab (one record list each, page size 10), one order,
// and confirming receipt.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { type OrderStatus, machineEndpoints } from '../../../contract/api/machine.ts';
import { recordKeys, serverList, type RecordListSource } from '../records/recordList.ts';
import type { Order } from '../../../contract/api/machine.ts';
import { keptRecordId } from './keptQuery.ts';

export const ORDER_LIST = 'orders';
export const ORDER_PAGE_SIZE = 10;

export type OrderFilter = OrderStatus | 'all';

export const orderKeys = {
  detail: (address: string | null, id: string) => ['order', address, id] as const,
  /** Every status tab's list: all refresh after a receipt. */
  lists: (address: string | null) => [...recordKeys.all, address, ORDER_LIST] as const,
};

export function orderListSource(api: ApiClient, filter: OrderFilter): RecordListSource<Order> {
  return {
    // The operator ships what is pending; receipt is the user's own step.
    unsettled: (order) => order.status === 'pending',
    ...serverList(api, {
      name: ORDER_LIST,
      endpoint: machineEndpoints.orderList,
      // 'all' is no filter: nothing is sent.
      params: { status: filter === 'all' ? undefined : filter },
    }),
    pageSize: ORDER_PAGE_SIZE,
  };
}

export function orderDetailOptions(api: ApiClient, address: string | null, id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(address, id),
    queryFn: ({ signal }) => api.call(machineEndpoints.orderDetail, { id }, { signal }),
    enabled: address !== null,
  });
}

/** One order, kept on the device once opened. */
export const orderDetailKept = (id: string) => ({ record: keptRecordId('orderDetail', { id }) });
