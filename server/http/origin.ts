// Where a request came to: the origin the browser sees, used for the sign-in message's
// domain and URI and for links the server writes.
import type { FastifyRequest } from 'fastify';

/** host[:port] as the client addressed it (X-Forwarded-Host when TRUST_PROXY is on). */
export function requestAuthority(request: FastifyRequest): string {
  return request.host;
}

export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** PUBLIC_URL when configured, else the request's own origin. */
export function publicOrigin(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? requestOrigin(request);
}
