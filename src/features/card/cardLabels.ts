// Words for the card service's states and kinds, written once for every card screen.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApplicationStatus } from '../../../contract/api/card/applications.ts';
import type { CardStatus } from '../../../contract/api/card/cards.ts';
import type { HolderStatus, IdType } from '../../../contract/api/card/holders.ts';
import type { CardType } from '../../../contract/api/card/info.ts';
import type { RechargeStatus } from '../../../contract/api/card/recharges.ts';
import type { Tone } from '../../ui/StatusPill.tsx';

// A state this app version does not know yet (a newer server) reads the same everywhere, as
// does one waiting for the issuer.
const UNKNOWN = { unknown: msg`Unknown` };
const PROCESSING = { processing: msg`Processing` };
const REJECTED = msg`Rejected`;

export const holderStatusLabels: Record<HolderStatus, MessageDescriptor> = {
  pending: msg`Under review`,
  approved: msg`Approved`,
  rejected: REJECTED,
  ...UNKNOWN,
};

export const applicationStatusLabels: Record<ApplicationStatus, MessageDescriptor> = {
  ...PROCESSING,
  success: msg`Issued`,
  failed: REJECTED,
  ...UNKNOWN,
};

export const cardStatusLabels: Record<CardStatus, MessageDescriptor> = {
  inactive: msg`Not activated`,
  active: msg`Active`,
  frozen: msg({
    message: 'Frozen',
    context: 'card status',
    comment: 'The user froze the card and can unfreeze it. Must read differently from Blocked.',
  }),
  blocked: msg({
    message: 'Blocked',
    comment: 'Blocked for good after a loss or theft report. Must read differently from Frozen.',
  }),
  ...UNKNOWN,
};

export const rechargeStatusLabels: Record<RechargeStatus, MessageDescriptor> = {
  pending: msg`Pending recharge`,
  ...PROCESSING,
  success: msg`Success`,
  failed: msg`Failed`,
  ...UNKNOWN,
};

export const cardTypeLabels: Record<CardType, MessageDescriptor> = {
  virtual: msg`Virtual card`,
  physical: msg`Physical card`,
};

export const idTypeLabels: Record<IdType, MessageDescriptor> = {
  id_card: msg`ID card`,
  passport: msg`Passport`,
};

const GOOD = new Set(['approved', 'success', 'active']);
const BAD = new Set(['rejected', 'failed', 'blocked']);

export function cardTone(status: string): Tone {
  if (GOOD.has(status)) return 'success';
  if (BAD.has(status)) return 'danger';
  return 'neutral';
}
