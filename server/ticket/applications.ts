// Ticket dividend applications (spec §2, §4, §5): one live application per user, one per
// hash. The hash names a ticket purchase: made here (its payment is known) or elsewhere (asked
// of the chain now, with every rule of a payment: server/chain/payments.ts). Only the payer
// can apply with a purchase — from the wallet they signed in with, or another wallet of theirs
// that signs a claim. A purchase the chain refuses stores nothing; one it confirms is approved
// at once; one still pending waits for the chain. An application the chain or the operator
// refuses is rejected and no longer counts: the user may apply again.
import type { PaymentFailure } from '../../contract/api/chain.ts';
import type { TicketApplication } from '../../contract/api/ticket.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import type { UserRow } from '../db/schema.ts';
import type { ChainPaymentRow, TicketApplicationRow } from '../db/schemaChain.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { emitUserEvent } from '../realtime/events.ts';
import { DomainError } from '../domainError.ts';
import { findPaymentByHash, refusalOfStoredHash, submitPayment } from '../chain/payments.ts';
import { findStoredAnswer, runMoneyOperation } from '../ledger/moneyOperation.ts';
import { insertTicket, ticketPaymentHandler } from './tickets.ts';

/** Applications that count: one per user, one per hash (enforced again by the database). */
const LIVE_STATUSES = ['pending', 'approved'] as const;

export interface DividendApplication {
  hash: string;
  idempotencyKey: string;
  /** A claim signed by the wallet that sent the purchase, when it is not the user's own. */
  payerClaim?: string | undefined;
}

export async function applyForDividend(
  context: ServerContext,
  user: UserRow,
  request: DividendApplication,
): Promise<TicketApplication> {
  const { db } = context;
  const hash = request.hash.toLowerCase();
  const idempotency = { scope: 'ticket-dividend', key: request.idempotencyKey };
  const operation = { ownerId: user.id, ...idempotency, request: { hash } };
  const earlier = await findStoredAnswer<TicketApplication>(db, operation);
  if (earlier !== null) return earlier;
  await refuseDuplicates(db, user.id, hash);
  const known = await findPaymentByHash(db, hash);
  if (known?.status === 'rejected' && known.failure === 'payment_not_found')
    throw await refusalOfStoredHash(context, known, user, 'hash');
  if (known) return applyWithKnownPayment(context, user, known, operation);
  const price = context.settings.payments.ticketPrice;
  return submitPayment(context, {
    user,
    hash,
    purpose: 'ticket',
    units: price,
    handler: ticketPaymentHandler,
    idempotency,
    payerClaim: request.payerClaim,
    async createSubject(trx, payment) {
      await refuseDuplicates(trx, user.id, hash);
      await insertTicket(trx, payment, context.now());
      return insertApplication(trx, {
        user_id: user.id,
        hash,
        payment_id: payment.id,
        historical_balance: price,
        status: 'pending',
        created_at: context.now().toISOString(),
      });
    },
    // Approved in the same transaction when the chain had already confirmed the purchase.
    answer: async (trx, _payment, application) =>
      applicationWire((await findApplication(trx, application.id))!),
  });
}

/** A purchase made here: its payment is stored and is this user's. */
async function applyWithKnownPayment(
  context: ServerContext,
  user: UserRow,
  known: ChainPaymentRow,
  operation: { ownerId: bigint; scope: string; key: string; request: { hash: string } },
): Promise<TicketApplication> {
  if (known.purpose !== 'ticket')
    throw new DomainError('hash_already_exists', { data: { field: 'hash' } });
  if (known.user_id !== user.id)
    throw new DomainError('ticket_hash_applied', { data: { field: 'hash' } });
  const now = context.now().toISOString();
  const { answer } = await runMoneyOperation(context.db, {
    ...operation,
    lockUserId: user.id,
    now: context.now(),
    async run(trx) {
      await refuseDuplicates(trx, user.id, known.hash);
      const payment = (await findPaymentByHash(trx, known.hash))!;
      if (payment.status === 'rejected')
        throw new DomainError((payment.failure as PaymentFailure | null) ?? 'payment_not_found', {
          data: { field: 'hash' },
        });
      const row = await insertApplication(trx, {
        user_id: user.id,
        hash: payment.hash,
        payment_id: payment.id,
        historical_balance: payment.amount,
        created_at: now,
        ...(payment.status === 'confirmed'
          ? { status: 'approved' as const, reviewed_at: now }
          : { status: 'pending' as const }),
      });
      return applicationWire(row);
    },
  });
  return answer;
}

/**
 * One live application per user; a purchase is applied with once — unless its application was
 * refused because the chain refused the payment (then nothing was bought). An operator's
 * refusal of a purchase stands: it frees the user's application, not the purchase.
 */
async function refuseDuplicates(db: AppDatabase, userId: bigint, hash: string): Promise<void> {
  const [mine, sameHash] = await Promise.all([
    db.kysely
      .selectFrom('ticket_applications')
      .select('id')
      .where('status', 'in', LIVE_STATUSES)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db.kysely
      .selectFrom('ticket_applications')
      .leftJoin('chain_payments', 'chain_payments.id', 'ticket_applications.payment_id')
      .select('ticket_applications.id')
      .where('ticket_applications.hash', '=', hash)
      .where((eb) =>
        eb.or([
          eb('ticket_applications.status', 'in', LIVE_STATUSES),
          eb.and([
            eb('ticket_applications.status', '=', 'rejected'),
            eb('chain_payments.status', '!=', 'rejected'),
          ]),
        ]),
      )
      .executeTakeFirst(),
  ]);
  if (mine) throw new DomainError('ticket_already_applied', { data: { field: 'hash' } });
  if (sameHash) throw new DomainError('ticket_hash_applied', { data: { field: 'hash' } });
}

function insertApplication(
  db: AppDatabase,
  values: {
    user_id: bigint;
    hash: string;
    payment_id: bigint;
    historical_balance: bigint;
    status: 'pending' | 'approved';
    created_at: string;
    reviewed_at?: string;
  },
): Promise<TicketApplicationRow> {
  return db.kysely
    .insertInto('ticket_applications')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's one live application (pending or approved), if any: a refused one does not count. */
export function liveApplication(
  db: AppDatabase,
  userId: bigint,
): Promise<TicketApplicationRow | undefined> {
  return db.kysely
    .selectFrom('ticket_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', LIVE_STATUSES)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * The hash of the user's latest ticket purchase they could apply with, for a user without a
 * live application: none when no purchase of theirs is still standing.
 */
export async function latestUnappliedPurchase(
  db: AppDatabase,
  userId: bigint,
): Promise<string | null> {
  const latest = await db.kysely
    .selectFrom('tickets')
    .innerJoin('chain_payments', 'chain_payments.id', 'tickets.payment_id')
    .select('chain_payments.hash')
    .where('tickets.user_id', '=', userId)
    .where('tickets.status', '!=', 'failed')
    .orderBy('tickets.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.hash ?? null;
}

export function findApplication(
  db: AppDatabase,
  id: bigint,
): Promise<TicketApplicationRow | undefined> {
  return db.kysely
    .selectFrom('ticket_applications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The operator's decision on a pending application; repeating the same one changes nothing.
 * An approval needs the application's own payment, confirmed on the chain: the operator never
 * hands a purchase to an account that did not pay it.
 */
export async function reviewApplication(
  context: ServerContext,
  id: bigint,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<{ application: TicketApplication; changed: boolean }> {
  return inRetryingTransaction(context.db, async (trx) => {
    const current = await findApplication(trx, id);
    if (!current) throw new DomainError('ticket_application_not_found');
    if (current.status === (decision.approve ? 'approved' : 'rejected'))
      return { application: applicationWire(current), changed: false };
    if (current.status !== 'pending')
      throw new DomainError('ticket_application_not_pending', { data: { status: current.status } });
    if (decision.approve && !(await paidByApplicant(trx, current)))
      throw new DomainError('ticket_application_unpaid');
    const updated = await trx.kysely
      .updateTable('ticket_applications')
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
        reviewed_at: context.now().toISOString(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirstOrThrow();
    await emitUserEvent(trx, context.now(), {
      userId: updated.user_id,
      stream: 'user@record',
      kind: `ticket_application_${updated.status}`,
      changes: ['tickets'],
    });
    return { application: applicationWire(updated), changed: true };
  });
}

async function paidByApplicant(
  db: AppDatabase,
  application: TicketApplicationRow,
): Promise<boolean> {
  if (application.payment_id === null) return false;
  const payment = await db.kysely
    .selectFrom('chain_payments')
    .select(['user_id', 'status'])
    .where('id', '=', application.payment_id)
    .executeTakeFirst();
  return payment?.user_id === application.user_id && payment.status === 'confirmed';
}

export function applicationWire(row: TicketApplicationRow): TicketApplication {
  return {
    id: String(row.id),
    hash: row.hash,
    status: row.status,
    created_at: row.created_at,
    reviewed_at: row.reviewed_at,
    reason: row.reason,
  };
}

export async function listApplications(
  db: AppDatabase,
  filter: { userId?: bigint; status?: string },
  page: number,
  pageSize: number,
): Promise<{ rows: TicketApplicationRow[]; total: number }> {
  let query = db.kysely.selectFrom('ticket_applications');
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.status !== undefined)
    query = query.where('status', '=', filter.status as TicketApplicationRow['status']);
  return readPage(query, (q) => q.selectAll().orderBy('id', 'desc'), { page, pageSize });
}
