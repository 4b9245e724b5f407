// Words for the states of tickets and ticket applications, written once for their screens.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TicketApplicationStatus, TicketStatus } from '../../../contract/api/ticket.ts';
import type { Tone } from '../../ui/StatusPill.tsx';

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
