// Request properties this server adds to Fastify's.
import type { Locale } from '../../src/i18n/locales.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's answer, from its LANG header. */
    locale: Locale;
    /**
     * The route a request is counted under in GET /metrics when it is not the Fastify route's
     * pattern: the not-found handler's, or (later) the request envelope's inner endpoint.
     */
    routeLabel: string | null;
  }
}

export {};
