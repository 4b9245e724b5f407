// Delivery addresses for physical cards. Every call is scoped to its user: another user's
// address (or a deleted one) is answered exactly like one that never existed.
import type { AddressForm, DeliveryAddress } from '../../contract/api/card/addresses.ts';
import type { AppDatabase } from '../db/database.ts';
import type { CardAddressRow } from '../db/schemaCard.ts';
import { DomainError } from '../domainError.ts';
import { inTransaction } from '../db/transaction.ts';
import { readPage, type Page } from '../db/pages.ts';
import { lockCardOwner, requireRoomFor } from './cardContext.ts';

type AddressFields = Required<AddressForm>;

/** Adds an address; refused once the user keeps `maxPerUser` of them. */
export async function addAddress(
  db: AppDatabase,
  userId: bigint,
  fields: AddressFields,
  now: Date,
  maxPerUser: number,
): Promise<DeliveryAddress> {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    await lockCardOwner(trx, userId);
    await requireRoomFor(trx, 'address', userId, maxPerUser);
    const row = await trx.kysely
      .insertInto('card_addresses')
      .values({ user_id: userId, ...pick(fields), created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return addressWire(row);
  });
}

export async function editAddress(
  db: AppDatabase,
  userId: bigint,
  id: bigint,
  fields: AddressFields,
  now: Date,
): Promise<DeliveryAddress> {
  const row = await db.kysely
    .updateTable('card_addresses')
    .set({ ...pick(fields), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new DomainError('address_not_found');
  return addressWire(row);
}

export async function findOwnAddress(
  db: AppDatabase,
  userId: bigint,
  id: bigint,
): Promise<CardAddressRow> {
  const row = await db.kysely
    .selectFrom('card_addresses')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new DomainError('address_not_found');
  return row;
}

/** Deleting is refused while a card application in progress delivers to the address. */
export async function deleteAddress(
  db: AppDatabase,
  userId: bigint,
  id: bigint,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockCardOwner(trx, userId);
    await findOwnAddress(trx, userId, id);
    const inUse = await trx.kysely
      .selectFrom('card_applications')
      .select('id')
      .where('address_id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (inUse) throw new DomainError('card_data_in_use');
    await trx.kysely
      .updateTable('card_addresses')
      .set({ deleted_at: now.toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  });
}

export async function listAddresses(
  db: AppDatabase,
  userId: bigint,
  page: Page,
): Promise<{ list: DeliveryAddress[]; total: number }> {
  const mine = db.kysely
    .selectFrom('card_addresses')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  const { rows, total } = await readPage(mine, (q) => q.selectAll().orderBy('id', 'desc'), page);
  return { total, list: rows.map(addressWire) };
}

function pick(fields: AddressFields) {
  const { name, phone, country, province, city, district, address, zip } = fields;
  return { name, phone, country, province, city, district, address, zip };
}

export function addressWire(row: CardAddressRow): DeliveryAddress {
  return {
    id: String(row.id),
    name: row.name,
    phone: row.phone,
    country: row.country,
    province: row.province,
    city: row.city,
    district: row.district,
    address: row.address,
    zip: row.zip,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
