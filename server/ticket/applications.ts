// Ticket dividend applications (spec §2, §5): one per user, one per hash. The hash names a
// ticket purchase — made here (its payment is known) or elsewhere (checked on chain now).
// A purchase the chain confirms is approved automatically; anything else waits for the
// operator (`ticket approve|reject <id>`), with the chain's objection noted as the reason.
import { PAYMENT_FAILURES, type PaymentFailure } from '../../src/api/chain.ts';
import type { TicketApplication } from '../../src/api/ticket.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import type { UserRow } from '../db/schema.ts';
import type { ChainPaymentRow, TicketApplicationRow } from '../db/schemaChain.ts';
import { isUniqueViolation } from '../db/sqlErrors.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import { findPaymentByHash, submitPayment } from '../chain/payments.ts';
import { insertTicket, ticketPaymentHandler } from './tickets.ts';

const isPaymentFailure = (name: string): name is PaymentFailure =>
  (PAYMENT_FAILURES as readonly string[]).includes(name);

export async function applyForDividend(
  context: ServerContext,
  user: UserRow,
  hash: string,
): Promise<TicketApplication> {
  const { db } = context;
  hash = hash.toLowerCase();
  await refuseDuplicates(db, user.id, hash);
  const now = context.now().toISOString();
  const base = { user_id: user.id, hash, created_at: now };
  const price = context.settings.payments.ticketPrice;
  const known = await findPaymentByHash(db, hash);
  let row: TicketApplicationRow;
  try {
    if (known) {
      if (known.purpose !== 'ticket' || known.user_id !== user.id)
        throw new DomainError('hash_already_exists', { data: { field: 'hash' } });
      row = await insertApplication(db, {
        ...base,
        payment_id: known.id,
        historical_balance: known.amount,
        ...verdictOf(known, now),
      });
    } else {
      row = await applyWithNewPayment(context, user, hash, base, price);
    }
  } catch (error) {
    if (isUniqueViolation(error)) {
      await refuseDuplicates(db, user.id, hash);
      throw new DomainError('hash_already_exists', { data: { field: 'hash' } });
    }
    throw error;
  }
  return applicationWire(row);
}

/** A purchase made elsewhere: checked on chain now; a refusal leaves it to the operator. */
async function applyWithNewPayment(
  context: ServerContext,
  user: UserRow,
  hash: string,
  base: { user_id: bigint; hash: string; created_at: string },
  price: bigint,
): Promise<TicketApplicationRow> {
  try {
    const { subject } = await submitPayment(context, {
      user,
      hash,
      purpose: 'ticket',
      units: price,
      handler: ticketPaymentHandler,
      async createSubject(trx, payment) {
        await insertTicket(trx, payment, context.now());
        return insertApplication(trx, {
          ...base,
          payment_id: payment.id,
          historical_balance: price,
          status: 'pending',
        });
      },
    });
    // submitPayment approved it in the same transaction when the chain confirmed it.
    return (await findApplication(context.db, subject.id))!;
  } catch (error) {
    if (!(error instanceof DomainError) || !isPaymentFailure(error.errorName)) throw error;
    return insertApplication(context.db, {
      ...base,
      payment_id: null,
      historical_balance: price,
      status: 'pending',
      reason: error.errorName,
    });
  }
}

function verdictOf(payment: ChainPaymentRow, now: string) {
  if (payment.status === 'confirmed') return { status: 'approved' as const, reviewed_at: now };
  if (payment.status === 'rejected') return { status: 'pending' as const, reason: payment.failure };
  return { status: 'pending' as const };
}

async function refuseDuplicates(db: AppDatabase, userId: bigint, hash: string): Promise<void> {
  const [mine, sameHash] = await Promise.all([
    db.kysely
      .selectFrom('ticket_applications')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db.kysely
      .selectFrom('ticket_applications')
      .select('id')
      .where('hash', '=', hash)
      .executeTakeFirst(),
  ]);
  if (mine) throw new DomainError('ticket_already_applied', { data: { field: 'hash' } });
  if (sameHash) throw new DomainError('hash_already_exists', { data: { field: 'hash' } });
}

function insertApplication(
  db: AppDatabase,
  values: {
    user_id: bigint;
    hash: string;
    payment_id: bigint | null;
    historical_balance: bigint;
    status: 'pending' | 'approved';
    created_at: string;
    reviewed_at?: string;
    reason?: string | null;
  },
): Promise<TicketApplicationRow> {
  return db.kysely
    .insertInto('ticket_applications')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
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

/** The operator's decision on a pending application; repeating the same one changes nothing. */
export async function reviewApplication(
  context: ServerContext,
  id: bigint,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<{ application: TicketApplication; changed: boolean }> {
  return inRetryingTransaction(context.db, async (trx) => {
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
      .executeTakeFirst();
    if (updated) return { application: applicationWire(updated), changed: true };
    const current = await findApplication(trx, id);
    if (!current) throw new DomainError('ticket_application_not_found');
    if (current.status === (decision.approve ? 'approved' : 'rejected'))
      return { application: applicationWire(current), changed: false };
    throw new DomainError('ticket_application_not_pending', { data: { status: current.status } });
  });
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
