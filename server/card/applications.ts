// Card applications (spec §4: processing → success (issued) | failed (rejected)). The fee
// is paid from the user's available balance when applying, in ONE ledger transfer
// (available → fees) inside the money operation that also writes the application, under
// the request's idempotency key. A rejection returns the fee in one transfer. A failed
// application, or one whose card was reported lost or stolen, can be reapplied for once.
import { randomInt } from 'node:crypto';
import type { CardApplication } from '../../contract/api/card/applications.ts';
import type { Card } from '../../contract/api/card/cards.ts';
import type { AcceptedAgreement, CardType } from '../../contract/api/card/info.ts';
import type { AppDatabase } from '../db/database.ts';
import type { CardApplicationRow } from '../db/schemaCard.ts';
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
import { findOwnAddress } from './addresses.ts';
import { readPage, type Page } from '../db/pages.ts';
import type { CardContext } from './cardContext.ts';
import { cardWire, createCard } from './cards.ts';
import { findOwnHolder } from './holders.ts';
import { agreementsFingerprint, agreementsToRecord, binFor, cardAmount } from './info.ts';
import { CARD_TRANSFER_KIND } from './transferKinds.ts';

export interface ApplicationRequest {
  type: CardType;
  region: string;
  holderId: bigint;
  addressId: bigint | null;
  bin?: string;
  /** What the app says the user accepted (checked against the agreements in force). */
  agreements?: AcceptedAgreement[];
}

export async function applyForCard(
  card: CardContext,
  userId: bigint,
  request: ApplicationRequest,
  idempotencyKey: string,
): Promise<CardApplication> {
  const { answer } = await runMoneyOperation(card.db, {
    ownerId: userId,
    scope: 'card-apply',
    key: idempotencyKey,
    request: {
      type: request.type,
      region: request.region,
      holder: request.holderId,
      address: request.addressId,
      bin: request.bin ?? null,
      agreements: agreementsFingerprint(request.agreements),
    },
    lockUserId: userId,
    now: card.now(),
    run: (trx) => createApplication(trx, card, userId, request, null),
  });
  return answer;
}

/** Applies again for `applicationId` (type and region kept; holder and address may change). */
export async function reapplyForCard(
  card: CardContext,
  userId: bigint,
  request: {
    applicationId: bigint;
    holderId?: bigint;
    addressId?: bigint;
    agreements?: AcceptedAgreement[];
  },
  idempotencyKey: string,
): Promise<CardApplication> {
  const { answer } = await runMoneyOperation(card.db, {
    ownerId: userId,
    scope: 'card-reapply',
    key: idempotencyKey,
    request: {
      application: request.applicationId,
      holder: request.holderId ?? null,
      address: request.addressId ?? null,
      agreements: agreementsFingerprint(request.agreements),
    },
    lockUserId: userId,
    now: card.now(),
    async run(trx) {
      const earlier = await findOwnApplication(trx, userId, request.applicationId);
      if (!(await canReapply(trx, earlier))) throw new DomainError('application_not_reappliable');
      return createApplication(
        trx,
        card,
        userId,
        {
          type: earlier.type,
          region: earlier.region,
          holderId: request.holderId ?? earlier.holder_id,
          addressId: earlier.type === 'physical' ? (request.addressId ?? earlier.address_id) : null,
          bin: earlier.bin,
          agreements: request.agreements,
        },
        earlier.id,
      );
    },
  });
  return answer;
}

async function createApplication(
  trx: AppDatabase,
  card: CardContext,
  userId: bigint,
  request: ApplicationRequest,
  reapplyOf: bigint | null,
): Promise<CardApplication> {
  const now = card.now();
  const agreements = agreementsToRecord(request.agreements);
  if (!card.settings.regions.includes(request.region))
    throw new DomainError('region_not_supported', { data: { field: 'region' } });
  const bin = binFor(request.type);
  if (request.bin !== undefined && request.bin !== bin)
    throw new DomainError('validation', { values: { field: 'bin' }, data: { field: 'bin' } });
  const holder = await findOwnHolder(trx, userId, request.holderId);
  if (holder.status !== 'approved')
    throw new DomainError('holder_not_approved', { data: { field: 'holder_id' } });
  if (request.type === 'physical') {
    if (request.addressId === null)
      throw new DomainError('address_not_found', { data: { field: 'address_id' } });
    await findOwnAddress(trx, userId, request.addressId);
  }
  const fee = request.type === 'virtual' ? card.settings.virtualFee : card.settings.physicalFee;
  const orderNo = randomOrderNo(request.type, now);
  let feeTransferId: bigint | null = null;
  if (fee > 0n) {
    const available = await ensureUserAccount(trx, userId, 'USDT', now);
    const fees = await ensureSystemAccount(trx, 'USDT', ACCOUNT_KIND.fees, now, shardFor(userId));
    const transfer = await postTransfer(trx, {
      idempotencyKey: `card-apply:${orderNo}`,
      kind: CARD_TRANSFER_KIND.applicationFee,
      legs: [
        { accountId: available, amount: -fee },
        { accountId: fees, amount: fee },
      ],
      now,
    });
    feeTransferId = transfer.id;
  }
  const row = await trx.kysely
    .insertInto('card_applications')
    .values({
      user_id: userId,
      order_no: orderNo,
      type: request.type,
      region: request.region,
      bin,
      holder_id: holder.id,
      holder_name: `${holder.first_name} ${holder.last_name}`.toUpperCase(),
      address_id: request.type === 'physical' ? request.addressId : null,
      fee,
      fee_transfer_id: feeTransferId,
      status: 'processing',
      reapply_of: reapplyOf,
      agreements: JSON.stringify(agreements),
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await emitUserEvent(trx, now, {
    userId,
    stream: 'user@card',
    kind: 'card_application_submitted',
  });
  return applicationWire(row, false);
}

/** e.g. V20300101120000123456: type, UTC time, six random digits. */
function randomOrderNo(type: CardType, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${type === 'virtual' ? 'V' : 'P'}${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

export async function findOwnApplication(
  db: AppDatabase,
  userId: bigint,
  id: bigint,
): Promise<CardApplicationRow> {
  const row = await db.kysely
    .selectFrom('card_applications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('application_not_found');
  return row;
}

async function canReapply(db: AppDatabase, row: CardApplicationRow): Promise<boolean> {
  const again = await db.kysely
    .selectFrom('card_applications')
    .select('id')
    .where('reapply_of', '=', row.id)
    .executeTakeFirst();
  if (again) return false;
  if (row.status === 'failed') return true;
  if (row.status !== 'success' || row.card_id === null) return false;
  const issued = await db.kysely
    .selectFrom('cards')
    .select('status')
    .where('id', '=', row.card_id)
    .executeTakeFirst();
  return issued?.status === 'blocked';
}

export interface ApplicationQuery extends Page {
  userId?: bigint;
  status?: CardApplicationRow['status'];
}

export async function listApplications(
  db: AppDatabase,
  query: ApplicationQuery,
): Promise<{ rows: { row: CardApplicationRow; canReapply: boolean }[]; total: number }> {
  let filtered = db.kysely.selectFrom('card_applications as a');
  if (query.userId !== undefined) filtered = filtered.where('a.user_id', '=', query.userId);
  if (query.status !== undefined) filtered = filtered.where('a.status', '=', query.status);
  // One query for the page: the card's state and any reapplication decide `can_reapply`.
  const { rows, total } = await readPage(
    filtered,
    (q) =>
      q
        .leftJoin('cards as c', 'c.id', 'a.card_id')
        .leftJoin('card_applications as again', 'again.reapply_of', 'a.id')
        .selectAll('a')
        .select(['c.status as card_status', 'again.id as reapplied_by'])
        .orderBy('a.id', 'desc'),
    query,
  );
  return {
    total,
    rows: rows.map(({ card_status: cardStatus, reapplied_by: reappliedBy, ...row }) => ({
      row,
      canReapply:
        reappliedBy === null &&
        (row.status === 'failed' || (row.status === 'success' && cardStatus === 'blocked')),
    })),
  };
}

/** The operator issues the card of a processing application. */
export async function issueCard(
  card: CardContext,
  applicationId: bigint,
): Promise<{ application: CardApplication; card: Card }> {
  return inRetryingTransaction(card.db, async (trx) => {
    const now = card.now();
    const decided = await decide(trx, applicationId, { status: 'success', reason: null }, now);
    const issued = await createCard(trx, card.vault, decided, now);
    const row = await trx.kysely
      .updateTable('card_applications')
      .set({ card_id: issued.id })
      .where('id', '=', decided.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await emitUserEvent(trx, now, {
      userId: row.user_id,
      stream: 'user@card',
      kind: 'card_issued',
    });
    return { application: applicationWire(row, false), card: cardWire(issued) };
  });
}

/** The operator rejects a processing application; the fee goes back to the user. */
export async function rejectApplication(
  card: CardContext,
  applicationId: bigint,
  reason: string,
): Promise<CardApplication> {
  return inRetryingTransaction(card.db, async (trx) => {
    const now = card.now();
    const row = await decide(trx, applicationId, { status: 'failed', reason }, now);
    if (row.fee > 0n) {
      const available = await ensureUserAccount(trx, row.user_id, 'USDT', now);
      const fees = await ensureSystemAccount(
        trx,
        'USDT',
        ACCOUNT_KIND.fees,
        now,
        shardFor(row.user_id),
      );
      await postTransfer(trx, {
        idempotencyKey: `card-apply-refund:${row.id}`,
        kind: CARD_TRANSFER_KIND.applicationRefund,
        memo: reason,
        legs: [
          { accountId: fees, amount: -row.fee },
          { accountId: available, amount: row.fee },
        ],
        now,
      });
    }
    await emitUserEvent(trx, now, {
      userId: row.user_id,
      stream: 'user@card',
      kind: 'card_application_rejected',
    });
    return applicationWire(row, true);
  });
}

async function decide(
  trx: AppDatabase,
  id: bigint,
  decision: { status: 'success' | 'failed'; reason: string | null },
  now: Date,
): Promise<CardApplicationRow> {
  const row = await trx.kysely
    .updateTable('card_applications')
    .set({
      status: decision.status,
      reject_reason: decision.reason,
      finished_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  const exists = await trx.kysely
    .selectFrom('card_applications')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw new DomainError('application_not_found');
  throw new DomainError('application_not_processing', { data: { status: exists.status } });
}

export function applicationWire(row: CardApplicationRow, canReapply: boolean): CardApplication {
  return {
    id: String(row.id),
    order_no: row.order_no,
    type: row.type,
    region: row.region,
    holder_id: String(row.holder_id),
    holder_name: row.holder_name,
    address_id: row.address_id === null ? null : String(row.address_id),
    fee: cardAmount(row.fee),
    coin: 'USDT',
    status: row.status,
    reject_reason: row.reject_reason,
    card_id: row.card_id === null ? null : String(row.card_id),
    reapply_of: row.reapply_of === null ? null : String(row.reapply_of),
    can_reapply: canReapply,
    agreements: row.agreements === null ? [] : (JSON.parse(row.agreements) as AcceptedAgreement[]),
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}
