// Words for mall order states (spec §4 "Orders").
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderStatus } from '../../../contract/api/machine.ts';
import type { OrderFilter } from '../../state/queries/machine.ts';
import type { Tone } from '../../ui/StatusPill.tsx';

export const orderStatusLabels: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`Awaiting shipment`,
  shipped: msg`Shipped`,
  received: msg`Received`,
};

// A tab is named as the state it shows (one name per place).
export const orderFilterLabels: Record<OrderFilter, MessageDescriptor> = {
  all: msg({ message: 'All', context: 'order filter' }),
  ...orderStatusLabels,
};

export const ORDER_FILTERS: OrderFilter[] = ['all', 'pending', 'shipped', 'received'];

export function orderTone(status: OrderStatus): Tone {
  return status === 'received' ? 'success' : 'neutral';
}
