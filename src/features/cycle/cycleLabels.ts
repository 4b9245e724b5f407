// Words for the states of mutual-aid cycles.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CycleStatus } from '../../../contract/api/cycle.ts';
import type { Tone } from '../../ui/StatusPill.tsx';

export const cycleStatusLabels: Record<CycleStatus, MessageDescriptor> = {
  awaiting_payment: msg`Payment processing`,
  running: msg`Running`,
  pending_payout: msg({
    message: 'Pending payout',
    comment:
      'A due return the pool has not paid to the user yet: money coming to them, not a payment they owe.',
  }),
  paid: msg`Returned`,
  payment_failed: msg`Payment failed`,
};

export const cycleStatusTone: Record<CycleStatus, Tone> = {
  awaiting_payment: 'neutral',
  running: 'neutral',
  pending_payout: 'danger',
  paid: 'success',
  payment_failed: 'danger',
};
