// What each change tells the user's app, and on which stream (contract/api/realtime.ts: an event's
// `changes` names exactly the cached areas to read again, within its stream's STREAM_AREAS).
// The emit points call these; none of them needs to know how events travel.
import type { AssetCode } from '../../contract/api/assets.ts';
import type { PaymentPurpose } from '../../contract/api/chain.ts';
import type { CacheArea } from '../../contract/api/endpoint.ts';
import { STREAM_AREAS, type RealtimeStream } from '../../contract/api/realtime.ts';
import type { AppDatabase } from '../db/database.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { emitEvents, type RealtimeEventInput } from './outbox.ts';

/** An event on `stream` changing all of that stream's areas, or just `changes`. */
export function userEvent(
  userId: bigint,
  stream: RealtimeStream,
  kind: string,
  changes: readonly CacheArea[] = STREAM_AREAS[stream],
): RealtimeEventInput {
  return { userId, stream, data: { kind, changes: [...changes] } };
}

/** Emits one `userEvent` in `db`'s transaction (outbox.ts emitEvents). */
export function emitUserEvent(
  db: AppDatabase,
  now: Date,
  event: { userId: bigint; stream: RealtimeStream; kind: string; changes?: readonly CacheArea[] },
): Promise<void> {
  return emitEvents(db, [userEvent(event.userId, event.stream, event.kind, event.changes)], now);
}

/**
 * Per ledger transfer kind: what the event calls it and which of the user's record lists it
 * adds to or changes (besides balances). The kinds are the areas' own strings; a kind missing
 * here still reaches the app, with every record list to read again (and a test catches it).
 */
export const TRANSFER_EVENTS: Readonly<Record<string, { kind: string; records: CacheArea[] }>> = {
  deposit: { kind: 'deposit_credited', records: ['moneyLog'] },
  ticket_transfer: { kind: 'transfer_sent', records: ['moneyLog', 'transfers'] },
  withdraw_reserve: { kind: 'withdrawal_requested', records: ['moneyLog', 'withdrawals'] },
  withdraw_settle: { kind: 'withdrawal_settled', records: ['withdrawals'] },
  withdraw_void: { kind: 'withdrawal_failed', records: ['moneyLog', 'withdrawals'] },
  card_application_fee: { kind: 'card_fee_paid', records: ['moneyLog'] },
  card_application_refund: { kind: 'card_fee_refunded', records: ['moneyLog'] },
  card_recharge: { kind: 'card_recharged', records: ['moneyLog'] },
  card_recharge_refund: { kind: 'card_recharge_refunded', records: ['moneyLog'] },
  card_balance_return: { kind: 'card_balance_returned', records: ['moneyLog'] },
  node_purchase: { kind: 'node_purchased', records: ['moneyLog', 'nodes'] },
  release_transfer: { kind: 'release_transferred', records: ['moneyLog', 'release'] },
  chain_payment_credit: { kind: 'payment_credited', records: ['moneyLog'] },
  cycle_paid_in: { kind: 'cycle_paid_in', records: ['cycles'] },
  cycle_payout: { kind: 'cycle_returned', records: ['moneyLog', 'cycles', 'tickets'] },
  // Between system accounts only: no user hears of these.
  cycle_pool_fund: { kind: 'pool_funded', records: [] },
  release_pool_fund: { kind: 'pool_funded', records: [] },
};

/** What a user receives from another user in one transfer: its toast says how much. */
export const TRANSFER_RECEIVED = 'transfer_received';

/** One leg of a posted transfer, with the account's owner (null: a system account). */
export interface PostedLeg {
  userId: bigint | null;
  asset: string;
  amount: bigint;
}

/**
 * A posted transfer's events: for each user whose account it moved, one on `user@balance`
 * and one on `user@record`. A user who received what another user sent hears
 * `transfer_received`, the balance event carrying the amount and asset (one toast).
 */
export function transferEvents(
  transferKind: string,
  legs: readonly PostedLeg[],
): RealtimeEventInput[] {
  const known = TRANSFER_EVENTS[transferKind];
  const records = known?.records ?? STREAM_AREAS['user@record'];
  const kind = known?.kind ?? transferKind;
  // Each user's net movement per asset.
  const net = new Map<bigint, Map<string, bigint>>();
  for (const leg of legs) {
    if (leg.userId === null) continue;
    const assets = net.get(leg.userId) ?? new Map<string, bigint>();
    assets.set(leg.asset, (assets.get(leg.asset) ?? 0n) + leg.amount);
    net.set(leg.userId, assets);
  }
  const paid = (asset: string, except: bigint) =>
    [...net].some(([userId, assets]) => userId !== except && (assets.get(asset) ?? 0n) < 0n);
  const events: RealtimeEventInput[] = [];
  for (const [userId, assets] of net) {
    const received = [...assets].find(([asset, amount]) => amount > 0n && paid(asset, userId));
    if (received) {
      const [asset, amount] = received;
      events.push({
        userId,
        stream: 'user@balance',
        data: {
          kind: TRANSFER_RECEIVED,
          changes: [...STREAM_AREAS['user@balance']],
          amount: wireAmount(asset as AssetCode, amount),
          asset,
        },
      });
      events.push(userEvent(userId, 'user@record', TRANSFER_RECEIVED, records));
    } else {
      events.push(userEvent(userId, 'user@balance', kind));
      events.push(userEvent(userId, 'user@record', kind, records));
    }
  }
  return events;
}

/** Which record lists a payment decided on chain changes, by what it paid for. */
const PAYMENT_RECORDS: Readonly<Record<PaymentPurpose, CacheArea[]>> = {
  ticket: ['tickets'],
  cycle: ['cycles', 'tickets'],
  node: ['nodes'],
  withdraw_fee: ['withdrawals'],
  balance_credit: ['moneyLog'],
};

/** The chain decided one of the user's payments. */
export function paymentEvent(
  userId: bigint,
  purpose: PaymentPurpose,
  status: 'confirmed' | 'rejected',
): RealtimeEventInput {
  return userEvent(
    userId,
    'user@record',
    `payment_${status}`,
    PAYMENT_RECORDS[purpose] ?? STREAM_AREAS['user@record'],
  );
}
