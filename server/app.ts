// The Fastify application: hooks, error handling, rate limits, routes and the built app.
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { FALLBACK_LOCALE } from '../src/i18n/locales.ts';
import type { ServerContext } from './context.ts';
import { ApiFailure } from './http/apiFailure.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import './http/fastifyTypes.ts';
import { installSecurityHeaders } from './http/securityHeaders.ts';
import { installNotFoundHandler, serveBuiltApp } from './http/staticApp.ts';
import { localeFromLangHeader } from './i18n/requestLocale.ts';
import { registerAdminRoutes } from './routes/admin.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerRuntimeConfigRoute, runtimeConfigFor } from './routes/runtimeConfig.ts';
import { registerUserRoutes } from './routes/user.ts';

// API bodies are small JSON documents; file uploads will get their own limit.
const BODY_LIMIT_BYTES = 256 * 1024;
// Answers smaller than this gain too little from compression to pay for it.
const COMPRESS_THRESHOLD_BYTES = 1024;

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
    // One line per request at most, written below at debug level (LOG_LEVEL=debug shows it).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`,
    );
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
      new ApiFailure('rate_limited', {
        data: { retry_after_seconds: Math.ceil(limit.ttl / 1000) },
      }),
  });

  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Compressed request bodies would slip past the body limit; the app never sends them.
    requestEncodings: ['identity'],
  });

  registerRuntimeConfigRoute(app, context);
  registerAuthRoutes(app, context);
  registerUserRoutes(app, context);
  registerAdminRoutes(app, context);

  const sendPage = await serveBuiltApp(
    app,
    context.settings.distDir,
    (request) => runtimeConfigFor(request, context.settings),
    context.translator,
  );
  installNotFoundHandler(app, context.replies, sendPage);
  return { app, servesApp: sendPage !== null };
}
