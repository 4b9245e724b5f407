// What every route needs, built once at start-up and passed down explicitly.
import type { OpenedDatabase } from './db/database.ts';
import type { ServerSettings } from './config.ts';
import type { Envelopes } from './http/envelope.ts';
import type { Translator } from './i18n/catalogs.ts';

export interface ServerContext {
  readonly settings: ServerSettings;
  readonly adminToken: string;
  readonly db: OpenedDatabase;
  readonly translator: Translator;
  readonly envelopes: Envelopes;
  /** The clock; injectable so tests can move time without sleeping. */
  readonly now: () => Date;
}
