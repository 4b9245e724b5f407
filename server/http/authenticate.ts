// Bearer-token authentication for user routes.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { findSessionUser } from '../auth/sessions.ts';
import type { ServerContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { DomainError } from '../domainError.ts';

/** `Authorization: Bearer <token>`; the bare token is accepted too (spec §7 just says "the token"). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match) return match[1]!;
  return /^\S+$/.test(header) ? header : null;
}

/** The signed-in user, or HTTP 401 / body code 401 so the app signs out (spec §8). */
export async function requireUser(
  context: ServerContext,
  request: FastifyRequest,
): Promise<UserRow> {
  const token = bearerToken(request);
  const user = token ? await findSessionUser(context.db, token, context.now()) : null;
  if (!user) throw new DomainError('unauthorized');
  return user;
}

// Hashing both sides first gives equal-length buffers, so the comparison takes the same
// time whatever the candidate is, and leaks neither content nor length.
function sameSecret(candidate: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(candidate), digest(secret));
}

/** The operator's admin token, or HTTP 401 admin_unauthorized. */
export function requireAdmin(context: ServerContext, request: FastifyRequest): void {
  const token = bearerToken(request);
  if (!token || !sameSecret(token, context.adminToken)) throw new DomainError('admin_unauthorized');
}
