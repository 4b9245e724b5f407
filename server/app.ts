// The Fastify application: hooks, error handling, routes and the built app. Rate limits are
// applied by the route dispatcher (http/routeTable.ts, http/rateLimiter.ts).
import compress from '@fastify/compress';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { FALLBACK_LOCALE } from '../contract/i18n/locales.ts';
import type { TimeoutSettings } from './config.ts';
import { homeContentCopies } from './content/blocks.ts';
import type { HttpContext } from './http/httpContext.ts';
import { limitConnectionsPerIp } from './http/connectionLimit.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import './http/fastifyTypes.ts';
import {
  createClientErrorHandler,
  createFrameworkErrorHandler,
  rawErrorResponse,
  refuseConnection,
} from './http/lowLevelErrors.ts';
import { installRequestStart } from './http/requestStart.ts';
import { installNotFoundHandler, NOT_FOUND_ROUTE, serveBuiltApp } from './http/staticApp.ts';
import { isOperatorPath, registerOperatorRoutes } from './http/health.ts';
import type { EventLoopMonitor } from './http/loadShedding.ts';
import { createReadiness } from './http/readiness.ts';
import { newRequestId, proxyRequestIdLogger } from './http/requestId.ts';
import { loggableUrl, refusalLogSampler } from './http/requestLog.ts';
import { createRouteRunner, parseQuery, registerRouteTable } from './http/routeTable.ts';
import { outsideRouteTable, routeTable, secretPathPrefixes } from './areas.ts';
import { runtimeConfigFor } from './http/runtimeConfig.ts';
import { envelopeAdminRoutes } from './envelope/adminRoutes.ts';
import { registerEnvelopeGateway } from './envelope/gatewayRoutes.ts';

/**
 * Every route served: the areas' table (areas.ts) and the envelope's operator calls, which
 * belong to no area. Plain calls and enveloped ones reach the same list.
 */
export const servedRoutes = [...routeTable, ...envelopeAdminRoutes];

// API bodies are small JSON documents; file uploads will get their own limit.
const BODY_LIMIT_BYTES = 256 * 1024;
// Answers smaller than this gain too little from compression to pay for it.
const COMPRESS_THRESHOLD_BYTES = 1024;

export interface RouteSummary {
  method: string;
  url: string;
}

/** The server's state that outlives a request: how loaded it is, whether it is stopping. */
export interface Lifecycle {
  monitor: EventLoopMonitor;
  /** True from the moment shutdown begins: readiness then says 503. */
  stopping(): boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  servesApp: boolean;
  routes: readonly RouteSummary[];
}

export async function buildApp(
  context: HttpContext,
  logger: FastifyServerOptions['logger'],
  lifecycle: Lifecycle,
): Promise<BuiltApp> {
  const { settings, translator, replies, metrics } = context;
  const { monitor } = lifecycle;
  const { timeouts } = settings;
  const headerSettings = {
    chainRpcUrl: settings.chain.rpcUrl,
    publicUrl: settings.publicUrl,
    walletConnect: settings.walletConnectProjectId !== null,
  };
  const app = Fastify({
    logger,
    // Random ids (http/requestId.ts), written in every log line of the request; a trusted
    // proxy's own id beside them.
    genReqId: () => newRequestId(),
    childLoggerFactory: proxyRequestIdLogger(settings.trustProxy),
    // One query parser for plain calls and the calls inside envelopes (envelope/gateway.ts).
    routerOptions: { querystringParser: parseQuery },
    trustProxy: settings.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that sends slowly, or stops, must not hold a connection for ever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: checkingInterval(timeouts),
      // A missing Host is answered by the host check below, in the usual format.
      requireHostHeader: false,
    },
    clientErrorHandler: createClientErrorHandler(translator, {
      ...headerSettings,
      answerWaitMs: timeouts.requestMs,
    }),
    frameworkErrors: createFrameworkErrorHandler(headerSettings, replies),
    // One line per request at most, written below at debug level (LOG_LEVEL=debug shows it).
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'request_id',
    }),
  });
  const refusalLog = refusalLogSampler(() => context.now().getTime());
  const countAndLog = (request: FastifyRequest, reply: FastifyReply): void => {
    // An enveloped call is counted and logged as its inner call (envelope/gateway.ts): its
    // endpoint's pattern, method and status, never its path's values nor its body.
    const inner = request.innerCall;
    const status = inner?.status ?? reply.statusCode;
    const method = inner?.method ?? request.method;
    metrics.recordRequest(
      inner?.route ?? request.routeLabel ?? request.routeOptions.url ?? NOT_FOUND_ROUTE,
      method,
      status,
      reply.elapsedTime,
    );
    // A refused or failed request gets its line at info, so support finds the code a user
    // quotes (its request id); others at debug, which most servers run above: then the line
    // is not even put together. Refusals are sampled per client address (requestLog.ts).
    const failed = status >= 400 && !QUIET_FAILURES.has(status);
    if (!failed && !DEBUG_LEVELS.has(request.log.level)) return;
    let droppedBefore = 0;
    if (failed && status < 500) {
      const sample = refusalLog.take(request.ip);
      if (!sample.write) {
        metrics.refusalLogLineDropped();
        return;
      }
      droppedBefore = sample.droppedBefore;
    }
    const url = inner ? `${inner.route} (enveloped)` : loggableUrl(request.url, secretPathPrefixes);
    const line = `${method} ${url} ${status} ${reply.elapsedTime.toFixed(1)} ms`;
    if (!failed) request.log.debug(line);
    else if (droppedBefore > 0) request.log.info({ dropped_refusal_lines: droppedBefore }, line);
    else request.log.info(line);
  };
  // Not async: a promise per request for nothing to wait on.
  app.addHook('onResponse', (request, reply, done) => {
    countAndLog(request, reply);
    done();
  });
  const routes: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const tooManyConnections = rawErrorResponse(translator, headerSettings, 'rate_limited');
  limitConnectionsPerIp(app.server, settings.maxConnectionsPerIp, (socket) => {
    metrics.rateLimitRefused('connections', 'connection');
    refuseConnection(socket, tooManyConnections);
  });

  // The API speaks JSON only; anything else is refused with a clear 400 (unsupported_media_type).
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('locale', FALLBACK_LOCALE);
  app.decorateRequest('routeLabel', null);
  app.decorateRequest('innerCall', null);
  app.decorateRequest('site', undefined);
  // First hook of all: language, id, shedding, security headers, host check (requestStart.ts).
  installRequestStart(app, { context, monitor, headerSettings, isOperatorPath });
  installErrorHandler(app, replies);

  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Compressed request bodies would slip past the body limit; the app never sends them.
    requestEncodings: ['identity'],
  });

  registerOperatorRoutes(
    app,
    context,
    createReadiness({
      db: context.db,
      chain: settings.chain,
      stopping: lifecycle.stopping,
      eventLoopLagMs: () => monitor.lagMs,
      log: ({ dependency, up, error }) =>
        up
          ? app.log.info(`readiness: ${dependency} is back`)
          : app.log.warn({ err: error }, `readiness: ${dependency} is down`),
    }),
  );
  const runner = createRouteRunner(context);
  registerRouteTable(app, context, runner, servedRoutes);
  // The one endpoint of enveloped calls, while the envelope is on (envelope/gateway.ts).
  if (context.envelope)
    await registerEnvelopeGateway(app, {
      context,
      envelope: context.envelope,
      runner,
      routes: servedRoutes,
    });
  // What areas serve beside the table (the card's photo upload: a raw body, its own scope).
  for (const register of outsideRouteTable) await register(app, context);

  const sendPage = await serveBuiltApp(
    app,
    settings.distDir,
    (request) => runtimeConfigFor(request, settings, context.envelope),
    homeContentCopies(context.db, () => context.now().getTime()),
  );
  installNotFoundHandler(app, replies, sendPage);
  return { app, servesApp: sendPage !== null, routes };
}

const DEBUG_LEVELS = new Set(['debug', 'trace']);
// Shedding comes in floods, when the process is overloaded already: a line each would add to
// the load, so it is counted instead (GET /metrics), as is a 503 of readiness.
const QUIET_FAILURES = new Set([503]);

function checkingInterval(timeouts: TimeoutSettings): number {
  const shortest = Math.min(timeouts.requestMs, timeouts.headersMs);
  return Math.min(1000, Math.max(10, Math.floor(shortest / 4)));
}
