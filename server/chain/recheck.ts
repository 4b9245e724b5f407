// Pending payments are looked at again until the chain decides them: by the background job
// (jobs.ts), least recently checked first so every user's payments get their turn, and on
// demand when the app follows one (GET /api/v1/chain/payment). A payment the node stops
// knowing was dropped from the pool or replaced by the wallet: a speed-up (same sender and
// nonce, paying the same) completes it with the mined replacement; a cancel rejects it as
// cancelled; a drop is given up after the waiting time. Every step is a guarded update, so
// two checkers at once (two processes, the job and a request) do nothing twice.
import type { PaymentPurpose } from '../../contract/api/chain.ts';
import { sameAddress } from '../../contract/wallet/addressShape.ts';
import type { ServerContext } from '../context.ts';
import type { ChainPaymentRow } from '../db/schemaChain.ts';
import { isUniqueViolation } from '../db/sqlErrors.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { chainClient, unitsToWei, weiToWholeUnits } from './client.ts';
import {
  askChain,
  decide,
  findPaymentByHash,
  keepForBalanceCredit,
  seenColumns,
  type PaymentDecision,
} from './payments.ts';
import type { PurposeHandlers } from '../hooks/purposeHandler.ts';
import { findReplacement, type MinedReplacement } from './replacement.ts';

/** A pending payment with the address of the user it belongs to. */
export type PendingPayment = ChainPaymentRow & { user_address: string };

/** Checks the pending payments checked longest ago; returns how many were decided. */
export async function recheckPendingPayments(
  context: ServerContext,
  handlers: PurposeHandlers,
): Promise<number> {
  if (!context.settings.chain.treasury) return 0;
  const pending = await context.db.kysely
    .selectFrom('chain_payments')
    .innerJoin('users', 'users.id', 'chain_payments.user_id')
    .selectAll('chain_payments')
    .select('users.address as user_address')
    .where('chain_payments.status', '=', 'pending')
    .orderBy('chain_payments.checked_at')
    .orderBy('chain_payments.id')
    .limit(context.settings.payments.recheckBatch)
    .execute();
  let decided = 0;
  for (const payment of pending) if (await recheckPayment(context, handlers, payment)) decided++;
  return decided;
}

/** Looks at one pending payment on the chain again; true when this call decided it. */
export async function recheckPayment(
  context: ServerContext,
  handlers: PurposeHandlers,
  payment: PendingPayment,
): Promise<boolean> {
  const payer = payment.payer ?? payment.user_address;
  const verdict = await askChain(context, {
    hash: payment.mined_hash ?? payment.hash,
    from: payer,
    units: payment.purpose === 'balance_credit' ? null : payment.amount,
  });
  switch (verdict.status) {
    case 'unreachable':
      return false;
    case 'pending':
      await note(context, payment, {
        confirmations: BigInt(verdict.confirmations),
        block_number: verdict.blockNumber,
        unseen_since: null,
        payer: payment.payer ?? payer.toLowerCase(),
        ...(payment.tx_nonce === null ? seenColumns(verdict) : {}),
      });
      return false;
    case 'confirmed':
      return decideNow(context, handlers, payment, verdict);
    case 'rejected':
      return decideNow(context, handlers, payment, {
        status: 'rejected',
        failure: verdict.failure,
      });
    case 'unseen':
      return vanished(context, handlers, payment, payer);
  }
}

async function vanished(
  context: ServerContext,
  handlers: PurposeHandlers,
  payment: PendingPayment,
  payer: string,
): Promise<boolean> {
  if (payment.tx_nonce !== null && payment.mined_hash === null) {
    const search = await findReplacement(chainClient(context.settings.chain.rpcUrl), {
      sender: payer,
      nonce: payment.tx_nonce,
      fromBlock: payment.seen_block ?? 0n,
    });
    if (search.found === 'unreachable') return false;
    if (search.found === 'replacement')
      return replaced(context, handlers, payment, payer, search.replacement);
    // Its nonce went to a transaction mined out of reach: this hash never will be.
    if (search.found === 'not_in_range')
      return decideNow(context, handlers, payment, {
        status: 'rejected',
        failure: 'payment_cancelled',
      });
  }
  // Dropped from the pool (or stored before payments were seen first): it may come back;
  // after the waiting time it is given up. Nothing was paid by a transaction never mined.
  const now = context.now();
  const since = payment.unseen_since ?? (payment.tx_nonce === null ? payment.created_at : null);
  if (since === null) {
    await note(context, payment, { unseen_since: now.toISOString() });
    return false;
  }
  if (now.getTime() - Date.parse(since) > context.settings.payments.paymentTimeoutMs)
    return decideNow(context, handlers, payment, {
      status: 'rejected',
      failure: 'payment_not_found',
    });
  await note(context, payment, {});
  return false;
}

async function replaced(
  context: ServerContext,
  handlers: PurposeHandlers,
  payment: PendingPayment,
  payer: string,
  replacement: MinedReplacement,
): Promise<boolean> {
  const { db, settings } = context;
  const toTreasury =
    replacement.to !== null && sameAddress(replacement.to, settings.chain.treasury ?? '');
  const carries =
    payment.purpose === 'balance_credit'
      ? weiToWholeUnits(replacement.value) === payment.amount
      : replacement.value === unitsToWei(payment.amount);
  if (toTreasury && carries && !(await findPaymentByHash(db, replacement.hash))) {
    // A speed-up: the replacement is this payment, and is followed from now on.
    if (await takeMinedHash(context, payment, replacement.hash))
      return recheckPayment(context, handlers, { ...payment, mined_hash: replacement.hash });
  }
  const decided = await decideNow(context, handlers, payment, {
    status: 'rejected',
    failure: 'payment_cancelled',
  });
  // A replacement that paid the treasury something else is the user's JU all the same.
  if (toTreasury && !carries && weiToWholeUnits(replacement.value) >= 1n) {
    const verdict = await askChain(context, { hash: replacement.hash, from: payer, units: null });
    if (verdict.status === 'pending' || verdict.status === 'confirmed') {
      await keepForBalanceCredit(context, {
        user: { id: payment.user_id },
        hash: replacement.hash,
        units: weiToWholeUnits(replacement.value),
        payer,
        verdict,
      }).catch(() => false);
    }
  }
  return decided;
}

async function takeMinedHash(
  context: ServerContext,
  payment: PendingPayment,
  minedHash: string,
): Promise<boolean> {
  try {
    const taken = await context.db.kysely
      .updateTable('chain_payments')
      .set({ mined_hash: minedHash, unseen_since: null, checked_at: context.now().toISOString() })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .where('mined_hash', 'is', null)
      .executeTakeFirst();
    return taken.numUpdatedRows === 1n;
  } catch (error) {
    // Stored meanwhile as a payment of its own: it pays for that, not for this one.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

async function decideNow(
  context: ServerContext,
  handlers: PurposeHandlers,
  payment: PendingPayment,
  decision: PaymentDecision,
): Promise<boolean> {
  const handler = handlers[payment.purpose as PaymentPurpose];
  const decided = await inRetryingTransaction(context.db, (trx) =>
    decide(trx, payment, decision, context, handler),
  );
  return decided !== undefined;
}

/** Records what was learned of a payment still pending, and that it was looked at now. */
async function note(
  context: ServerContext,
  payment: PendingPayment,
  change: Partial<
    Pick<
      ChainPaymentRow,
      'confirmations' | 'block_number' | 'unseen_since' | 'payer' | 'tx_nonce' | 'seen_block'
    >
  >,
): Promise<void> {
  await context.db.kysely
    .updateTable('chain_payments')
    .set({ ...change, checked_at: context.now().toISOString() })
    .where('id', '=', payment.id)
    .where('status', '=', 'pending')
    .execute();
}
