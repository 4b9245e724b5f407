// Every failure, whatever raised it, leaves as a catalogue error in a {code, message, data} reply. Bad input
// is a 4xx with a clear message; only a genuine fault of the server is a 500 (and is logged).
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorName } from '../../src/api/errors.ts';
import {
  AmountOutOfRangeError,
  IdempotencyConflictError,
  InsufficientBalanceError,
} from '../ledger/errors.ts';
import { ApiFailure } from './apiFailure.ts';
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

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof InsufficientBalanceError)
    return new ApiFailure('insufficient_balance', { cause: error });
  if (error instanceof IdempotencyConflictError)
    return new ApiFailure('idempotency_conflict', { cause: error });
  if (error instanceof AmountOutOfRangeError)
    return new ApiFailure('amount_too_large', { cause: error });
  const { code, statusCode } = (error ?? {}) as Partial<FastifyError>;
  const byCode = code === undefined ? undefined : FASTIFY_ERRORS[code];
  if (byCode) return new ApiFailure(byCode, { cause: error });
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new ApiFailure(BY_STATUS[statusCode] ?? 'bad_request', { cause: error });
  }
  return new ApiFailure('internal', { cause: error });
}

export function installErrorHandler(app: FastifyInstance, replies: Replies): void {
  app.setErrorHandler((error, request, reply) => {
    const failure = toApiFailure(error);
    if (failure.definition.status >= 500) request.log.error({ err: error }, 'request failed');
    const retryAfter = (failure.data as { retry_after_seconds?: unknown } | null)
      ?.retry_after_seconds;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    return reply.status(failure.definition.status).send(replies.failure(request, failure));
  });
}
