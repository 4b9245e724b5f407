// Sessions: the client holds a random bearer token; the database holds only its SHA-256, so
// a leaked database does not leak usable tokens. Sessions end at an absolute time. A session
// ended early (signed out, everywhere, replaced, beyond the cap) closes its realtime sockets
// on whichever process holds them, once the ending commits (realtime/signals.ts); one that
// runs out closes them by itself, each socket knowing when.
import { createHash, randomBytes } from 'node:crypto';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { UserRow } from '../db/schema.ts';
import { announceSessionsEnded } from '../realtime/signals.ts';

const TOKEN_BYTES = 32;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Live sessions a user may hold at once; signing in beyond it ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;

export interface SessionOptions {
  /**
   * The browser signing in (the app's random per-browser id): the user's earlier sessions
   * from it end, so each browser holds one session however often it reloads.
   */
  deviceId?: string | null;
  maxSessions?: number;
}

/**
 * Creates a session for `userId` and ends the user's expired ones, those of the same device
 * and, beyond `maxSessions`, the oldest. Run it in the login transaction, so the cap holds
 * under concurrent sign-ins.
 */
export async function createSession(
  db: AppDatabase,
  userId: bigint,
  now: Date,
  ttlSeconds: number,
  { deviceId = null, maxSessions = MAX_SESSIONS_PER_USER }: SessionOptions = {},
): Promise<NewSession> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const ended: bigint[] = [];
  if (deviceId !== null) {
    const replaced = await db.kysely
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .returning('id')
      .execute();
    ended.push(...replaced.map((row) => row.id));
  }
  await db.kysely
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      device_id: deviceId,
    })
    .execute();
  const live = await liveSessions(db, userId, now);
  const surplus = live.slice(maxSessions).map((session) => session.id);
  await db.kysely
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now.toISOString()),
        ...(surplus.length ? [eb('id', 'in', surplus)] : []),
      ]),
    )
    .execute();
  await announceSessionsEnded(db, [...ended, ...surplus]);
  return { token, expiresAt };
}

export interface SessionRow {
  id: bigint;
  created_at: string;
  expires_at: string;
}

/** The user's live sessions, newest first. */
export function liveSessions(db: AppDatabase, userId: bigint, now: Date): Promise<SessionRow[]> {
  return db.kysely
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface FoundSession {
  sessionId: bigint;
  user: UserRow;
}

// Every signed-in request asks this first.
const sessionByTokenHash = prepared((db, { tokenHash }: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', tokenHash),
);

/** The live session a token opens, with its user; null when it is unknown or expired. */
export async function findSession(
  db: AppDatabase,
  token: string,
  now: Date,
): Promise<FoundSession | null> {
  const [row] = await sessionByTokenHash(db, { tokenHash: hashToken(token) });
  if (!row) return null;
  const { session_id: sessionId, session_expires_at: expiresAt, ...user } = row;
  if (expiresAt <= now.toISOString()) {
    await deleteSession(db, token);
    return null;
  }
  return { sessionId, user };
}

/** The user a live session token belongs to, or null when it is unknown or expired. */
export async function findSessionUser(
  db: AppDatabase,
  token: string,
  now: Date,
): Promise<UserRow | null> {
  return (await findSession(db, token, now))?.user ?? null;
}

/** The id of the session a token opens, live or not; null when there is none. */
export async function sessionIdOfToken(db: AppDatabase, token: string): Promise<bigint | null> {
  const row = await db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Ends one of `userId`'s sessions; false when it has none with this id (or it is another's). */
export async function endUserSession(
  db: AppDatabase,
  userId: bigint,
  sessionId: bigint,
): Promise<boolean> {
  const ended = await db.kysely
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  await announceSessionsEnded(
    db,
    ended.map((row) => row.id),
  );
  return ended.length > 0;
}

/** Ends every session of `userId` ("sign out everywhere"). */
export async function endAllUserSessions(db: AppDatabase, userId: bigint): Promise<void> {
  const ended = await db.kysely
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  await announceSessionsEnded(
    db,
    ended.map((row) => row.id),
  );
}

/** Signs out: ends the session `token` opens. */
export async function deleteSession(db: AppDatabase, token: string): Promise<void> {
  const ended = await db.kysely
    .deleteFrom('sessions')
    .where('token_hash', '=', hashToken(token))
    .returning('id')
    .execute();
  await announceSessionsEnded(
    db,
    ended.map((row) => row.id),
  );
}

export async function deleteExpiredSessions(db: AppDatabase, now: Date): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}
