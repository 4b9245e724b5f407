// Payments on the chain, one row per transaction hash, ever. A payment is checked against
// the chain when its hash is handed in: a refusal answers at once and stores nothing; a
// confirmed one grants what it pays for in the same transaction that stores it; anything
// not yet decided is stored as pending and checked again by the background job
// (server/chain/jobs.ts) until the chain decides — or never sees it within the waiting time.
import {
  PAID_TO_BALANCE_FIELD,
  type ChainPayment,
  type PaymentFailure,
  type PaymentPurpose,
} from '../../src/api/chain.ts';
import type { ServerSettings } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { ChainPaymentRow } from '../db/schemaChain.ts';
import { isUniqueViolation } from '../db/sqlErrors.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import { wireAmount } from '../money/wireAmounts.ts';
import { balanceCreditPaymentHandler } from './balanceCredit.ts';
import { chainClient } from './client.ts';
import { verifyPayment, type PaymentVerdict } from './verifyPayment.ts';

/** What a purpose does when the chain decides; runs inside the deciding transaction, once. */
export interface PurposeHandler {
  onConfirmed(trx: AppDatabase, payment: ChainPaymentRow, context: ServerContext): Promise<void>;
  onRejected(trx: AppDatabase, payment: ChainPaymentRow, context: ServerContext): Promise<void>;
}

export type PurposeHandlers = Record<PaymentPurpose, PurposeHandler>;

export interface SubmitPayment<TSubject> {
  user: UserRow;
  /** Lower-case 0x + 64 hex (the contract's txHashSchema). */
  hash: string;
  purpose: PaymentPurpose;
  /** JU units the transaction must carry. */
  units: bigint;
  handler: PurposeHandler;
  /**
   * Checks the rules and writes what the payment is for, in the transaction that stores
   * the payment (before it is confirmed, if it is). A DomainError here stores nothing.
   */
  createSubject(trx: AppDatabase, payment: ChainPaymentRow): Promise<TSubject>;
  /**
   * Optional checks of the request's rules. The chain is asked anyway: a refused request
   * whose JU did reach the treasury is credited to the user's balance.
   */
  precheck?(db: AppDatabase): Promise<void>;
}

export function requireTreasury(settings: ServerSettings): string {
  if (!settings.chain.treasury) throw new DomainError('chain_payments_unavailable');
  return settings.chain.treasury;
}

export async function findPaymentByHash(
  db: AppDatabase,
  hash: string,
): Promise<ChainPaymentRow | undefined> {
  return db.kysely
    .selectFrom('chain_payments')
    .selectAll()
    .where('hash', '=', hash.toLowerCase())
    .executeTakeFirst();
}

export async function submitPayment<TSubject>(
  context: ServerContext,
  request: SubmitPayment<TSubject>,
): Promise<{ payment: ChainPaymentRow; subject: TSubject }> {
  const { db, settings } = context;
  const treasury = requireTreasury(settings);
  const hash = request.hash.toLowerCase();
  if (await findPaymentByHash(db, hash)) throw new DomainError('hash_already_exists');
  // A cheap refusal still asks the chain: if the JU was really paid, it must come back.
  let refused: DomainError | undefined;
  try {
    await request.precheck?.(db);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    refused = error;
  }
  const verdict = await verifyPayment(chainClient(settings.chain.rpcUrl), {
    hash,
    from: request.user.address,
    to: treasury,
    units: request.units,
    chainId: settings.chain.id,
    confirmations: settings.chain.confirmations,
  });
  if (verdict.status === 'rejected')
    throw refused ?? new DomainError(verdict.failure, { data: { field: 'hash' } });
  const now = context.now().toISOString();
  if (refused) {
    const kept = await keepForBalanceCredit(context, { ...request, verdict });
    throw kept ? markPaidToBalance(refused) : refused;
  }
  try {
    return await inRetryingTransaction(db, async (trx) => {
      const payment = await insertPendingPayment(trx, {
        ...request,
        hash,
        verdict,
        now,
      });
      const subject = await request.createSubject(trx, payment);
      if (verdict.status !== 'confirmed') return { payment, subject };
      const confirmed = await decide(trx, payment, verdict, context, request.handler);
      return { payment: confirmed ?? payment, subject };
    });
  } catch (error) {
    if (isUniqueViolation(error) && (await findPaymentByHash(db, hash)))
      throw new DomainError('hash_already_exists');
    // The chain has (or may soon have) this user's JU at the treasury, but what it was for
    // was refused: keep the payment so its JU comes back to the user's balance.
    if (
      error instanceof DomainError &&
      (await keepForBalanceCredit(context, { ...request, verdict }))
    )
      throw markPaidToBalance(error);
    throw error;
  }
}

/** Stores a payment as pending, with what the chain has said of it so far. */
function insertPendingPayment(
  trx: AppDatabase,
  payment: RefusedPayment & { purpose: PaymentPurpose; now: string },
): Promise<ChainPaymentRow> {
  return trx.kysely
    .insertInto('chain_payments')
    .values({
      user_id: payment.user.id,
      hash: payment.hash,
      purpose: payment.purpose,
      amount: payment.units,
      status: 'pending',
      confirmations: BigInt(payment.verdict.confirmations),
      block_number: payment.verdict.blockNumber,
      created_at: payment.now,
      checked_at: payment.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A payment the chain accepted (or may yet accept) for a request the server refused. */
export interface RefusedPayment {
  user: UserRow;
  hash: string;
  units: bigint;
  verdict: Exclude<PaymentVerdict, { status: 'rejected' }>;
}

/**
 * Keeps a refused request's payment under 'balance_credit', so its JU comes back to the
 * user's balance once the chain confirms it. A hash already stored changes nothing (false).
 */
export async function keepForBalanceCredit(
  context: ServerContext,
  request: RefusedPayment,
): Promise<boolean> {
  const { verdict } = request;
  const now = context.now().toISOString();
  try {
    await inRetryingTransaction(context.db, async (trx) => {
      const payment = await insertPendingPayment(trx, {
        ...request,
        hash: request.hash.toLowerCase(),
        purpose: 'balance_credit',
        now,
      });
      if (verdict.status === 'confirmed')
        await decide(trx, payment, verdict, context, balanceCreditPaymentHandler);
    });
    return true;
  } catch (error) {
    // Another request stored this hash first: that one decides what it pays for.
    if (!isUniqueViolation(error)) throw error;
    return false;
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

/**
 * Records the chain's decision on a pending payment and lets its purpose act on it, once:
 * the status moves from 'pending' with a guarded UPDATE, so a second decider changes nothing.
 * Returns the decided row, or undefined when someone else decided first.
 */
async function decide(
  trx: AppDatabase,
  payment: ChainPaymentRow,
  verdict: Exclude<PaymentVerdict, { status: 'pending' }>,
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
  return decided;
}

/** Checks every pending payment against the chain once; returns how many were decided. */
export async function recheckPendingPayments(
  context: ServerContext,
  handlers: PurposeHandlers,
): Promise<number> {
  const { db, settings } = context;
  const treasury = settings.chain.treasury;
  if (!treasury) return 0;
  const pending = await db.kysely
    .selectFrom('chain_payments')
    .innerJoin('users', 'users.id', 'chain_payments.user_id')
    .selectAll('chain_payments')
    .select('users.address as user_address')
    .where('chain_payments.status', '=', 'pending')
    .orderBy('chain_payments.id')
    .limit(500)
    .execute();
  let decidedCount = 0;
  for (const { user_address: from, ...payment } of pending) {
    const verdict = await verifyPayment(chainClient(settings.chain.rpcUrl), {
      hash: payment.hash,
      from,
      to: treasury,
      units: payment.amount,
      chainId: settings.chain.id,
      confirmations: settings.chain.confirmations,
    });
    const handler = handlers[payment.purpose as PaymentPurpose];
    const now = context.now();
    if (verdict.status === 'pending') {
      const waited = now.getTime() - Date.parse(payment.created_at);
      if (!verdict.seen && !verdict.unreachable && waited > settings.payments.paymentTimeoutMs) {
        await inRetryingTransaction(db, (trx) =>
          decide(
            trx,
            payment,
            { status: 'rejected', failure: 'payment_not_found' },
            context,
            handler,
          ),
        );
        decidedCount++;
      } else if (!verdict.unreachable) {
        await db.kysely
          .updateTable('chain_payments')
          .set({
            confirmations: BigInt(verdict.confirmations),
            block_number: verdict.blockNumber,
            checked_at: now.toISOString(),
          })
          .where('id', '=', payment.id)
          .where('status', '=', 'pending')
          .execute();
      }
      continue;
    }
    const decided = await inRetryingTransaction(db, (trx) =>
      decide(trx, payment, verdict, context, handler),
    );
    if (decided) decidedCount++;
  }
  return decidedCount;
}

export function paymentWire(row: ChainPaymentRow, settings: ServerSettings): ChainPayment {
  const explorer = settings.chain.explorerUrl?.replace(/\/+$/, '');
  return {
    id: String(row.id),
    hash: row.hash,
    purpose: row.purpose as PaymentPurpose,
    amount: wireAmount('JU', row.amount),
    status: row.status,
    failure: (row.failure as PaymentFailure | null) ?? null,
    confirmations: Number(row.confirmations),
    required_confirmations: settings.chain.confirmations,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
    explorer_url: explorer ? `${explorer}/tx/${row.hash}` : null,
  };
}
