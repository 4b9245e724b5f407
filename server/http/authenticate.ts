// Authentication of user routes (session bearer token) and admin routes (admin token). A
// client that keeps presenting wrong or expired tokens is refused with 429 for a while,
// whatever token it sends next: failed authentications are a limit per client IP
// (`authFailures`) in the one rate limiter (rateLimiter.ts), shared by every process on
// PostgreSQL. A wrong token is counted when it fails, and one beyond the limit is answered 429
// on whichever process it reaches. A valid session token is never refused for the address's
// failures (one attacker behind a carrier-grade NAT must not lock out everyone sharing it); the
// operator's one token is, on every call, as it is the one secret worth guessing there.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { findSession, findSessionUser, type FoundSession } from '../auth/sessions.ts';
import type { UserRow } from '../db/schema.ts';
import { DomainError } from '../domainError.ts';
import type { HttpContext } from './httpContext.ts';
import type { LimitCheck } from './rateLimiter.ts';

/** `Authorization: Bearer <token>`; the bare token is accepted too (spec §7 just says "the token"). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match) return match[1]!;
  return /^\S+$/.test(header) ? header : null;
}

/** The client's window of failed authentications: read before a call, counted on a failure. */
export function authFailures(request: FastifyRequest, mode: LimitCheck['mode']): LimitCheck {
  return { limit: 'authFailures', per: 'ip', subject: request.ip, mode };
}

/** Counts a failed authentication; the one beyond the limit is answered 429 instead. */
function countFailure(context: HttpContext, request: FastifyRequest): Promise<void> {
  return context.rateLimiter.check([authFailures(request, 'count')]);
}

/** The request's live session and its user, or HTTP 401 / body code 401 so the app signs out (spec §8). */
export async function requireSession(
  context: HttpContext,
  request: FastifyRequest,
): Promise<FoundSession> {
  const token = bearerToken(request);
  const session = token ? await findSession(context.db, token, context.now()) : null;
  // A valid session is never refused for what others did from its address: many phones share
  // one behind a carrier's NAT. The failures are what is throttled.
  if (session) return session;
  // A missing token guesses nothing; a wrong or expired one counts against the client, and
  // one from an address known to be over the limit is refused without a statement.
  if (token) {
    context.rateLimiter.refuseKnown([authFailures(request, 'read')]);
    await countFailure(context, request);
  }
  throw new DomainError('unauthorized');
}

/**
 * The user of the request's session token on a route open to all, or null: a missing, wrong
 * or expired token just makes the caller anonymous there.
 */
export async function sessionUser(
  context: HttpContext,
  request: FastifyRequest,
): Promise<UserRow | null> {
  const token = bearerToken(request);
  return token ? findSessionUser(context.db, token, context.now()) : null;
}

/** The signed-in user (see requireSession). */
export async function requireUser(context: HttpContext, request: FastifyRequest): Promise<UserRow> {
  return (await requireSession(context, request)).user;
}

// Hashing both sides first gives equal-length buffers, so the comparison takes the same
// time whatever the candidate is, and leaks neither content nor length.
function sameSecret(candidate: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(candidate), digest(secret));
}

/** Passes for the operator's admin token; otherwise 401 `admin_unauthorized`. */
/**
 * Whether the request carries the operator's token, without the database: for /readyz, which
 * must tell the operator its figures while the database is down. Known-refused addresses get
 * no answer; a wrong token is counted when the limiter can count it.
 */
export function carriesAdminToken(context: HttpContext, request: FastifyRequest): boolean {
  const token = bearerToken(request);
  if (!token) return false;
  try {
    context.rateLimiter.refuseKnown([authFailures(request, 'read')]);
  } catch {
    return false;
  }
  if (sameSecret(token, context.adminToken)) return true;
  countFailure(context, request).catch(() => {});
  return false;
}

export async function requireAdmin(context: HttpContext, request: FastifyRequest): Promise<void> {
  const failures = authFailures(request, 'read');
  context.rateLimiter.refuseKnown([failures]);
  const token = bearerToken(request);
  if (token && sameSecret(token, context.adminToken)) {
    // The one token a person chose: refused while the address's shared window is full, on
    // every process (one round trip on PostgreSQL; admin calls are few).
    await context.rateLimiter.check([failures]);
    return;
  }
  if (token) await countFailure(context, request);
  throw new DomainError('admin_unauthorized');
}
