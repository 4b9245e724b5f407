// Mutual-aid cycles (spec §4, §9). Joining takes a valid ticket and a payment on chain of
// the cycle amount plus the activation extra. Once the chain confirms it, that JU enters
// the ledger into the mutual-aid pool and the cycle runs; when it is due, the principal and
// the profit go from the pool to the user's JU balance — only if the pool holds them, or
// the cycle waits as 'pending_payout'. Money never comes from nowhere: the pool holds what
// users paid in plus what the operator funded (`cycle fund`).
import type { Cycle, CycleJoinData } from '../../contract/api/cycle.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import type { UserRow } from '../db/schema.ts';
import type { CycleRow } from '../db/schemaChain.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import { ACCOUNT_KIND, ensureSystemAccount, ensureUserAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/postTransfer.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { paymentWire, submitPayment } from '../chain/payments.ts';
import type { PurposeHandler } from '../hooks/purposeHandler.ts';
import { ticketStatus } from '../ticket/tickets.ts';
import { markActivated } from '../users/users.ts';
import { lockedPoolBalance } from './pool.ts';

export const CYCLE_TRANSFER_KIND = { paidIn: 'cycle_paid_in', payout: 'cycle_payout' } as const;

export const cyclePaymentHandler: PurposeHandler = {
  async onConfirmed(trx, payment, context) {
    const now = context.now();
    const cycle = await trx.kysely
      .updateTable('cycles')
      .set({
        status: 'running',
        started_at: now.toISOString(),
        due_at: new Date(now.getTime() + context.settings.payments.cycleMs).toISOString(),
      })
      .where('payment_id', '=', payment.id)
      .where('status', '=', 'awaiting_payment')
      .returningAll()
      .executeTakeFirst();
    if (!cycle) return;
    // The cycle's payment carries the activation extra: the account counts as activated from
    // its first confirmed cycle on (the user centre's 'Activation time').
    await markActivated(trx, cycle.user_id, now);
    await trx.kysely
      .updateTable('tickets')
      .set({ last_operation_at: now.toISOString() })
      .where('id', '=', cycle.ticket_id)
      .execute();
    // What the user paid to the treasury on chain now stands in the pool.
    const received = await ensureSystemAccount(trx, 'JU', ACCOUNT_KIND.chain_received, now);
    const pool = await ensureSystemAccount(trx, 'JU', ACCOUNT_KIND.cycle_pool, now);
    await postTransfer(trx, {
      idempotencyKey: `cycle-paid-in:${cycle.id}`,
      kind: CYCLE_TRANSFER_KIND.paidIn,
      memo: payment.hash,
      legs: [
        { accountId: received, amount: -cycle.paid_in },
        { accountId: pool, amount: cycle.paid_in },
      ],
      now,
    });
  },
  async onRejected(trx, payment) {
    const cycle = await trx.kysely
      .updateTable('cycles')
      .set({ status: 'payment_failed' })
      .where('payment_id', '=', payment.id)
      .where('status', '=', 'awaiting_payment')
      .returningAll()
      .executeTakeFirst();
    if (!cycle) return;
    await trx.kysely
      .updateTable('tickets')
      .set({ status: 'active' })
      .where('id', '=', cycle.ticket_id)
      .where('status', '=', 'in_cycle')
      .execute();
  },
};

export async function joinCycle(
  context: ServerContext,
  user: UserRow,
  request: { ticketId: bigint; hash: string; idempotencyKey: string },
): Promise<CycleJoinData> {
  const { settings } = context;
  const { cycleAmount, cycleActivationExtra, cyclePrincipalReturn, cycleProfit } =
    settings.payments;
  const paidIn = cycleAmount + cycleActivationExtra;
  const usableTicket = async (db: AppDatabase) => {
    const ticket = await db.kysely
      .selectFrom('tickets')
      .selectAll()
      .where('id', '=', request.ticketId)
      .executeTakeFirst();
    // Another user's ticket is answered like one that does not exist.
    if (!ticket || ticket.user_id !== user.id) throw new DomainError('ticket_not_found');
    if (ticketStatus(ticket, settings, context.now()) !== 'valid')
      throw new DomainError('ticket_not_valid', { data: { field: 'ticket_id' } });
    return ticket;
  };
  return submitPayment(context, {
    user,
    hash: request.hash,
    purpose: 'cycle',
    units: paidIn,
    handler: cyclePaymentHandler,
    idempotency: {
      scope: 'cycle-join',
      key: request.idempotencyKey,
      request: { ticket_id: request.ticketId },
    },
    precheck: async (db) => {
      await usableTicket(db);
    },
    async createSubject(trx, payment) {
      const ticket = await usableTicket(trx);
      const taken = await trx.kysely
        .updateTable('tickets')
        .set({ status: 'in_cycle' })
        .where('id', '=', ticket.id)
        .where('status', '=', 'active')
        .where('last_operation_at', '=', ticket.last_operation_at)
        .executeTakeFirst();
      if (taken.numUpdatedRows !== 1n) throw new DomainError('ticket_not_valid');
      return trx.kysely
        .insertInto('cycles')
        .values({
          user_id: user.id,
          ticket_id: ticket.id,
          payment_id: payment.id,
          paid_in: paidIn,
          principal_return: cyclePrincipalReturn,
          profit: cycleProfit,
          status: 'awaiting_payment',
          created_at: context.now().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async answer(trx, payment, cycle) {
      const current = (await findCycle(trx, cycle.id))!;
      return {
        payment: paymentWire(payment, settings),
        cycle: cycleWire({ ...current, hash: payment.hash }),
      };
    },
  });
}

export function findCycle(db: AppDatabase, id: bigint): Promise<CycleRow | undefined> {
  return db.kysely.selectFrom('cycles').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Pays every cycle due by `dueBy` (now, unless a demo travels in time) that the pool can
 * cover, oldest first; the first it cannot cover (and
 * every later one) waits as pending_payout. Each payout is one transaction that flips the
 * cycle from running/pending_payout to paid and posts the transfer keyed by the cycle, so
 * running this twice, or in two processes at once, pays each cycle exactly once.
 */
export async function payDueCycles(
  context: ServerContext,
  dueBy: Date = context.now(),
): Promise<{ paid: number; waiting: number }> {
  const { db } = context;
  // Due by `dueBy` (later than now in a demo's clock travel); paid and dated now.
  const now = context.now();
  const due = await db.kysely
    .selectFrom('cycles')
    .selectAll()
    .where('status', 'in', ['running', 'pending_payout'])
    .where('due_at', '<=', dueBy.toISOString())
    .orderBy('due_at')
    .orderBy('id')
    .limit(1000)
    .execute();
  let paid = 0;
  let waiting = 0;
  let poolExhausted = false;
  for (const cycle of due) {
    const outcome = poolExhausted ? 'waiting' : await payOne(context, cycle, now);
    if (outcome === 'paid') paid++;
    if (outcome === 'waiting') {
      waiting++;
      poolExhausted = true;
      if (cycle.status === 'running') await markPendingPayout(db, cycle.id);
    }
  }
  return { paid, waiting };
}

async function payOne(
  context: ServerContext,
  cycle: CycleRow,
  now: Date,
): Promise<'paid' | 'waiting' | 'gone'> {
  return inRetryingTransaction(context.db, async (trx) => {
    const owed = cycle.principal_return + cycle.profit;
    const { accountId: pool, balance } = await lockedPoolBalance(trx, ACCOUNT_KIND.cycle_pool, now);
    if (balance < owed) return 'waiting';
    const flipped = await trx.kysely
      .updateTable('cycles')
      .set({ status: 'paid', paid_at: now.toISOString() })
      .where('id', '=', cycle.id)
      .where('status', 'in', ['running', 'pending_payout'])
      .executeTakeFirst();
    if (flipped.numUpdatedRows !== 1n) return 'gone';
    const userAccount = await ensureUserAccount(trx, cycle.user_id, 'JU', now);
    const transfer = await postTransfer(trx, {
      idempotencyKey: `cycle-payout:${cycle.id}`,
      kind: CYCLE_TRANSFER_KIND.payout,
      memo: `cycle ${cycle.id}`,
      legs: [
        { accountId: pool, amount: -owed },
        { accountId: userAccount, amount: owed },
      ],
      now,
    });
    await trx.kysely
      .updateTable('cycles')
      .set({ payout_transfer_id: transfer.id })
      .where('id', '=', cycle.id)
      .execute();
    // The payout is an operation on the ticket: its idle clock starts again.
    await trx.kysely
      .updateTable('tickets')
      .set({ status: 'active', last_operation_at: now.toISOString() })
      .where('id', '=', cycle.ticket_id)
      .where('status', '=', 'in_cycle')
      .execute();
    return 'paid';
  });
}

async function markPendingPayout(db: AppDatabase, id: bigint): Promise<void> {
  await db.kysely
    .updateTable('cycles')
    .set({ status: 'pending_payout' })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export function cycleWire(row: CycleRow & { hash: string }): Cycle {
  return {
    id: String(row.id),
    ticket_id: String(row.ticket_id),
    status: row.status,
    hash: row.hash,
    paid_in: wireAmount('JU', row.paid_in),
    principal_return: wireAmount('JU', row.principal_return),
    profit: wireAmount('JU', row.profit),
    created_at: row.created_at,
    started_at: row.started_at,
    due_at: row.due_at,
    paid_at: row.paid_at,
  };
}

export async function listCycles(
  db: AppDatabase,
  userId: bigint,
  page: number,
  pageSize: number,
): Promise<{ list: Cycle[]; total: number }> {
  const { rows, total } = await readPage(
    db.kysely.selectFrom('cycles').where('cycles.user_id', '=', userId),
    (q) =>
      q
        .innerJoin('chain_payments', 'chain_payments.id', 'cycles.payment_id')
        .selectAll('cycles')
        .select('chain_payments.hash')
        .orderBy('cycles.id', 'desc'),
    { page, pageSize },
  );
  return { list: rows.map(cycleWire), total };
}
