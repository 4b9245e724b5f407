import { catalogueMessage } from '../ui/formErrors.ts';
import { describeRequestError } from '../ui/requestFailures.ts';

/** Why nothing can be paid on chain: the server names no treasury. Null when it does. */
export function chainUnavailableReason(treasury: string | null): string | null {
  return treasury ? null : catalogueMessage('chain_payments_unavailable');
}

interface PaymentSettings {
  isError: boolean;
  error: unknown;
  data?: { treasury: string | null } | undefined;
}

/**
 * Why a screen's payment on chain cannot start: the payment's own reason first, then its
 * settings (failed to load, still loading: `loading` says so), then a missing treasury.
 */
export function paymentBlockedReason(
  disabledReason: string | null,
  settings: PaymentSettings,
  loading: string,
): string | null {
  if (disabledReason) return disabledReason;
  if (settings.isError) return describeRequestError(settings.error);
  if (!settings.data) return loading;
  return chainUnavailableReason(settings.data.treasury);
}
