// Tickets (spec §4, §9): bought on chain for the ticket price; valid until the idle time
// (3 days) passes without an operation — buying it, or a cycle starting or paying out with
// it. The stored status says what happened; 'active' shows as valid or invalidated by time.
import type { Ticket, TicketBuyData, TicketStatus } from '../../contract/api/ticket.ts';
import type { ServerSettings } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import type { UserRow } from '../db/schema.ts';
import type { ChainPaymentRow, TicketRow } from '../db/schemaChain.ts';
import { paymentWire, submitPayment } from '../chain/payments.ts';
import type { PurposeHandler } from '../hooks/purposeHandler.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { recordPerformance } from '../users/performance.ts';
import { onTicketPaymentDecided } from './applicationDecisions.ts';

export const ticketPaymentHandler: PurposeHandler = {
  async onConfirmed(trx, payment, context) {
    const ticket = await trx.kysely
      .updateTable('tickets')
      .set({ status: 'active', last_operation_at: context.now().toISOString() })
      .where('payment_id', '=', payment.id)
      .where('status', '=', 'pending_payment')
      .returning(['id', 'user_id', 'price'])
      .executeTakeFirst();
    // The ticket's price counts in the buyer's performance (user centre), once.
    if (ticket) {
      await recordPerformance(trx, {
        userId: ticket.user_id,
        units: ticket.price,
        source: 'ticket',
        reference: String(ticket.id),
        now: context.now(),
      });
    }
    await onTicketPaymentDecided(trx, payment, context);
  },
  async onRejected(trx, payment, context) {
    await trx.kysely
      .updateTable('tickets')
      .set({ status: 'failed' })
      .where('payment_id', '=', payment.id)
      .where('status', '=', 'pending_payment')
      .execute();
    await onTicketPaymentDecided(trx, payment, context);
  },
};

/** Writes the ticket a payment buys (pending until the payment is confirmed). */
export function insertTicket(
  trx: AppDatabase,
  payment: ChainPaymentRow,
  now: Date,
): Promise<TicketRow> {
  return trx.kysely
    .insertInto('tickets')
    .values({
      user_id: payment.user_id,
      payment_id: payment.id,
      price: payment.amount,
      status: 'pending_payment',
      created_at: now.toISOString(),
      last_operation_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A ticket bought with a payment on chain; a retry with the same key gets the same answer. */
export async function buyTicket(
  context: ServerContext,
  user: UserRow,
  request: { hash: string; idempotencyKey: string },
): Promise<TicketBuyData> {
  const now = context.now();
  return submitPayment(context, {
    user,
    hash: request.hash,
    purpose: 'ticket',
    units: context.settings.payments.ticketPrice,
    handler: ticketPaymentHandler,
    idempotency: { scope: 'ticket-buy', key: request.idempotencyKey },
    createSubject: (trx, payment) => insertTicket(trx, payment, now),
    async answer(trx, payment, ticket) {
      const current = (await findTicket(trx, ticket.id))!;
      return {
        payment: paymentWire(payment, context.settings),
        ticket: ticketWire({ ...current, hash: payment.hash }, context.settings, now),
      };
    },
  });
}

export function findTicket(db: AppDatabase, id: bigint): Promise<TicketRow | undefined> {
  return db.kysely.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The time after which an active ticket is invalidated. */
export function ticketExpiry(row: TicketRow, settings: ServerSettings): Date {
  return new Date(Date.parse(row.last_operation_at) + settings.payments.ticketIdleMs);
}

export function ticketStatus(row: TicketRow, settings: ServerSettings, now: Date): TicketStatus {
  switch (row.status) {
    case 'pending_payment':
      return 'pending_payment';
    case 'in_cycle':
      return 'in_cycle';
    case 'failed':
      return 'invalidated';
    case 'active':
      return now < ticketExpiry(row, settings) ? 'valid' : 'invalidated';
  }
}

export function ticketWire(
  row: TicketRow & { hash: string },
  settings: ServerSettings,
  now: Date,
): Ticket {
  const status = ticketStatus(row, settings, now);
  return {
    id: String(row.id),
    status,
    price: wireAmount('JU', row.price),
    hash: row.hash,
    bought_at: row.created_at,
    last_operation_at: row.last_operation_at,
    expires_at: status === 'valid' ? ticketExpiry(row, settings).toISOString() : null,
  };
}

export async function listTickets(
  context: ServerContext,
  userId: bigint,
  page: number,
  pageSize: number,
): Promise<{ list: Ticket[]; total: number }> {
  const { db, settings } = context;
  // A ticket whose payment the chain refused (reverted, cancelled, never mined) was never
  // bought: it is not listed.
  const { rows, total } = await readPage(
    db.kysely
      .selectFrom('tickets')
      .where('tickets.user_id', '=', userId)
      .where('tickets.status', '!=', 'failed'),
    (q) =>
      q
        .innerJoin('chain_payments', 'chain_payments.id', 'tickets.payment_id')
        .selectAll('tickets')
        .select('chain_payments.hash')
        .orderBy('tickets.id', 'desc'),
    { page, pageSize },
  );
  const now = context.now();
  return {
    list: rows.map((row) => ticketWire(row, settings, now)),
    total,
  };
}
