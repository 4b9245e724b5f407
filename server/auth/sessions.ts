// Sessions: the client holds a random bearer token; the database holds only its SHA-256, so
// a leaked database does not leak usable tokens. Sessions end at an absolute time.
import { createHash, randomBytes } from 'node:crypto';
import type { AppDatabase } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';

const TOKEN_BYTES = 32;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function createSession(
  db: AppDatabase,
  userId: bigint,
  now: Date,
  ttlSeconds: number,
): Promise<NewSession> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.kysely
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** The user a live session token belongs to, or null when it is unknown or expired. */
export async function findSessionUser(
  db: AppDatabase,
  token: string,
  now: Date,
): Promise<UserRow | null> {
  const row = await db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  if (expiresAt <= now.toISOString()) {
    await deleteSession(db, token);
    return null;
  }
  return user;
}

export async function deleteSession(db: AppDatabase, token: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: AppDatabase, now: Date): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}
