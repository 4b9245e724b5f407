// Socket tickets: the spec's `token` query parameter carries one, never the session token, as
// URLs end up in logs. A ticket is random, stored only as its SHA-256, valid WS_TICKET_TTL_MS
// on the server's clock, bound to the session that asked for it (and deleted with it), and
// used once: opening a socket deletes it, so two processes cannot both accept it.
import { randomBytes } from 'node:crypto';
import { WS_TICKET_TTL_MS } from '../../contract/api/realtime.ts';
import { hashToken } from '../sessions/sessions.ts';
import type { AppDatabase } from '../db/database.ts';

const TICKET_BYTES = 32;
/**
 * Unused, unexpired tickets one session may hold: a few sockets' worth (the app asks for one
 * per connection), and a bound on the rows a signed-in caller can leave behind. Expired ones
 * are swept by the realtime prune (history.ts).
 */
export const MAX_LIVE_TICKETS_PER_SESSION = 10;

export type IssuedTicket =
  | { ticket: string; userId: bigint }
  /** The session already holds MAX_LIVE_TICKETS_PER_SESSION; the first frees at `retryAt`. */
  | { tooMany: true; retryAt: Date }
  /** The session ended or expired since the request was authenticated. */
  | null;

/**
 * A ticket for the live session `sessionToken` opens, unless it holds too many live ones
 * already. One statement: the count is the insert's condition. Two calls at the same moment
 * may both pass it; the per-user rate limit on the endpoint bounds what that can add.
 */
export async function issueTicket(
  db: AppDatabase,
  sessionToken: string,
  now: Date,
): Promise<IssuedTicket> {
  const ticket = randomBytes(TICKET_BYTES).toString('base64url');
  const nowText = now.toISOString();
  const expiresAt = new Date(now.getTime() + WS_TICKET_TTL_MS).toISOString();
  const sessionHash = hashToken(sessionToken);
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
        .where('sessions.token_hash', '=', sessionHash)
        .where('sessions.expires_at', '>', nowText)
        .where(({ eb: where, selectFrom }) =>
          where(
            selectFrom('realtime_tickets as live')
              .select((count) => count.fn.countAll().as('n'))
              .whereRef('live.session_id', '=', 'sessions.id')
              .where('live.expires_at', '>', nowText),
            '<',
            MAX_LIVE_TICKETS_PER_SESSION,
          ),
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (row) return { ticket, userId: row.user_id };
  // Refused: why, read only now (a refusal is rare).
  const oldest = await db.kysely
    .selectFrom('realtime_tickets as live')
    .innerJoin('sessions', 'sessions.id', 'live.session_id')
    .select((eb) => eb.fn.min('live.expires_at').as('first_expiry'))
    .where('sessions.token_hash', '=', sessionHash)
    .where('sessions.expires_at', '>', nowText)
    .where('live.expires_at', '>', nowText)
    .executeTakeFirst();
  const firstExpiry = oldest?.first_expiry;
  return firstExpiry ? { tooMany: true, retryAt: new Date(firstExpiry) } : null;
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
