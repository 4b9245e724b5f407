// The one error class the server's domain code throws. It carries the name of a catalogue
// entry (contract/api/errors.ts) and nothing about HTTP: whoever dispatches the request (the
// Fastify route table today, the request envelope later) turns the name into an answer.
import {
  apiErrorByName,
  type ApiErrorDefinition,
  type ApiErrorName,
} from '../contract/api/errors.ts';
import type { MessageValues } from './i18n/catalogs.ts';

export interface DomainErrorOptions {
  /** Placeholder values for the catalogue message, e.g. `{ field: 'address' }`. */
  values?: MessageValues;
  /** Detail for the client, sent as `data`. */
  data?: unknown;
  cause?: unknown;
}

export class DomainError extends Error {
  override name = 'DomainError';
  readonly errorName: ApiErrorName;
  readonly definition: ApiErrorDefinition;
  readonly values: MessageValues | undefined;
  readonly data: unknown;

  constructor(errorName: ApiErrorName, options: DomainErrorOptions = {}) {
    super(errorName, options.cause === undefined ? undefined : { cause: options.cause });
    this.errorName = errorName;
    this.definition = apiErrorByName(errorName);
    this.values = options.values;
    this.data = options.data ?? null;
  }
}
