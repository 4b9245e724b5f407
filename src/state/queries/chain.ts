// Calls of the payments on the chain (issue 8): one of the user's payments, to follow it while
// the chain mines it, and the ones still in progress.
import type { ApiClient } from '../../api/client.ts';
import {
  type ChainPayment,
  type ChainPaymentsData,
  chainEndpoints,
} from '../../../contract/api/chain.ts';

/** The payment as the server has it now (it looks at the chain again when it is pending). */
export function getChainPayment(api: ApiClient, hash: string): Promise<ChainPayment> {
  return api.call(chainEndpoints.payment, { hash });
}

/** The user's payments the chain has not decided yet, newest first. */
export function getPendingChainPayments(api: ApiClient): Promise<ChainPaymentsData> {
  return api.call(chainEndpoints.payments, { status: 'pending', page_size: '50' });
}
