// Builds the `{code, message, data}` bodies, with `message` in the request's language.
import type { FastifyRequest } from 'fastify';
import { SUCCESS_CODE, successMessage, type ApiResponse } from '../../src/api/response.ts';
import type { Translator } from '../i18n/catalogs.ts';
import type { DomainError } from '../domainError.ts';

export interface Replies {
  success<T>(request: FastifyRequest, data: T): ApiResponse<T>;
  failure(request: FastifyRequest, failure: DomainError): ApiResponse<unknown>;
}

export function createReplies(translator: Translator): Replies {
  return {
    success(request, data) {
      return {
        code: SUCCESS_CODE,
        message: translator.translate(request.locale, successMessage),
        data,
      };
    },
    failure(request, failure) {
      const { code, message } = failure.definition;
      return {
        code,
        message: translator.translate(request.locale, message, failure.values),
        data: failure.data,
      };
    },
  };
}
