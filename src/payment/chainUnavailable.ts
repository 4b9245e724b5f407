import { catalogueMessage } from '../ui/formErrors.ts';

/** Why nothing can be paid on chain: the server names no treasury. Null when it does. */
export function chainUnavailableReason(treasury: string | null): string | null {
  return treasury ? null : catalogueMessage('chain_payments_unavailable');
}
