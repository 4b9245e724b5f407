// Builds the `{code, message, data}` bodies, with `message` in the request's language.
import type { FastifyRequest } from 'fastify';
import { fieldLabel } from '../../contract/api/fieldLabels.ts';
import { SUCCESS_CODE, successMessage, type ApiResponse } from '../../contract/api/response.ts';
import type { MessageValues, Translator } from '../i18n/catalogs.ts';
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
      const values = withFieldLabel(failure.values, (label) =>
        translator.translate(request.locale, label),
      );
      return {
        code,
        message: translator.translate(request.locale, message, values),
        data: failure.data,
      };
    },
  };
}

/** A message names a field by its label in the reader's language, never by its wire name. */
function withFieldLabel(
  values: MessageValues | undefined,
  translate: (label: NonNullable<ReturnType<typeof fieldLabel>>) => string,
): MessageValues | undefined {
  const field = values?.field;
  const label = typeof field === 'string' ? fieldLabel(field) : undefined;
  return label ? { ...values, field: translate(label) } : values;
}
