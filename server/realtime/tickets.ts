// Socket tickets: the spec's `token` query parameter carries one, never the session token, as
// URLs end up in logs. A ticket is random, stored only as its SHA-256, valid WS_TICKET_TTL_MS
// on the server's clock, bound to the session that asked for it (and deleted with it), and
// used once: opening a socket deletes it, so two processes cannot both accept it.
import { randomBytes } from 'node:crypto';
import { WS_TICKET_TTL_MS } from '../../src/api/realtime.ts';
import { hashToken } from '../auth/sessions.ts';
import type { AppDatabase } from '../db/database.ts';

const TICKET_BYTES = 32;
/** Unused tickets a session may hold at once: an app needs one per socket it opens. */
export const MAX_LIVE_TICKETS_PER_SESSION = 10;

/**
 * A ticket for the live session `sessionToken` opens; null when there is none (it ended or
 * expired since the request was authenticated); 'too_many' while the session holds
 * MAX_LIVE_TICKETS_PER_SESSION unused, unexpired ones (expired ones are swept by the history
 * job, history.ts).
 */
export async function issueTicket(
  db: AppDatabase,
  sessionToken: string,
  now: Date,
): Promise<{ ticket: string; userId: bigint } | null | 'too_many'> {
  const ticket = randomBytes(TICKET_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + WS_TICKET_TTL_MS).toISOString();
  const row = await db.kysely
    .insertInto('realtime_tickets')
    .columns(['ticket_hash', 'session_id', 'user_id', 'expires_at', 'session_expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('sessions')
        .select([
          eb.val(hashToken(ticket)).as('ticket_hash'),
          'sessions.id',
          'sessions.user_id',
          eb.val(expiresAt).as('expires_at'),
          'sessions.expires_at as session_expires_at',
        ])
        .where('sessions.token_hash', '=', hashToken(sessionToken))
        .where('sessions.expires_at', '>', now.toISOString())
        // Counted in the same statement: two calls at once cannot both pass the cap.
        .where(
          (inner) =>
            inner
              .selectFrom('realtime_tickets as t')
              .select((count) => count.fn.countAll().as('live'))
              .whereRef('t.session_id', '=', 'sessions.id')
              .where('t.expires_at', '>', now.toISOString()),
          '<',
          MAX_LIVE_TICKETS_PER_SESSION,
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (row) return { ticket, userId: row.user_id };
  const session = await db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', hashToken(sessionToken))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return session ? 'too_many' : null;
}

/** Who a ticket lets in. */
export interface TicketHolder {
  userId: bigint;
  sessionId: bigint;
  /** When the session ends by itself: its sockets close then (1000). */
  sessionExpiresAt: Date;
}

/** Uses up `ticket`: its holder if it was unused, unexpired and its session live, else null. */
export async function redeemTicket(
  db: AppDatabase,
  ticket: string,
  now: Date,
): Promise<TicketHolder | null> {
  // Deleted whatever it turns out to be: a ticket is tried once.
  const row = await db.kysely
    .deleteFrom('realtime_tickets')
    .where('ticket_hash', '=', hashToken(ticket))
    .returning(['session_id', 'user_id', 'expires_at', 'session_expires_at'])
    .executeTakeFirst();
  const at = now.toISOString();
  if (!row || row.expires_at <= at || row.session_expires_at <= at) return null;
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    sessionExpiresAt: new Date(row.session_expires_at),
  };
}
