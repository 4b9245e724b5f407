// A request that ends in one of the catalogue's errors. Handlers throw it; the error
// handler turns it into the `{code, message, data}` answer with the right HTTP status.
import {
  apiErrorByName,
  type ApiErrorDefinition,
  type ApiErrorName,
} from '../../src/api/errors.ts';
import type { MessageValues } from '../i18n/catalogs.ts';

export interface ApiFailureOptions {
  /** Placeholder values for the message, e.g. `{ field: 'address' }`. */
  values?: MessageValues;
  /** Detail for the client, sent as `data`. */
  data?: unknown;
  cause?: unknown;
}

export class ApiFailure extends Error {
  override name = 'ApiFailure';
  readonly definition: ApiErrorDefinition;
  readonly values: MessageValues | undefined;
  readonly data: unknown;

  constructor(errorName: ApiErrorName, options: ApiFailureOptions = {}) {
    super(errorName, options.cause === undefined ? undefined : { cause: options.cause });
    this.definition = apiErrorByName(errorName);
    this.values = options.values;
    this.data = options.data ?? null;
  }
}
