// Request properties this server adds to Fastify's.
import type { Locale } from '../../contract/i18n/locales.ts';
import type { Site } from './origin.ts';

/** What an enveloped call ran: its inner method, route pattern and status. */
export interface InnerCall {
  method: string;
  /** The route's pattern, or the not-found label: never the raw path. */
  route: string;
  status: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's answer, from its LANG header. */
    locale: Locale;
    /**
     * The route a request is counted under in GET /metrics when it is not the Fastify route's
     * pattern: the not-found handler's.
     */
    routeLabel: string | null;
    /**
     * Set on a request to the envelope endpoint once its call has run (envelope/gateway.ts):
     * GET /metrics and the request log then name the inner call's endpoint, method and status
     * rather than the envelope's POST and its 200.
     */
    innerCall: InnerCall | null;
    /** The request's site once worked out (origin.ts, siteOf): undefined until then. */
    site: Site | null | undefined;
  }
}

export {};
