// Sign-in nonces: issued per address, kept server-side, valid for at most ten minutes and
// deleted by the first successful login, so a signed message works once.
import type { AppDatabase } from '../db/database.ts';
import { randomText } from '../randomText.ts';

export const LOGIN_NONCE_TTL_MS = 10 * 60_000;
// 24 alphanumerics ≈ 143 bits; EIP-4361 asks for at least 8.
const NONCE_LENGTH = 24;

export interface IssuedNonce {
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

export async function issueLoginNonce(
  db: AppDatabase,
  address: string,
  now: Date,
): Promise<IssuedNonce> {
  const expiresAt = new Date(now.getTime() + LOGIN_NONCE_TTL_MS);
  const nonce = randomText(NONCE_LENGTH);
  // Expired nonces can never be used; clearing them here keeps the table small.
  await db.kysely.deleteFrom('login_nonces').where('expires_at', '<=', now.toISOString()).execute();
  await db.kysely
    .insertInto('login_nonces')
    .values({ nonce, address, created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .execute();
  return { nonce, issuedAt: now, expiresAt };
}

export type NonceState = 'usable' | 'unknown' | 'expired' | 'other_address';

export async function checkLoginNonce(
  db: AppDatabase,
  nonce: string,
  address: string,
  now: Date,
): Promise<NonceState> {
  const row = await db.kysely
    .selectFrom('login_nonces')
    .select(['address', 'expires_at'])
    .where('nonce', '=', nonce)
    .executeTakeFirst();
  if (!row) return 'unknown';
  if (row.address !== address) return 'other_address';
  if (row.expires_at <= now.toISOString()) return 'expired';
  return 'usable';
}

/**
 * Deletes the nonce if it is still usable by `address`, and says whether it did. Of two
 * concurrent logins with the same message only one can delete the row, so only one wins.
 */
export async function consumeLoginNonce(
  db: AppDatabase,
  nonce: string,
  address: string,
  now: Date,
): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('login_nonces')
    .where('nonce', '=', nonce)
    .where('address', '=', address)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
