// Answers built once: a route marked `prebuilt` (route.ts) answers the same frozen object for
// the same answer, so its JSON bytes and ETag are worked out once per object, not per request,
// and a client that already holds them (If-None-Match) gets a 304 with no body. Plain calls
// (routeTable.ts) and enveloped ones (envelope/gatewayRoutes.ts) answer alike.
import { createHash } from 'node:crypto';

export interface PreparedAnswer {
  readonly bytes: Buffer;
  /** A strong ETag: the first 128 bits of the bytes' SHA-256, base64url, quoted. */
  readonly etag: string;
}

const prepared = new WeakMap<object, PreparedAnswer>();

export function preparedJson(value: object): PreparedAnswer {
  let answer = prepared.get(value);
  if (!answer) {
    const bytes = Buffer.from(JSON.stringify(value));
    const digest = createHash('sha256').update(bytes).digest().subarray(0, 16);
    answer = { bytes, etag: `"${digest.toString('base64url')}"` };
    prepared.set(value, answer);
  }
  return answer;
}

/** Whether If-None-Match names `etag` (weakly compared, RFC 9110 §13.1.2) or is `*`. */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string' || ifNoneMatch === '') return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
