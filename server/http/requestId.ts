// Every request's id: in the X-Request-Id answer header, in every log line of the request,
// and shown by the app beside an error, so support can find the request a user quotes.
// Always the server's own, random, so ids from several server processes never meet (Fastify's
// own is a per-process counter) and no caller can choose or repeat the id support searches
// for. Behind a trusted proxy (TRUST_PROXY) the proxy's id (X-Request-Id on the request), when
// it looks like one, is logged beside it as `proxy_request_id`, so a request can be followed
// through the proxy's logs too; without TRUST_PROXY that header is anyone's and is ignored.
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { REQUEST_ID_HEADER } from '../../contract/api/response.ts';

export { REQUEST_ID_HEADER };

// Letters and digits a person can read out (Crockford's base 32: no i, l, o, u).
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 16 characters of 5 bits: 80 random bits, no collision in any realistic log. */
const ID_LENGTH = 16;
// Whatever a proxy sends is written into logs and headers: printable, no spaces, bounded.
const INCOMING_ID = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{7,127}$/;

// Random bytes fetched in batches: one call to the system's generator per 256 requests.
const pool = Buffer.alloc(ID_LENGTH * 256);
let offset = pool.length;

export function newRequestId(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  let id = '';
  for (let end = offset + ID_LENGTH; offset < end; offset++) id += ALPHABET[pool[offset]! & 31];
  return id;
}

/** The proxy's id on the request, when it is a sound one. */
export function proxyRequestIdOf(request: IncomingMessage): string | null {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : null;
}

/** The log label of the proxy's id, beside Fastify's `request_id`. */
export const PROXY_REQUEST_ID_LABEL = 'proxy_request_id';

/**
 * Fastify's childLoggerFactory behind a trusted proxy: every log line of the request carries
 * the proxy's id beside the server's. Undefined (Fastify's own) otherwise.
 */
export function proxyRequestIdLogger(
  trustProxy: boolean,
): FastifyServerOptions['childLoggerFactory'] {
  if (!trustProxy) return undefined;
  return (logger, bindings, options, rawRequest) => {
    const proxyId = proxyRequestIdOf(rawRequest);
    return logger.child(
      proxyId ? { ...bindings, [PROXY_REQUEST_ID_LABEL]: proxyId } : bindings,
      options,
    );
  };
}
