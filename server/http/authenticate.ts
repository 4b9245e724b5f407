// Authentication of user routes (session bearer token) and admin routes (admin token). A
// client that keeps presenting wrong or expired tokens is refused with 429 for a while,
// whatever token it sends next (authFailures.ts counts them).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { findSession, findSessionUser, type FoundSession } from '../auth/sessions.ts';
import type { UserRow } from '../db/schema.ts';
import { DomainError } from '../domainError.ts';
import type { HttpContext } from './httpContext.ts';

/** `Authorization: Bearer <token>`; the bare token is accepted too (spec §7 just says "the token"). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match) return match[1]!;
  return /^\S+$/.test(header) ? header : null;
}

function refuseIfLimited(context: HttpContext, request: FastifyRequest): void {
  const retryAfter = context.authFailures.retryAfterSeconds(request.ip);
  if (retryAfter === null) return;
  context.metrics.rateLimitRefused('authFailures', 'ip');
  throw new DomainError('rate_limited', { data: { retry_after_seconds: retryAfter } });
}

/** The request's live session and its user, or HTTP 401 / body code 401 so the app signs out (spec §8). */
export async function requireSession(
  context: HttpContext,
  request: FastifyRequest,
): Promise<FoundSession> {
  refuseIfLimited(context, request);
  const token = bearerToken(request);
  const session = token ? await findSession(context.db, token, context.now()) : null;
  if (!session) {
    // A missing token guesses nothing; a wrong or expired one counts against the client.
    if (token) context.authFailures.recordFailure(request.ip);
    throw new DomainError('unauthorized');
  }
  return session;
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
export function requireAdmin(context: HttpContext, request: FastifyRequest): void {
  refuseIfLimited(context, request);
  const token = bearerToken(request);
  if (token && sameSecret(token, context.adminToken)) return;
  if (token) context.authFailures.recordFailure(request.ip);
  throw new DomainError('admin_unauthorized');
}
