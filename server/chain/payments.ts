// Payments on the chain: a user pays the treasury from their wallet and hands in the hash.
// What always holds:
//  1. A payment belongs to the wallet that sent it. A hash is stored only once the node has
//     shown its transaction — in its pool or mined — from the user's address (or from another
//     wallet of theirs that signed a claim, payerClaim.ts), to the treasury, for exactly the
//     amount asked. Anything else is refused at once and stores nothing, so nobody can hold a
//     hash they did not send and the real payer's claim still succeeds.
//  2. A hash the node does not know is refused ('not seen yet') and stores nothing.
//  3. A transaction pays for one thing: `hash` and `mined_hash` are unique in the database.
//  4. JU that reaches the treasury from the user comes back: a payment for a request the
//     server refuses, or of another amount, is kept under 'balance_credit' and credited to the
//     user's balance once confirmed (balanceCredit.ts).
//  5. The chain decides once: the status leaves 'pending' by a guarded update, and the
//     purpose acts in that same transaction.
//  6. A retry with the same Idempotency-Key gets the first answer and asks the chain nothing.
//  7. A user has at most MAX_UNMINED_PAYMENTS stored payments the chain has not mined, so the
//     re-check job (recheck.ts) always gets round to everyone's.
import {
  PAID_TO_BALANCE_FIELD,
  type ChainPayment,
  type PaymentFailure,
  type PaymentPurpose,
} from '../../contract/api/chain.ts';
import type { ServerSettings } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { ChainPaymentRow } from '../db/schemaChain.ts';
import { isUniqueViolation } from '../db/sqlErrors.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import { findStoredAnswer, runMoneyOperation } from '../ledger/moneyOperation.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { paymentEvent } from '../realtime/events.ts';
import { emitEvents } from '../realtime/outbox.ts';
import { balanceCreditPaymentHandler } from './balanceCredit.ts';
import { chainClient } from './client.ts';
import { claimedPayer } from './payerClaim.ts';
import type { PurposeHandler } from '../hooks/purposeHandler.ts';
import { verifyPayment, type PaymentVerdict, type SeenTransaction } from './verifyPayment.ts';

/** Stored payments a user may have that the chain has not mined yet (in the pool, dropped). */
export const MAX_UNMINED_PAYMENTS = 3;

/** A verdict on a transaction the node knows and that is the payment asked for. */
export type SeenVerdict = Extract<PaymentVerdict, { status: 'pending' | 'confirmed' }>;

type RequestValues = Record<string, string | bigint | number | boolean | null>;

export interface SubmitPayment<TSubject, TAnswer> {
  user: UserRow;
  /** Lower-case 0x + 64 hex (the contract's txHashSchema). */
  hash: string;
  purpose: PaymentPurpose;
  /** JU units the transaction must carry. */
  units: bigint;
  handler: PurposeHandler;
  /** The Idempotency-Key, and what besides the hash makes two requests the same one. */
  idempotency: { scope: string; key: string; request?: RequestValues };
  /** A signature by the wallet that sent the payment, when it is not the user's own address. */
  payerClaim?: string | undefined;
  /**
   * Checks of the request's own rules before the chain is asked. A refusal here still asks
   * the chain: if the user's JU is on its way to the treasury, it comes back to the balance.
   */
  precheck?(db: AppDatabase): Promise<void>;
  /**
   * Writes what the payment is for, in the transaction that stores the payment (before it is
   * confirmed, if it is). A DomainError here stores nothing but the payment for the balance.
   */
  createSubject(trx: AppDatabase, payment: ChainPaymentRow): Promise<TSubject>;
  /** The answer's data, read in the same transaction once the payment is stored (and decided). */
  answer(trx: AppDatabase, payment: ChainPaymentRow, subject: TSubject): Promise<TAnswer>;
}

export function requireTreasury(settings: ServerSettings): string {
  if (!settings.chain.treasury) throw new DomainError('chain_payments_unavailable');
  return settings.chain.treasury;
}

/** The stored payment this hash names: handed in as it, or mined in place of another. */
export async function findPaymentByHash(
  db: AppDatabase,
  hash: string,
): Promise<ChainPaymentRow | undefined> {
  const lower = hash.toLowerCase();
  return db.kysely
    .selectFrom('chain_payments')
    .selectAll()
    .where((eb) => eb.or([eb('hash', '=', lower), eb('mined_hash', '=', lower)]))
    .executeTakeFirst();
}

/** What the chain says of `hash` as a payment from `from` to the treasury. */
export function askChain(
  context: ServerContext,
  request: { hash: string; from: string; units: bigint | null },
): Promise<PaymentVerdict> {
  const { settings } = context;
  return verifyPayment(chainClient(settings.chain.rpcUrl), {
    ...request,
    to: requireTreasury(settings),
    chainId: settings.chain.id,
    confirmations: settings.chain.confirmations,
  });
}

/**
 * Asks the chain about a payment the user says they sent. It is theirs when it came from their
 * address, or from another wallet that signed a claim for them (payerClaim.ts).
 */
export async function checkOwnPayment(
  context: ServerContext,
  request: { user: UserRow; hash: string; units: bigint; payerClaim?: string | undefined },
): Promise<{ payer: string; verdict: PaymentVerdict }> {
  const { hash, units } = request;
  const verdict = await askChain(context, { hash, from: request.user.address, units });
  if (
    verdict.status !== 'rejected' ||
    verdict.failure !== 'payment_wrong_sender' ||
    !verdict.sender ||
    request.payerClaim === undefined
  )
    return { payer: request.user.address, verdict };
  const payer = claimedPayer(context, {
    hash,
    account: request.user.address,
    sender: verdict.sender,
    signature: request.payerClaim,
  });
  return { payer, verdict: await askChain(context, { hash, from: payer, units }) };
}

export async function submitPayment<TSubject, TAnswer>(
  context: ServerContext,
  request: SubmitPayment<TSubject, TAnswer>,
): Promise<TAnswer> {
  const { db } = context;
  const hash = request.hash.toLowerCase();
  const operation = {
    ownerId: request.user.id,
    scope: request.idempotency.scope,
    key: request.idempotency.key,
    request: { ...request.idempotency.request, hash },
  };
  const earlier = await findStoredAnswer<TAnswer>(db, operation);
  if (earlier !== null) return earlier;
  const stored = await findPaymentByHash(db, hash);
  if (stored) throw await refusalOfStoredHash(context, stored, request.user, 'hash');
  let refused: DomainError | undefined;
  try {
    await request.precheck?.(db);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    refused = error;
  }
  const { payer, verdict } = await checkOwnPayment(context, { ...request, hash });
  const seen = await seenOrRefused(context, { ...request, hash, payer, verdict, refused });
  if (refused) throw await refusedAfterPaying(context, refused, seen);
  try {
    const { answer } = await runMoneyOperation(db, {
      ...operation,
      lockUserId: request.user.id,
      now: context.now(),
      async run(trx) {
        if (await findPaymentByHash(trx, hash))
          throw new DomainError('hash_already_exists', { data: { field: 'hash' } });
        const payment = await insertPayment(trx, context, { ...seen, purpose: request.purpose });
        const subject = await request.createSubject(trx, payment);
        const decided =
          seen.verdict.status === 'confirmed'
            ? await decide(trx, payment, seen.verdict, context, request.handler)
            : undefined;
        return request.answer(trx, decided ?? payment, subject);
      },
    });
    return answer;
  } catch (error) {
    if (!(error instanceof DomainError) || KEEPS_NOTHING.has(error.errorName)) throw error;
    // The request was refused, but the chain has (or will soon have) the user's JU at the
    // treasury: keep the payment so that JU comes back to the balance.
    throw await refusedAfterPaying(context, error, seen);
  }
}

/**
 * A hash already stored pays for what it was stored for. One exception: a payment the server
 * gave up on as never mined, which the chain now shows after all (a dropped transaction sent
 * again by the wallet). What it was for was undone, but its JU is the user's: it now goes to
 * their balance.
 */
export async function refusalOfStoredHash(
  context: ServerContext,
  stored: ChainPaymentRow,
  user: Pick<UserRow, 'id' | 'address'>,
  field: string,
): Promise<DomainError> {
  const refusal = new DomainError('hash_already_exists', { data: { field } });
  if (
    stored.user_id !== user.id ||
    stored.status !== 'rejected' ||
    stored.failure !== 'payment_not_found'
  )
    return refusal;
  const verdict = await askChain(context, {
    hash: stored.mined_hash ?? stored.hash,
    from: stored.payer ?? user.address,
    units: stored.purpose === 'balance_credit' ? null : stored.amount,
  });
  if (verdict.status !== 'pending' && verdict.status !== 'confirmed') return refusal;
  const revived = await inRetryingTransaction(context.db, async (trx) => {
    const row = await trx.kysely
      .updateTable('chain_payments')
      .set({
        purpose: 'balance_credit',
        status: 'pending',
        failure: null,
        unseen_since: null,
        confirmations: BigInt(verdict.confirmations),
        block_number: verdict.blockNumber,
        checked_at: context.now().toISOString(),
      })
      .where('id', '=', stored.id)
      .where('status', '=', 'rejected')
      .where('failure', '=', 'payment_not_found')
      .returningAll()
      .executeTakeFirst();
    if (row && verdict.status === 'confirmed')
      await decide(trx, row, verdict, context, balanceCreditPaymentHandler);
    return row !== undefined;
  });
  return revived ? markPaidToBalance(refusal) : refusal;
}

/** Refusals after which nothing of the payment is kept: it belongs to another record. */
const KEEPS_NOTHING = new Set([
  'hash_already_exists',
  'too_many_unmined_payments',
  'idempotency_conflict',
]);

/** A payment the node showed as the user's, as asked: everything needed to store it. */
export interface SeenPayment {
  user: Pick<UserRow, 'id'>;
  hash: string;
  units: bigint;
  payer: string;
  verdict: SeenVerdict;
}

/**
 * The verdict, when the chain has the payment asked for; otherwise the refusal to answer with.
 * A payment of another amount from the user to the treasury is kept for the balance first.
 */
export async function seenOrRefused(
  context: ServerContext,
  request: {
    user: Pick<UserRow, 'id'>;
    hash: string;
    units: bigint;
    payer: string;
    verdict: PaymentVerdict;
    refused?: DomainError | undefined;
  },
): Promise<SeenPayment> {
  const { verdict, refused } = request;
  switch (verdict.status) {
    case 'pending':
    case 'confirmed':
      return { ...request, verdict };
    case 'unseen':
      throw refused ?? new DomainError('payment_not_seen', { data: { field: 'hash' } });
    case 'unreachable':
      throw refused ?? new DomainError('chain_unreachable', { data: { field: 'hash' } });
    case 'rejected': {
      const failure = new DomainError(verdict.failure, {
        data: { field: 'hash', ...(verdict.sender ? { sender: verdict.sender } : {}) },
      });
      if (verdict.failure === 'payment_wrong_amount' && verdict.paidUnits) {
        const kept = await keepPaidAmount(context, { ...request, units: verdict.paidUnits });
        throw kept ? markPaidToBalance(refused ?? failure) : (refused ?? failure);
      }
      throw refused ?? failure;
    }
  }
}

/** Another amount reached (or is reaching) the treasury from the user: it is theirs to keep. */
async function keepPaidAmount(
  context: ServerContext,
  request: { user: Pick<UserRow, 'id'>; hash: string; units: bigint; payer: string },
): Promise<boolean> {
  const verdict = await askChain(context, { hash: request.hash, from: request.payer, units: null });
  if (verdict.status !== 'pending' && verdict.status !== 'confirmed') return false;
  return keepForBalanceCredit(context, { ...request, verdict });
}

async function refusedAfterPaying(
  context: ServerContext,
  refusal: DomainError,
  seen: SeenPayment,
): Promise<DomainError> {
  return (await keepForBalanceCredit(context, seen)) ? markPaidToBalance(refusal) : refusal;
}

/** Stores a payment as pending, with what the chain has said of it so far. */
export async function insertPayment(
  trx: AppDatabase,
  context: ServerContext,
  payment: SeenPayment & { purpose: PaymentPurpose },
): Promise<ChainPaymentRow> {
  const { verdict } = payment;
  if (verdict.blockNumber === null) await refuseTooManyUnmined(trx, payment.user.id);
  const now = context.now().toISOString();
  return trx.kysely
    .insertInto('chain_payments')
    .values({
      user_id: payment.user.id,
      hash: payment.hash.toLowerCase(),
      purpose: payment.purpose,
      amount: payment.units,
      status: 'pending',
      confirmations: BigInt(verdict.confirmations),
      block_number: verdict.blockNumber,
      created_at: now,
      checked_at: now,
      ...seenColumns(verdict),
      payer: payment.payer.toLowerCase(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function seenColumns(seen: SeenTransaction): { tx_nonce: bigint; seen_block: bigint } {
  return { tx_nonce: seen.nonce, seen_block: seen.latestBlock };
}

async function refuseTooManyUnmined(trx: AppDatabase, userId: bigint): Promise<void> {
  const { count } = await trx.kysely
    .selectFrom('chain_payments')
    .select((eb) => eb.fn.countAll<bigint | number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('block_number', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_UNMINED_PAYMENTS)
    throw new DomainError('too_many_unmined_payments', {
      values: { count: MAX_UNMINED_PAYMENTS },
      data: { field: 'hash' },
    });
}

/**
 * Keeps a payment under 'balance_credit', so its JU comes back to the user's balance once
 * the chain confirms it. True when it is kept (now, or by an earlier request of the same
 * user); false when the hash already pays for something else. A user with too many unmined
 * payments is refused (too_many_unmined_payments): the app hands the hash in again later.
 */
export async function keepForBalanceCredit(
  context: ServerContext,
  request: SeenPayment,
): Promise<boolean> {
  const { verdict } = request;
  try {
    await inRetryingTransaction(context.db, async (trx) => {
      const payment = await insertPayment(trx, context, { ...request, purpose: 'balance_credit' });
      if (verdict.status === 'confirmed')
        await decide(trx, payment, verdict, context, balanceCreditPaymentHandler);
    });
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const kept = await findPaymentByHash(context.db, request.hash);
    return kept?.purpose === 'balance_credit' && kept.user_id === request.user.id;
  }
}

/** The refusal, telling the app that the JU paid for it goes to the user's balance. */
export function markPaidToBalance(refusal: DomainError): DomainError {
  const data = typeof refusal.data === 'object' && refusal.data !== null ? refusal.data : {};
  return new DomainError(refusal.errorName, {
    values: refusal.values,
    data: { ...data, [PAID_TO_BALANCE_FIELD]: true },
    cause: refusal,
  });
}

export type PaymentDecision =
  | Extract<PaymentVerdict, { status: 'confirmed' }>
  | { status: 'rejected'; failure: PaymentFailure };

/**
 * Records the chain's decision on a pending payment and lets its purpose act on it, once:
 * the status moves from 'pending' with a guarded UPDATE, so a second decider changes nothing.
 * Returns the decided row, or undefined when someone else decided first.
 */
export async function decide(
  trx: AppDatabase,
  payment: ChainPaymentRow,
  verdict: PaymentDecision,
  context: ServerContext,
  handler: PurposeHandler,
): Promise<ChainPaymentRow | undefined> {
  const now = context.now().toISOString();
  const decided = await trx.kysely
    .updateTable('chain_payments')
    .set(
      verdict.status === 'confirmed'
        ? {
            status: 'confirmed',
            confirmations: BigInt(verdict.confirmations),
            block_number: verdict.blockNumber,
            checked_at: now,
            confirmed_at: now,
            unseen_since: null,
          }
        : { status: 'rejected', failure: verdict.failure, checked_at: now },
    )
    .where('id', '=', payment.id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!decided) return undefined;
  if (decided.status === 'confirmed') await handler.onConfirmed(trx, decided, context);
  else await handler.onRejected(trx, decided, context);
  // The payer's app hears of it in this transaction (what it moved, if anything, too).
  await emitEvents(
    trx,
    [
      paymentEvent(
        decided.user_id,
        decided.purpose as PaymentPurpose,
        decided.status as 'confirmed' | 'rejected',
      ),
    ],
    context.now(),
  );
  return decided;
}

export function paymentWire(row: ChainPaymentRow, settings: ServerSettings): ChainPayment {
  const explorer = settings.chain.explorerUrl?.replace(/\/+$/, '');
  const mined = row.mined_hash ?? row.hash;
  return {
    id: String(row.id),
    hash: row.hash,
    mined_hash: row.mined_hash,
    purpose: row.purpose as PaymentPurpose,
    amount: wireAmount('JU', row.amount),
    status: row.status,
    failure: (row.failure as PaymentFailure | null) ?? null,
    confirmations: Number(row.confirmations),
    required_confirmations: settings.chain.confirmations,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
    explorer_url: explorer ? `${explorer}/tx/${mined}` : null,
  };
}
