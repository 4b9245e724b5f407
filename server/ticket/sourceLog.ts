// The ticket source log (`/enuFrom`): where the user's tickets and dividend came from —
// purchases on chain and the dividend application — newest first.
import type { TicketSourceLogData, TicketSourceRow } from '../../contract/api/ticket.ts';
import type { AppDatabase } from '../db/database.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';

/** A user has a handful of these at most, so both kinds are read whole and merged. */
export async function ticketSourceLog(
  db: AppDatabase,
  userId: bigint,
  page: number,
  pageSize: number,
): Promise<TicketSourceLogData> {
  const [tickets, applications] = await Promise.all([
    db.kysely
      .selectFrom('tickets')
      .innerJoin('chain_payments', 'chain_payments.id', 'tickets.payment_id')
      .select([
        'tickets.id',
        'tickets.price',
        'tickets.status',
        'tickets.created_at',
        'chain_payments.hash',
        'chain_payments.status as payment_status',
      ])
      .where('tickets.user_id', '=', userId)
      // A purchase whose payment the chain refused never happened.
      .where('tickets.status', '!=', 'failed')
      .execute(),
    db.kysely.selectFrom('ticket_applications').selectAll().where('user_id', '=', userId).execute(),
  ]);
  const rows: TicketSourceRow[] = [
    ...tickets.map((row) => ({
      id: `ticket-${row.id}`,
      source: 'chain_purchase' as const,
      hash: row.hash,
      amount: wireAmount('JU', row.price),
      status: row.payment_status,
      created_at: row.created_at,
    })),
    ...applications.map((row) => ({
      id: `application-${row.id}`,
      source: 'dividend_application' as const,
      hash: row.hash,
      amount: wireAmount('JU', row.historical_balance),
      status: row.status,
      created_at: row.created_at,
    })),
  ].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return { total: rows.length, list: rows.slice((page - 1) * pageSize, page * pageSize) };
}
