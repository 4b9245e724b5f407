// The card hub names the one next step to take, from the state of holders, applications
// and cards (spec §4): add a holder → wait for review → apply → wait for the card → activate.
import type { ApplicationStatus } from '../../../contract/api/card/applications.ts';
import type { CardStatus } from '../../../contract/api/card/cards.ts';
import type { HolderStatus } from '../../../contract/api/card/holders.ts';

export type NextStep =
  | { kind: 'add_holder' }
  | { kind: 'fix_holder'; holderId: string }
  | { kind: 'wait_review' }
  | { kind: 'apply' }
  | { kind: 'wait_issue' }
  | { kind: 'reapply'; applicationId: string }
  | { kind: 'activate'; cardId: string }
  | { kind: 'use_card'; cardId: string };

export interface HubState {
  holders: { id: string; status: HolderStatus }[];
  applications: { id: string; status: ApplicationStatus; can_reapply: boolean }[];
  cards: { id: string; status: CardStatus }[];
}

export function nextStep({ holders, applications, cards }: HubState): NextStep {
  const inactive = cards.find((card) => card.status === 'inactive');
  if (inactive) return { kind: 'activate', cardId: inactive.id };
  const usable = cards.find((card) => card.status === 'active' || card.status === 'frozen');
  if (usable) return { kind: 'use_card', cardId: usable.id };
  if (applications.some((application) => application.status === 'processing')) {
    return { kind: 'wait_issue' };
  }
  const approved = holders.some((holder) => holder.status === 'approved');
  // Lists come newest first: the latest refusal is the one to act on.
  const reappliable = applications.find((application) => application.can_reapply);
  if (approved && reappliable) return { kind: 'reapply', applicationId: reappliable.id };
  if (approved) return { kind: 'apply' };
  if (holders.some((holder) => holder.status === 'pending')) return { kind: 'wait_review' };
  const rejected = holders.find((holder) => holder.status === 'rejected');
  if (rejected) return { kind: 'fix_holder', holderId: rejected.id };
  return { kind: 'add_holder' };
}
