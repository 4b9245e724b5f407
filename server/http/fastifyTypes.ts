// Request properties this server adds to Fastify's.
import type { Locale } from '../../src/i18n/locales.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's answer, from its LANG header. */
    locale: Locale;
  }
}

export {};
