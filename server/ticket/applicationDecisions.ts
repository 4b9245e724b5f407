// What a decided ticket payment means for a dividend application waiting on it.
import type { DecisionContext } from '../hooks/purposeHandler.ts';
import type { AppDatabase } from '../db/database.ts';
import type { ChainPaymentRow } from '../db/schemaChain.ts';

/**
 * The chain decided a ticket payment: an application waiting on it follows. A refused
 * payment rejects it, which frees the user's one application.
 */
export async function onTicketPaymentDecided(
  trx: AppDatabase,
  payment: ChainPaymentRow,
  context: DecisionContext,
): Promise<void> {
  await trx.kysely
    .updateTable('ticket_applications')
    .set(
      payment.status === 'confirmed'
        ? { status: 'approved', reviewed_at: context.now().toISOString(), reason: null }
        : {
            status: 'rejected',
            reviewed_at: context.now().toISOString(),
            reason: payment.failure,
          },
    )
    .where('payment_id', '=', payment.id)
    .where('status', '=', 'pending')
    .execute();
}
