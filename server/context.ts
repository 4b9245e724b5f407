// What every route needs, built once at start-up and passed down explicitly.
import type { OpenedDatabase } from './db/database.ts';
import type { ServerSettings } from './config.ts';
import type { AuthFailureLimiter } from './http/authenticate.ts';
import type { Replies } from './http/replies.ts';
import type { Translator } from './i18n/catalogs.ts';
import type { ServerMetrics } from './metrics/serverMetrics.ts';

export interface ServerContext {
  readonly settings: ServerSettings;
  readonly adminToken: string;
  readonly db: OpenedDatabase;
  readonly translator: Translator;
  readonly replies: Replies;
  /** The clock; injectable so tests can move time without sleeping. */
  readonly now: () => Date;
  /** Failed authentications per client IP (see http/authenticate.ts). */
  readonly authFailures: AuthFailureLimiter;
  /** What GET /metrics reports (metrics/serverMetrics.ts). */
  readonly metrics: ServerMetrics;
}
