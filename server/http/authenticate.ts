// Authentication of user routes (session bearer token) and admin routes (admin token).
// Failed authentications are throttled, successful ones never: a wrong or expired token is
// counted as it fails, per client IP and per token prefix (`authFailures` in the one rate
// limiter, rateLimiter.ts, shared by every process on PostgreSQL), and a failure beyond
// either limit is answered 429 instead of 401. A token whose prefix this process knows to be
// over the limit is refused before it is looked up (no I/O). A valid session token is served
// whatever failed from its address: many phones share one carrier address, and session
// tokens are 256 random bits, which no rate of guessing reaches.
//
// The operator's token is the exception: a secret a person chose, so it is refused while its
// address's window is full, on every process (one round trip; admin calls are few).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { findSession, findSessionUser, type FoundSession } from '../sessions/sessions.ts';
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

/**
 * How much of a token names its window of failures: enough that two live tokens never share
 * one (72 bits), too little to be of use to whoever reads the window's key.
 */
export const TOKEN_PREFIX_LENGTH = 12;

/** The window of failures of one token (by its prefix), from whatever address it comes. */
export function tokenFailures(token: string, mode: LimitCheck['mode']): LimitCheck {
  return {
    limit: 'authFailures',
    per: 'token',
    subject: token.slice(0, TOKEN_PREFIX_LENGTH),
    mode,
  };
}

/** Counts a failed authentication; the one beyond either limit is answered 429 instead. */
function countFailure(context: HttpContext, request: FastifyRequest, token: string) {
  return context.rateLimiter.check([authFailures(request, 'count'), tokenFailures(token, 'count')]);
}

/** The request's live session and its user, or HTTP 401 / body code 401 so the app signs out (spec §8). */
export async function requireSession(
  context: HttpContext,
  request: FastifyRequest,
): Promise<FoundSession> {
  const token = bearerToken(request);
  // A missing token guesses nothing, and is not counted.
  if (!token) throw new DomainError('unauthorized');
  // The same failing token again and again: refused without looking it up.
  context.rateLimiter.refuseKnown([tokenFailures(token, 'read')]);
  const session = await findSession(context.db, token, context.now());
  if (session) return session;
  await countFailure(context, request, token);
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
  if (token) await countFailure(context, request, token);
  throw new DomainError('admin_unauthorized');
}

/**
 * Whether the request carries the operator's token, for answers that show the operator more
 * (GET /readyz, which must answer while the database is away): never refuses, and asks the
 * database nothing on success. A wrong token counts as a failed authentication, and none is
 * compared from an address this process knows to be over its limit.
 */
export async function isOperator(context: HttpContext, request: FastifyRequest): Promise<boolean> {
  const token = bearerToken(request);
  if (!token) return false;
  try {
    context.rateLimiter.refuseKnown([authFailures(request, 'read')]);
  } catch {
    return false;
  }
  if (sameSecret(token, context.adminToken)) return true;
  await countFailure(context, request, token).catch(() => undefined);
  return false;
}
