// Sessions: the client holds a random bearer token; the database holds only its SHA-256, so
// a leaked database does not leak usable tokens. Sessions end at an absolute time. A session
// ended early (signed out, everywhere, replaced, beyond the cap) is announced in the ending
// transaction (realtime/signals.ts): its realtime sockets close on whichever process holds
// them, and every process forgets its kept copy (sessionCache.ts) before the ending call
// answers (endingSessions). One that runs out closes its sockets by itself, each socket
// knowing when, and no copy of it is used past its time.
import { hash, randomBytes } from 'node:crypto';
import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { DatabaseSchema, UserRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { announceSessionsEnded } from '../realtime/signals.ts';
import { SESSION_LEASE_MS, sessionCacheOf } from './sessionCache.ts';

const TOKEN_BYTES = 32;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/**
 * Runs `work` in a transaction of its own, in which it ends the sessions it answers in
 * `ended`; announces them there, and answers `value` once every server process has heard
 * (sessionCache.ts), so none of them opens anything any more, anywhere.
 */
export async function endingSessions<T>(
  db: AppDatabase,
  work: (trx: AppDatabase) => Promise<{ value: T; ended: readonly bigint[] }>,
): Promise<T> {
  // Inside a caller's transaction the ending would be heard only at its commit.
  if (db.kysely.isTransaction) throw new Error('endingSessions opens its own transaction');
  const barrier = sessionCacheOf(db).barrier();
  try {
    const { value, ended } = await inTransaction(db, async (trx) => {
      const outcome = await work(trx);
      await announceSessionsEnded(trx, outcome.ended, barrier.signal);
      return outcome;
    });
    if (ended.length > 0) await barrier.passed(SESSION_LEASE_MS);
    return value;
  } finally {
    barrier.cancel();
  }
}

type SessionCondition = (
  eb: ExpressionBuilder<DatabaseSchema, 'sessions'>,
) => ExpressionWrapper<DatabaseSchema, 'sessions', SqlBool>;

/** Ends the sessions `which` selects (see endingSessions); answers their ids. */
function endSessions(db: AppDatabase, which: SessionCondition): Promise<bigint[]> {
  return endingSessions(db, async (trx) => {
    const rows = await trx.kysely.deleteFrom('sessions').where(which).returning('id').execute();
    const ended = rows.map((row) => row.id);
    return { value: ended, ended };
  });
}

export function hashToken(token: string): string {
  // Per request: the one-shot hash costs about a third of a Hash object's.
  return hash('sha256', token);
}

/** Live sessions a user may hold at once; signing in beyond it ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;
/** Enough of a User-Agent to read its browser and device from. */
const USER_AGENT_MAX = 512;

export interface SessionOptions {
  /**
   * The browser signing in (the app's random per-browser id): the user's earlier sessions
   * from it end, so each browser holds one session however often it reloads.
   */
  deviceId?: string | null;
  /** The User-Agent header of the sign-in, kept (cut short) to tell sessions apart. */
  userAgent?: string | null;
  maxSessions?: number;
}

/**
 * Creates a session for `userId` and ends the user's expired ones, those of the same device
 * and, beyond `maxSessions`, the oldest. Run it in the login transaction, so the cap holds
 * under concurrent sign-ins, opened by endingSessions with `ended`: the live sessions it
 * ended, to announce.
 */
export async function createSession(
  db: AppDatabase,
  userId: bigint,
  now: Date,
  ttlSeconds: number,
  { deviceId = null, userAgent = null, maxSessions = MAX_SESSIONS_PER_USER }: SessionOptions = {},
): Promise<NewSession & { ended: bigint[] }> {
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
      user_agent: userAgent === null ? null : userAgent.slice(0, USER_AGENT_MAX),
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
  return { token, expiresAt, ended: [...ended, ...surplus] };
}

export interface SessionRow {
  id: bigint;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
}

/** The user's live sessions, newest first. */
export function liveSessions(db: AppDatabase, userId: bigint, now: Date): Promise<SessionRow[]> {
  return db.kysely
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at', 'user_agent'])
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

/**
 * The live session a token opens, with its user; null when it is unknown or expired. From
 * this process's kept copy when it may (sessionCache.ts): no query.
 */
export async function findSession(
  db: AppDatabase,
  token: string,
  now: Date,
): Promise<FoundSession | null> {
  const tokenHash = hashToken(token);
  const at = now.toISOString();
  const cache = sessionCacheOf(db);
  const kept = cache.find(tokenHash, at);
  if (kept) return { sessionId: kept.sessionId, user: kept.user };
  const stamp = cache.stamp;
  const [row] = await sessionByTokenHash(db, { tokenHash });
  if (!row) return null;
  const { session_id: sessionId, session_expires_at: expiresAt, ...user } = row;
  if (expiresAt <= at) {
    // No one needs telling: its sockets and every kept copy know when it ends.
    await db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }
  cache.remember(tokenHash, { sessionId, user, expiresAt }, stamp);
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
  const ended = await endSessions(db, (eb) =>
    eb.and([eb('id', '=', sessionId), eb('user_id', '=', userId)]),
  );
  return ended.length > 0;
}

/** Ends every session of `userId` ("sign out everywhere"). */
export async function endAllUserSessions(db: AppDatabase, userId: bigint): Promise<void> {
  await endSessions(db, (eb) => eb('user_id', '=', userId));
}

/** Signs out: ends the session `token` opens. */
export async function deleteSession(db: AppDatabase, token: string): Promise<void> {
  await endSessions(db, (eb) => eb('token_hash', '=', hashToken(token)));
}

export async function deleteExpiredSessions(db: AppDatabase, now: Date): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}
