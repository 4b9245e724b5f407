// Card holders (identity review, spec §3–§5). The identity fields (phone, email, billing
// address, id number and dates) are sealed with the card data key; only the names, the id
// type and a masked id number are kept in clear, for lists and review. Photos are upload
// references (uploads.ts), each attached to one holder of the same user, once.
import type { Holder, HolderForm, HolderSummary, IdType } from '../../contract/api/card/holders.ts';
import type { AppDatabase } from '../db/database.ts';
import type { CardHolderRow } from '../db/schemaCard.ts';
import { inTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import { emitUserEvent } from '../realtime/events.ts';
import { readPage, type Page } from '../db/pages.ts';
import { lockCardOwner, requireRoomFor, type CardContext } from './cardContext.ts';
import { deleteStoredFiles } from './uploads.ts';
import type { Vault } from '../vault.ts';

/** The form after the contract's schema: trimmed, checked, every field present. */
export type HolderFields = Required<Omit<HolderForm, 'id_type'>> & { id_type: IdType };

interface SealedIdentity {
  phone: string;
  email: string;
  province: string;
  city: string;
  district: string;
  address: string;
  id_number: string;
  issue_date: string;
  expiry_date: string;
}

// Owner and row: a sealed identity copied onto another holder, even of the same user, does
// not open.
const identityBinding = (userId: bigint, holderId: bigint) =>
  `holder-identity:${userId}:${holderId}`;

/** All but the last few characters hidden: '**********5678'. */
export function maskIdNumber(idNumber: string): string {
  const visible = idNumber.length >= 10 ? 4 : idNumber.length >= 6 ? 2 : 0;
  return '*'.repeat(idNumber.length - visible) + idNumber.slice(idNumber.length - visible);
}

function sealIdentity(
  vault: Vault,
  userId: bigint,
  holderId: bigint,
  fields: HolderFields,
): string {
  const identity: SealedIdentity = {
    phone: fields.phone,
    email: fields.email,
    province: fields.province,
    city: fields.city,
    district: fields.district,
    address: fields.address,
    id_number: fields.id_number,
    issue_date: fields.issue_date,
    expiry_date: fields.expiry_date,
  };
  return vault.sealText(JSON.stringify(identity), identityBinding(userId, holderId));
}

function openIdentity(vault: Vault, row: CardHolderRow): SealedIdentity {
  return JSON.parse(vault.openText(row.identity_sealed, identityBinding(row.user_id, row.id)));
}

export async function addHolder(
  card: CardContext,
  userId: bigint,
  fields: HolderFields,
): Promise<Holder> {
  const at = card.now().toISOString();
  return inTransaction(card.db, async (trx) => {
    await lockCardOwner(trx, userId);
    await requireRoomFor(trx, 'holder', userId, card.settings.maxHoldersPerUser);
    const inserted = await trx.kysely
      .insertInto('card_holders')
      .values({
        user_id: userId,
        first_name: fields.first_name,
        last_name: fields.last_name,
        id_type: fields.id_type,
        id_number_masked: maskIdNumber(fields.id_number),
        // Sealed below, once the row has the id the seal is bound to.
        identity_sealed: '',
        photos: JSON.stringify(fields.photos),
        status: 'pending',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx.kysely
      .updateTable('card_holders')
      .set({ identity_sealed: sealIdentity(card.vault, userId, inserted.id, fields) })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await attachPhotos(trx, userId, row.id, fields.photos);
    return holderWire(card.vault, row);
  });
}

/** Pending and rejected holders can be edited; the edit sends them back to review. */
export async function editHolder(
  card: CardContext,
  userId: bigint,
  id: bigint,
  fields: HolderFields,
): Promise<Holder> {
  const { holder, dropped } = await inTransaction(card.db, async (trx) => {
    // After a deletion of the same holder, not interleaved with it: a deleted holder must
    // not take new photos (they would stay on disk, attached to nothing anyone can see).
    await lockCardOwner(trx, userId);
    const current = await findOwnHolder(trx, userId, id);
    if (current.status === 'approved') throw new DomainError('holder_not_editable');
    const row = await trx.kysely
      .updateTable('card_holders')
      .set({
        first_name: fields.first_name,
        last_name: fields.last_name,
        id_type: fields.id_type,
        id_number_masked: maskIdNumber(fields.id_number),
        identity_sealed: sealIdentity(card.vault, userId, id, fields),
        photos: JSON.stringify(fields.photos),
        status: 'pending',
        reject_reason: null,
        updated_at: card.now().toISOString(),
      })
      .where('id', '=', id)
      .where('status', '=', current.status)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new DomainError('holder_not_editable');
    await attachPhotos(trx, userId, id, fields.photos);
    const kept = new Set(fields.photos);
    const dropped = photosOf(current).filter((file) => !kept.has(file));
    const droppedRows = await retirePhotos(trx, dropped);
    return { holder: holderWire(card.vault, row), dropped: droppedRows };
  });
  deleteStoredFiles(card.dataDir, dropped);
  return holder;
}

/** Deleting is refused while a card application in progress is for this holder. */
export async function deleteHolder(card: CardContext, userId: bigint, id: bigint): Promise<void> {
  const retired = await inTransaction(card.db, async (trx) => {
    await lockCardOwner(trx, userId);
    const current = await findOwnHolder(trx, userId, id);
    const inUse = await trx.kysely
      .selectFrom('card_applications')
      .select('id')
      .where('holder_id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (inUse) throw new DomainError('card_data_in_use');
    await trx.kysely
      .updateTable('card_holders')
      .set({ deleted_at: card.now().toISOString() })
      .where('id', '=', id)
      .execute();
    return retirePhotos(trx, photosOf(current));
  });
  // The documents are not needed any more: the photos go (the sealed fields stay, for
  // the record of cards already issued).
  deleteStoredFiles(card.dataDir, retired);
}

export async function findOwnHolder(
  db: AppDatabase,
  userId: bigint,
  id: bigint,
): Promise<CardHolderRow> {
  const row = await db.kysely
    .selectFrom('card_holders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new DomainError('holder_not_found');
  return row;
}

export interface HolderQuery extends Page {
  userId?: bigint;
  status?: CardHolderRow['status'];
}

export async function listHolders(
  db: AppDatabase,
  query: HolderQuery,
): Promise<{ rows: CardHolderRow[]; total: number }> {
  let filtered = db.kysely.selectFrom('card_holders').where('deleted_at', 'is', null);
  if (query.userId !== undefined) filtered = filtered.where('user_id', '=', query.userId);
  if (query.status !== undefined) filtered = filtered.where('status', '=', query.status);
  return readPage(filtered, (q) => q.selectAll().orderBy('id', 'desc'), query);
}

/** The operator's decision on a pending holder; the user hears of it (realtime). */
export async function reviewHolder(
  db: AppDatabase,
  id: bigint,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
  now: Date,
): Promise<CardHolderRow> {
  return inTransaction(db, async (trx) => {
    const row = await trx.kysely
      .updateTable('card_holders')
      .set({
        status: decision.status,
        reject_reason: decision.status === 'rejected' ? decision.reason : null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await emitUserEvent(trx, now, {
        userId: row.user_id,
        stream: 'user@card',
        kind: `holder_${decision.status}`,
      });
      return row;
    }
    const current = await trx.kysely
      .selectFrom('card_holders')
      .select('status')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!current) throw new DomainError('holder_not_found');
    throw new DomainError('conflict', { data: { status: current.status } });
  });
}

/**
 * Each reference must be the user's own upload, stored and not yet used, or already a
 * photo of this very holder (an edit keeping it). Anything else — someone else's file, a
 * file of another holder, an upload that failed or never happened — is photo_not_found.
 */
async function attachPhotos(
  trx: AppDatabase,
  userId: bigint,
  holderId: bigint,
  files: readonly string[],
): Promise<void> {
  for (const file of files) {
    const attached = await trx.kysely
      .updateTable('card_files')
      .set({ status: 'attached', holder_id: holderId })
      .where('id', '=', file)
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'stored'),
          eb.and([eb('status', '=', 'attached'), eb('holder_id', '=', holderId)]),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    if (!attached) throw new DomainError('photo_not_found', { data: { field: 'photos' } });
  }
}

/** Marks photos no longer needed as retired; returns their storage names to delete. */
async function retirePhotos(trx: AppDatabase, files: readonly string[]): Promise<string[]> {
  if (files.length === 0) return [];
  const rows = await trx.kysely
    .updateTable('card_files')
    .set({ status: 'refused', holder_id: null })
    .where('id', 'in', [...files])
    .returning('storage_name')
    .execute();
  return rows.flatMap((row) => (row.storage_name ? [row.storage_name] : []));
}

export function photosOf(row: CardHolderRow): string[] {
  return JSON.parse(row.photos) as string[];
}

export function holderSummaryWire(row: CardHolderRow): HolderSummary {
  return {
    id: String(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    id_type: row.id_type,
    id_number: row.id_number_masked,
    status: row.status,
    reject_reason: row.reject_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The holder's own full view (holderDetail). */
export function holderWire(vault: Vault, row: CardHolderRow): Holder {
  const identity = openIdentity(vault, row);
  return {
    ...holderSummaryWire(row),
    id_number: identity.id_number,
    phone: identity.phone,
    email: identity.email,
    province: identity.province,
    city: identity.city,
    district: identity.district,
    address: identity.address,
    issue_date: identity.issue_date,
    expiry_date: identity.expiry_date,
    photos: photosOf(row),
  };
}
