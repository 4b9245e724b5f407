// What the card service's domain code needs from the server context.
import { sql } from 'kysely';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import { DomainError } from '../domainError.ts';
import type { CardSettings } from './settings.ts';
import { vaultFor, type Vault } from '../vault.ts';

export interface CardContext {
  db: AppDatabase;
  settings: CardSettings;
  vault: Vault;
  /** Where photos are stored (outside any served folder). */
  dataDir: string;
  now: () => Date;
}

export function cardContext(context: ServerContext): CardContext {
  const { settings } = context;
  return {
    db: context.db,
    settings: settings.card,
    vault: vaultFor(settings.dataDir, settings.card.dataKey),
    dataDir: settings.dataDir,
    now: context.now,
  };
}

/**
 * Inside a transaction: waits for, and then holds off, the user's money operations (which
 * lock the same row, see runMoneyOperation), so deleting a holder or an address cannot
 * interleave with an application that uses it. SQLite's BEGIN IMMEDIATE already does this.
 */
export async function lockCardOwner(trx: AppDatabase, userId: bigint): Promise<void> {
  if (trx.dialect === 'postgres')
    await sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`.execute(trx.kysely);
}

/**
 * Inside a transaction that holds the owner (lockCardOwner): refuses one more holder or
 * address once the user keeps `max` of them, so two adds at once cannot both slip under it.
 */
export async function requireRoomFor(
  trx: AppDatabase,
  kind: 'holder' | 'address',
  userId: bigint,
  max: number,
): Promise<void> {
  const table = kind === 'holder' ? 'card_holders' : 'card_addresses';
  const { kept } = await trx.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('kept'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(kept) >= max) {
    throw new DomainError(kind === 'holder' ? 'holder_limit_reached' : 'address_limit_reached', {
      values: { max },
      data: { max },
    });
  }
}
