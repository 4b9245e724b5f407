// Card recharges and spending. A recharge pays amount + fee from the available balance in
// ONE ledger transfer (available → card_funding for the amount, → fees for the fee) inside
// the money operation that writes the record, under the request's idempotency key. The
// issuer's side is driven by the operator: pending → processing → success (the amount is
// on the card) or failed (one transfer returns amount and fee). The card balance is the
// issuer's ledger, kept on the card row and changed only with the record that explains it.
import { rechargeFeeUnits } from '../../contract/api/card/info.ts';
import type { RechargeRecord } from '../../contract/api/card/recharges.ts';
import type { ConsumeRecord } from '../../contract/api/card/records.ts';
import type { AppDatabase } from '../db/database.ts';
import type { CardConsumptionRow, CardRechargeRow } from '../db/schemaCard.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import {
  ACCOUNT_KIND,
  ensureSystemAccount,
  ensureUserAccount,
  shardFor,
} from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/postTransfer.ts';
import { runMoneyOperation } from '../ledger/moneyOperation.ts';
import { emitUserEvent } from '../realtime/events.ts';
import { CARD_TRANSFER_KIND } from './transferKinds.ts';
import { readPage, type Page } from '../db/pages.ts';
import type { CardContext } from './cardContext.ts';
import { requireActive } from './cardStates.ts';
import { findOwnCard } from './cards.ts';
import { cardAmount } from './info.ts';

export async function rechargeCard(
  card: CardContext,
  userId: bigint,
  cardId: bigint,
  units: bigint,
  idempotencyKey: string,
): Promise<RechargeRecord> {
  const { answer } = await runMoneyOperation(card.db, {
    ownerId: userId,
    scope: 'card-recharge',
    key: idempotencyKey,
    request: { card: cardId, units },
    lockUserId: userId,
    now: card.now(),
    async run(trx) {
      const now = card.now();
      const target = await findOwnCard(trx, userId, cardId);
      const blocked = requireActive(target);
      if (blocked) throw new DomainError(blocked, { data: { status: target.status } });
      const { rechargeMinimum, rechargeFeeRateBps, rechargeFeeMinimum } = card.settings;
      if (units < rechargeMinimum) {
        throw new DomainError('amount_below_minimum', {
          values: { minimum: `${cardAmount(rechargeMinimum)} USDT` },
          data: { field: 'amount', minimum: cardAmount(rechargeMinimum) },
        });
      }
      const fee = rechargeFeeUnits(units, {
        feeRateBps: rechargeFeeRateBps,
        feeMinimumUnits: rechargeFeeMinimum,
      });
      const shard = shardFor(userId);
      const available = await ensureUserAccount(trx, userId, 'USDT', now);
      const funding = await ensureSystemAccount(trx, 'USDT', ACCOUNT_KIND.cardFunding, now, shard);
      const legs = [
        { accountId: available, amount: -(units + fee) },
        { accountId: funding, amount: units },
      ];
      if (fee > 0n) {
        const fees = await ensureSystemAccount(trx, 'USDT', ACCOUNT_KIND.fees, now, shard);
        legs.push({ accountId: fees, amount: fee });
      }
      const transfer = await postTransfer(trx, {
        idempotencyKey: `card-recharge:${userId}:${idempotencyKey}`,
        keyIsNew: true,
        kind: CARD_TRANSFER_KIND.recharge,
        legs,
        now,
      });
      const row = await trx.kysely
        .insertInto('card_recharges')
        .values({
          user_id: userId,
          card_id: cardId,
          amount: units,
          fee,
          status: 'pending',
          transfer_id: transfer.id,
          created_at: transfer.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await emitUserEvent(trx, now, {
        userId,
        stream: 'user@card',
        kind: 'card_recharge_submitted',
      });
      return rechargeWire(row);
    },
  });
  return answer;
}

export type RechargeOutcome =
  { status: 'processing' } | { status: 'success' } | { status: 'failed'; reason: string };

/** The operator moves a recharge on; the guarded UPDATE lets exactly one outcome happen. */
export async function finishRecharge(
  card: CardContext,
  id: bigint,
  outcome: RechargeOutcome,
): Promise<RechargeRecord> {
  return inRetryingTransaction(card.db, async (trx) => {
    const now = card.now();
    const from = outcome.status === 'processing' ? ['pending'] : ['pending', 'processing'];
    const row = await trx.kysely
      .updateTable('card_recharges')
      .set({
        status: outcome.status,
        failure_reason: outcome.status === 'failed' ? outcome.reason : null,
        finished_at: outcome.status === 'processing' ? null : now.toISOString(),
      })
      .where('id', '=', id)
      .where('status', 'in', from as CardRechargeRow['status'][])
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.kysely
        .selectFrom('card_recharges')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!exists) throw new DomainError('recharge_not_found');
      throw new DomainError('recharge_not_open', { data: { status: exists.status } });
    }
    if (outcome.status === 'success') {
      // Not onto a card blocked for good: the money would be stranded there. The operator
      // fails such a recharge instead, which returns it to the user's balance.
      const credited = await trx.kysely
        .updateTable('cards')
        .set((eb) => ({ balance: eb('balance', '+', row.amount), updated_at: now.toISOString() }))
        .where('id', '=', row.card_id)
        .where('status', '!=', 'blocked')
        .returning('id')
        .executeTakeFirst();
      if (!credited) throw new DomainError('card_blocked', { data: { status: 'blocked' } });
    }
    if (outcome.status === 'failed') {
      const shard = shardFor(row.user_id);
      const available = await ensureUserAccount(trx, row.user_id, 'USDT', now);
      const funding = await ensureSystemAccount(trx, 'USDT', ACCOUNT_KIND.cardFunding, now, shard);
      const legs = [
        { accountId: funding, amount: -row.amount },
        { accountId: available, amount: row.amount + row.fee },
      ];
      if (row.fee > 0n) {
        const fees = await ensureSystemAccount(trx, 'USDT', ACCOUNT_KIND.fees, now, shard);
        legs.push({ accountId: fees, amount: -row.fee });
      }
      const refund = await postTransfer(trx, {
        idempotencyKey: `card-recharge-refund:${row.id}`,
        kind: CARD_TRANSFER_KIND.rechargeRefund,
        memo: outcome.reason,
        legs,
        now,
      });
      await trx.kysely
        .updateTable('card_recharges')
        .set({ refund_transfer_id: refund.id })
        .where('id', '=', row.id)
        .execute();
    }
    await emitUserEvent(trx, now, {
      userId: row.user_id,
      stream: 'user@card',
      kind: `card_recharge_${outcome.status}`,
    });
    return rechargeWire(row);
  });
}

/** The operator records spending at a merchant (a demo of the issuer's side). */
export async function spendOnCard(
  card: CardContext,
  cardId: bigint,
  units: bigint,
  merchant: string,
): Promise<{ record: ConsumeRecord; balance: string }> {
  return inRetryingTransaction(card.db, async (trx) => {
    const now = card.now();
    const target = await trx.kysely
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', cardId)
      .executeTakeFirst();
    if (!target) throw new DomainError('card_not_found');
    const blocked = requireActive(target);
    if (blocked) throw new DomainError(blocked, { data: { status: target.status } });
    const spent = await trx.kysely
      .updateTable('cards')
      .set((eb) => ({ balance: eb('balance', '-', units), updated_at: now.toISOString() }))
      .where('id', '=', cardId)
      .where('status', '=', 'active')
      .where('balance', '>=', units)
      .returning('balance')
      .executeTakeFirst();
    if (!spent) throw new DomainError('insufficient_balance', { data: { field: 'amount' } });
    const row = await trx.kysely
      .insertInto('card_consumptions')
      .values({
        user_id: target.user_id,
        card_id: cardId,
        amount: units,
        merchant,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await emitUserEvent(trx, now, { userId: row.user_id, stream: 'user@card', kind: 'card_spent' });
    return { record: consumeWire(row), balance: cardAmount(spent.balance) };
  });
}

export async function listRecharges(
  db: AppDatabase,
  query: Page & { userId?: bigint; cardId?: bigint; status?: CardRechargeRow['status'] },
): Promise<{ rows: CardRechargeRow[]; total: number }> {
  let filtered = db.kysely.selectFrom('card_recharges');
  if (query.userId !== undefined) filtered = filtered.where('user_id', '=', query.userId);
  if (query.cardId !== undefined) filtered = filtered.where('card_id', '=', query.cardId);
  if (query.status !== undefined) filtered = filtered.where('status', '=', query.status);
  return readPage(filtered, (q) => q.selectAll().orderBy('id', 'desc'), query);
}

export async function listConsumptions(
  db: AppDatabase,
  query: Page & { userId: bigint; cardId: bigint },
): Promise<{ list: ConsumeRecord[]; total: number }> {
  const filtered = db.kysely
    .selectFrom('card_consumptions')
    .where('user_id', '=', query.userId)
    .where('card_id', '=', query.cardId);
  const { rows, total } = await readPage(
    filtered,
    (q) => q.selectAll().orderBy('id', 'desc'),
    query,
  );
  return { total, list: rows.map(consumeWire) };
}

export function rechargeWire(row: CardRechargeRow): RechargeRecord {
  return {
    id: String(row.id),
    card_id: String(row.card_id),
    amount: cardAmount(row.amount),
    fee: cardAmount(row.fee),
    total: cardAmount(row.amount + row.fee),
    coin: 'USDT',
    status: row.status,
    failure_reason: row.failure_reason,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

function consumeWire(row: CardConsumptionRow): ConsumeRecord {
  return {
    id: String(row.id),
    card_id: String(row.card_id),
    amount: cardAmount(row.amount),
    coin: 'USDT',
    merchant: row.merchant,
    status: 'success',
    created_at: row.created_at,
  };
}
