// The Fastify application: hooks, error handling, rate limits, routes and the built app.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { FALLBACK_LOCALE } from '../src/i18n/locales.ts';
import type { ServerContext } from './context.ts';
import { DomainError } from './domainError.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import './http/fastifyTypes.ts';
import { installSecurityHeaders } from './http/securityHeaders.ts';
import { installNotFoundHandler, serveBuiltApp } from './http/staticApp.ts';
import { localeFromLangHeader } from './i18n/requestLocale.ts';
import { createRouteRunner, registerRouteTable } from './http/routeTable.ts';
import { routeTable } from './routes/index.ts';

// API bodies are small JSON documents; file uploads will get their own limit.
const BODY_LIMIT_BYTES = 256 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  servesApp: boolean;
}

export async function buildApp(
  context: ServerContext,
  logger: FastifyServerOptions['logger'],
): Promise<BuiltApp> {
  const app = Fastify({
    logger,
    trustProxy: context.settings.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
  });

  // The API speaks JSON only; anything else is refused with a clear 400 (unsupported_media_type).
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('locale', FALLBACK_LOCALE);
  // First hook of all, so that even a rate-limit refusal is in the user's language.
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromLangHeader(request.headers.lang);
  });
  installSecurityHeaders(app, context.settings.chain.rpcUrl);
  installErrorHandler(app, context.replies);

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, limit) =>
      new DomainError('rate_limited', {
        data: { retry_after_seconds: Math.ceil(limit.ttl / 1000) },
      }),
  });

  registerRouteTable(app, context, createRouteRunner(context), routeTable);

  const servesApp = await serveBuiltApp(app, context.settings.distDir);
  installNotFoundHandler(app, context.replies, servesApp);
  return { app, servesApp };
}
