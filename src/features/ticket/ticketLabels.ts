// Words for the states of tickets, applications and cycles, written once for their screens.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CycleStatus } from '../../api/cycle.ts';
import type { TicketApplicationStatus, TicketStatus } from '../../api/ticket.ts';
import type { Tone } from '../wallet/moneyLabels.ts';

export const ticketStatusLabels: Record<TicketStatus, MessageDescriptor> = {
  pending_payment: msg`Payment processing`,
  valid: msg`Valid`,
  in_cycle: msg`In a cycle`,
  invalidated: msg`Invalidated`,
};

export const ticketStatusTone: Record<TicketStatus, Tone> = {
  pending_payment: 'neutral',
  valid: 'success',
  in_cycle: 'neutral',
  invalidated: 'danger',
};

export const applicationStatusLabels: Record<TicketApplicationStatus, MessageDescriptor> = {
  pending: msg`Pending review`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  unknown: msg`Unknown`,
};

export const applicationStatusTone: Record<TicketApplicationStatus, Tone> = {
  pending: 'neutral',
  approved: 'success',
  rejected: 'danger',
  unknown: 'neutral',
};

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
