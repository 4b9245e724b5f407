// Every failure, whatever raised it, leaves as a catalogue error in a {code, message, data} reply. Bad input
// is a 4xx with a clear message; only a genuine fault of the server is a 500 (and is logged).
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiResponse } from '../../contract/api/response.ts';
import type { ApiErrorName } from '../../contract/api/errors.ts';
import { isRetryableConflict, isUniqueViolation } from '../db/sqlErrors.ts';
import { DomainError } from '../domainError.ts';
import type { Replies } from './replies.ts';

// Fastify's own request errors, by code.
const FASTIFY_ERRORS: Record<string, ApiErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'bad_request',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_NOT_FOUND: 'not_found',
};

// Other client errors by HTTP status; anything else in 4xx is a bad request.
const BY_STATUS: Record<number, ApiErrorName> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  // A race lost to a concurrent request (a unique key taken, or PostgreSQL giving up on a
  // transaction after its retries): the request can simply be sent again.
  if (isUniqueViolation(error) || isRetryableConflict(error))
    return new DomainError('conflict', { cause: error });
  const { code, statusCode } = (error ?? {}) as Partial<FastifyError>;
  const byCode = code === undefined ? undefined : FASTIFY_ERRORS[code];
  if (byCode) return new DomainError(byCode, { cause: error });
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new DomainError(BY_STATUS[statusCode] ?? 'bad_request', { cause: error });
  }
  return new DomainError('internal', { cause: error });
}

/** A failure as it is answered: HTTP status, the headers it adds, the `{code, message, data}` body. */
export interface FailureAnswer {
  status: number;
  headers: Record<string, string>;
  body: ApiResponse<unknown>;
}

/**
 * The one way an error becomes an answer, for plain calls (the error handler below) and
 * enveloped ones (envelope/gateway.ts) alike; a fault of the server is logged here.
 */
export function failureAnswer(
  error: unknown,
  request: FastifyRequest,
  replies: Replies,
): FailureAnswer {
  const failure = toDomainError(error);
  // A request shed under load is no fault, and logging each would add to the load.
  if (failure.definition.status >= 500 && failure.errorName !== 'server_busy')
    request.log.error({ err: error }, 'request failed');
  const headers: Record<string, string> = {};
  const retryAfter = (failure.data as { retry_after_seconds?: unknown } | null)
    ?.retry_after_seconds;
  if (typeof retryAfter === 'number') headers['retry-after'] = String(retryAfter);
  return {
    status: failure.definition.status,
    headers,
    body: replies.failure(request, failure),
  };
}

export function installErrorHandler(app: FastifyInstance, replies: Replies): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = failureAnswer(error, request, replies);
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });
}
