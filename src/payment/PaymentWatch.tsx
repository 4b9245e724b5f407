// Payments in progress, wherever the user is (loaded with the first signed-in screen, not
// before). When a session starts, and whenever the network comes back, it asks the server
// which of the user's payments the chain has not decided yet, and hands in every payment this
// device sent but could not hand in (a reload, a closed tab, no network). While any is in
// progress it follows them, says what the chain decided, and shows a bar that leads to the
// wallet page, where each is listed.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { ChainPayment } from '../../contract/api/chain.ts';
import type { ApiClient } from '../api/client.ts';
import type { CacheArea } from '../../contract/api/endpoint.ts';
import { useApi } from '../state/apiContext.tsx';
import { refreshAreas } from '../state/queries/cacheAreas.ts';
import { getChainPayment, getPendingChainPayments } from '../state/queries/chain.ts';
import { addressAtom } from '../state/session.ts';
import { store } from '../state/store.ts';
import { formatCoinAmount } from '../ui/Amount.tsx';
import { catalogueMessage } from '../ui/formErrors.ts';
import { toast } from '../ui/toast.ts';
import { useOnline } from '../ui/useOnline.ts';
import { realDelay } from '../wallet/transactions.ts';
import {
  follow,
  followedPaymentsAtom,
  handOverCanWait,
  handOverSlot,
  keptPaymentsOf,
  readSlot,
} from './paymentSlots.ts';
import { decidedPaymentChanges, paymentChanges } from './paymentKinds.ts';
import { paymentFailureText } from './usePayment.ts';
import '../ui/controls.css';

/** How often a payment in progress is looked at again. */
export const FOLLOW_INTERVAL_MS = 3_000;

export default function PaymentWatch() {
  const api = useApi();
  const address = useAtomValue(addressAtom);
  const online = useOnline();
  const queryClient = useQueryClient();
  const followed = useAtomValue(followedPaymentsAtom);
  const onWalletPage = useRouterState({ select: (state) => state.location.pathname === '/wallet' });
  const pending = Object.values(followed).filter((entry) => entry.payment.status === 'pending');
  const pendingHashes = pending.map((entry) => entry.payment.hash).join(',');

  useEffect(() => {
    if (!address || !online) return;
    void catchUp(api, address, queryClient);
  }, [api, address, online, queryClient]);

  useEffect(() => {
    if (!pendingHashes || !online) return;
    const timer = setInterval(
      () => void lookAgain(api, pendingHashes.split(','), queryClient),
      FOLLOW_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [api, pendingHashes, online, queryClient]);

  const count = pending.length;
  if (count === 0 || onWalletPage) return null;
  return (
    <Link to="/wallet" className="payment-bar" role="status" data-testid="payments-in-progress">
      <Plural
        value={count}
        one="# payment processing on the chain"
        other="# payments processing on the chain"
      />
    </Link>
  );
}

/** What the server holds in progress, and what this device sent but never handed in. */
async function catchUp(api: ApiClient, address: string, queryClient: QueryClient) {
  const held = await getPendingChainPayments(api).catch(() => null);
  for (const payment of held?.list ?? []) follow(payment, null);
  for (const [key, open] of keptPaymentsOf(address)) {
    if (readSlot(key).pending || !open.hash) continue;
    try {
      await handOverSlot(api, key, { ...open, hash: open.hash }, realDelay);
      toast(t`A payment sent earlier is now recorded.`, 'success');
      await refreshAreas(queryClient, paymentChanges(open.kind));
    } catch (error) {
      if (!handOverCanWait(error))
        toast(
          paymentFailureText(error, () => t`A payment sent earlier was not recorded.`),
          'error',
        );
    }
  }
}

async function lookAgain(api: ApiClient, hashes: string[], queryClient: QueryClient) {
  const changed = new Set<CacheArea>();
  for (const hash of hashes) {
    const latest = await getChainPayment(api, hash).catch(() => null);
    if (!latest) continue;
    const before = store.get(followedPaymentsAtom)[hash]?.payment.status;
    follow(latest, null);
    if (before === 'pending' && latest.status !== 'pending') {
      for (const area of decidedPaymentChanges(latest.purpose)) changed.add(area);
      sayDecided(latest);
    }
  }
  if (changed.size > 0) await refreshAreas(queryClient, [...changed]);
}

function sayDecided(payment: ChainPayment) {
  const amount = `${formatCoinAmount(payment.amount, 'JU', i18n.locale)} JU`;
  if (payment.status === 'confirmed') {
    toast(t`Your payment of ${amount} is confirmed on the chain.`, 'success');
    return;
  }
  const why = payment.failure ? catalogueMessage(payment.failure) : '';
  toast(`${t`Your payment of ${amount} did not go through.`} ${why}`.trim(), 'error');
}
