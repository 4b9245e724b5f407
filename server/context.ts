// What the domain code needs, built once at start-up and passed down explicitly. The HTTP
// layer's own needs (admin token, answer builder, rate limiter) are in
// http/httpContext.ts, so nothing here depends on HTTP.
import type { AreaCatalogue } from './areaCatalogue.ts';
import type { OpenedDatabase } from './db/database.ts';
import type { ServerSettings } from './config.ts';
import type { Translator } from './i18n/catalogs.ts';
import type { ServerMetrics } from './metrics/serverMetrics.ts';

export interface ServerContext {
  readonly settings: ServerSettings;
  readonly db: OpenedDatabase;
  readonly translator: Translator;
  /** The clock; injectable so tests can move time without sleeping. */
  readonly now: () => Date;
  /** What GET /metrics reports (metrics/serverMetrics.ts). */
  readonly metrics: ServerMetrics;
  /** What the areas contribute to one another (areas.ts). */
  readonly areas: AreaCatalogue<ServerContext>;
}
