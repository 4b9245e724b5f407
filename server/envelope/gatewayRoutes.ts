// The envelope endpoint (docs/protocol.md "Request envelope" §5–§8): POST /api/v1/envelope with a sealed request
// (message/ohttp-req). It reads the body judging it as it arrives (sealedBody.ts: length,
// then the key its header names), opens it (gateway.ts: framing, key, md5, AEAD, timestamp,
// nonce), finds the route by the inner method and path, and runs it through the same
// dispatcher as a plain call (routeTable.ts, RouteRunner.run: sign-in, every rate limit,
// Idempotency-Key, input), so a call behaves the same whichever way it came; a write that
// reaches its handler runs with its nonce stored in its own transaction (nonces.ts,
// runWrite). The inner answer — status, headers, body, exactly what the plain call would
// answer — goes back sealed to the request (message/ohttp-res, HTTP 200). A request the
// envelope itself refuses gets a 400 in the clear, `{code, message, data}`, and has no effect.
//
// Refusals are counted per client address (`envelopeRefusals`, shared by every process on
// PostgreSQL): past the budget, that address's sealed requests are answered 429 with
// Retry-After before any of their body is read, until the window ends.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  EnvelopeResponse,
  OpenedRequest,
} from '../../contract/api/envelope/envelopeMessage.ts';
import { REQUEST_CONTENT_TYPE, RESPONSE_CONTENT_TYPE } from '../../contract/api/envelope/ohttp.ts';
import { envelopeRefusals, EnvelopeRefusal } from '../../contract/api/envelope/refusals.ts';
import { ENVELOPE_PATH } from '../../contract/api/envelope/transport.ts';
import { DomainError } from '../domainError.ts';
import { failureAnswer, toDomainError } from '../http/errorHandler.ts';
import type { HttpContext } from '../http/httpContext.ts';
import type { LimitCheck } from '../http/rateLimiter.ts';
import type { Route } from '../http/route.ts';
import { notModified, preparedJson } from '../http/preparedAnswer.ts';
import { JSON_TYPE, parseQuery, successBody, type RouteRunner } from '../http/routeTable.ts';
import { REQUEST_ID_HEADER } from '../http/requestId.ts';
import { NOT_FOUND_ROUTE } from '../http/staticApp.ts';
import { localeFromLangHeader } from '../i18n/requestLocale.ts';
import { checkHeader, openEnvelope, sealAnswer } from './gateway.ts';
import { runWrite } from './nonces.ts';
import { closesEarly, readSealedBody } from './sealedBody.ts';
import type { EnvelopeService } from './service.ts';
import { endPhase, splitClock } from './split.ts';

/** Methods whose body Fastify never reads; an inner call with one has no body either. */
const BODYLESS = new Set(['GET', 'HEAD']);

export interface EnvelopeGatewayOptions {
  context: HttpContext;
  envelope: EnvelopeService;
  runner: RouteRunner;
  /** Every route served plainly: the inner call may be any of them. */
  routes: readonly Route[];
}

/** The client's window of refused envelopes: read before a request, counted on a refusal. */
function refusalBudget(request: FastifyRequest, mode: LimitCheck['mode']): LimitCheck {
  return { limit: 'envelopeRefusals', per: 'ip', subject: request.ip, mode };
}

export async function registerEnvelopeGateway(
  app: FastifyInstance,
  options: EnvelopeGatewayOptions,
): Promise<void> {
  const { context, envelope } = options;
  const { rateLimiter } = context;
  const byMethodAndPath = new Map(options.routes.map((route) => [routeKey(route), route]));
  const innerCalls = innerCallRunner(app, options, byMethodAndPath);

  const answer = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const failure = failureAnswer(error, request, context.replies);
    return reply.status(failure.status).headers(failure.headers).send(failure.body);
  };
  /**
   * Every refusal of the endpoint (the envelope's own, and a body of another type) counts
   * against the address's budget; the one past it is answered 429 instead, as every later one
   * is (by the onRequest hook, before the body is read). A body left unread is not read on:
   * the connection closes after the answer, unless what is left is small.
   */
  const refuse = async (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (request.body === undefined && closesEarly(declaredLength(request)))
      void reply.header('connection', 'close');
    let failure = error;
    if (error instanceof EnvelopeRefusal) {
      context.metrics.envelopeRefused(error.code);
      failure = refusalError(error);
    }
    const { status } = toDomainError(failure).definition;
    if (status >= 400 && status < 500 && !isRateLimited(failure)) {
      try {
        await rateLimiter.check([refusalBudget(request, 'count')]);
      } catch (limited) {
        return answer(request, reply, limited);
      }
    }
    return answer(request, reply, failure);
  };

  await app.register(async (scope) => {
    // The sealed bytes as they are, judged as they arrive (sealedBody.ts): a body over the
    // limit, or one whose header names no live key, is refused before the rest is read.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(REQUEST_CONTENT_TYPE, (request: FastifyRequest, payload: Readable) =>
      readSealedBody(payload, {
        declaredLength: declaredLength(request),
        checkHeader: (header) => checkHeader(envelope, header),
      }),
    );
    scope.setErrorHandler((error, request, reply) => refuse(request, reply, error));
    // An address past its budget: refused before its body is read.
    // Not async: a promise per request for nothing to wait on.
    scope.addHook('onRequest', (request, _reply, done) => {
      try {
        rateLimiter.refuseKnown([refusalBudget(request, 'read')]);
      } catch (refused) {
        done(refused as Error);
        return;
      }
      done();
    });
    scope.post(ENVELOPE_PATH, {
      // Sealed bytes do not compress; trying would only cost time.
      compress: false,
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const sealed = new Uint8Array(body.buffer, body.byteOffset, body.length);
        // A refusal (EnvelopeRefusal) goes to the error handler above.
        const opened = openEnvelope(envelope, sealed, () => context.now().getTime());
        const answered = await innerCalls(request, opened.call);
        void reply
          .header('content-type', RESPONSE_CONTENT_TYPE)
          .header('cache-control', 'no-store');
        const answer = sealAnswer(envelope, opened, answered);
        const sending = splitClock();
        // A view of the sealed bytes, not a copy.
        void reply.send(Buffer.from(answer.buffer, answer.byteOffset, answer.length));
        endPhase('send', sending);
        return reply;
      },
    });
  });
}

/** The catalogue error an envelope refusal is answered with (refusals.ts). */
function refusalError(refusal: EnvelopeRefusal): DomainError {
  const { error } = envelopeRefusals[refusal.code];
  const data =
    refusal.code === 'stale_timestamp' && refusal.serverTimeMs !== undefined
      ? { server_time: new Date(refusal.serverTimeMs).toISOString() }
      : undefined;
  return new DomainError(error, { data });
}

function isRateLimited(error: unknown): boolean {
  return error instanceof DomainError && error.errorName === 'rate_limited';
}

/** The request's Content-Length (Node has checked it is one), or null for a chunked body. */
function declaredLength(request: FastifyRequest): number | null {
  const declared = request.headers['content-length'];
  return declared === undefined ? null : Number(declared);
}

function routeKey(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

/** Runs the call inside; throws EnvelopeRefusal('replayed') when a write turns out a replay. */
type InnerCallRunner = (outer: FastifyRequest, call: OpenedRequest) => Promise<EnvelopeResponse>;

function innerCallRunner(
  app: FastifyInstance,
  { context, envelope, runner }: EnvelopeGatewayOptions,
  byMethodAndPath: ReadonlyMap<string, Route>,
): InnerCallRunner {
  // Fastify's own JSON body parser, with the server's settings, and its body limit: an inner
  // body fails exactly as a plain one would (invalid_json, request_too_large).
  const { bodyLimit, onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const jsonParser = app.getDefaultJsonParser(
    onProtoPoisoning ?? 'error',
    onConstructorPoisoning ?? 'error',
  );
  const parseBody = (inner: FastifyRequest, call: OpenedRequest): unknown => {
    const contentType = call.headers['content-type'];
    if (contentType === undefined) {
      if (call.body.length === 0) return undefined;
      throw new DomainError('unsupported_media_type');
    }
    if (mediaType(contentType) !== 'application/json')
      throw new DomainError('unsupported_media_type');
    if (call.body.length > (bodyLimit ?? Infinity)) throw new DomainError('request_too_large');
    let parsed: { error: unknown; value: unknown } | undefined;
    void jsonParser(inner, Buffer.from(call.body).toString('utf8'), (error, value) => {
      parsed = { error, value };
    });
    if (!parsed) throw new Error('Fastify’s JSON parser did not answer at once');
    if (parsed.error) throw parsed.error;
    return parsed.value;
  };

  return async (outer, call) => {
    const { pathname, query } = splitPath(call.path);
    const method = call.method;
    const route = byMethodAndPath.get(
      routeKey({ method: method === 'HEAD' ? 'GET' : method, path: pathname }),
    );
    const inner = innerRequest(outer, call, parseQuery(query));
    let answer: EnvelopeResponse;
    try {
      // As Fastify does: the body is read before the route runs, even a route not found.
      const body = BODYLESS.has(method) ? undefined : parseBody(inner, call);
      if (!route) throw new DomainError('not_found');
      const payload = route.method === 'GET' ? inner.query : body;
      inner.body = body;
      // A write that reaches its handler has its nonce stored with it, so every process
      // refuses a replay; one refused before (not signed in, over a limit, bad input) stores
      // nothing: a replay of it is refused the same way again.
      const data = await runner.run(
        route,
        inner,
        payload,
        method === 'POST'
          ? (handler) =>
              runWrite(context.db, call.nonce, context.now(), handler, {
                key: routeKey(route),
                outside: envelope.writesOutsideTransactions,
              })
          : undefined,
      );
      answer = successAnswer(route, context, inner, data);
    } catch (error) {
      if (error instanceof EnvelopeRefusal) throw error;
      answer = failure(error, inner, context);
    }
    if (method === 'HEAD') answer = { ...answer, body: new Uint8Array(0) };
    // As on a plain answer: the id the call is logged under, for the app to show support.
    answer = { ...answer, headers: { ...answer.headers, [REQUEST_ID_HEADER]: outer.id } };
    outer.innerCall = { method, route: route?.path ?? NOT_FOUND_ROUTE, status: answer.status };
    return answer;
  };
}

function failure(error: unknown, inner: FastifyRequest, context: HttpContext): EnvelopeResponse {
  const answer = failureAnswer(error, inner, context.replies);
  return {
    status: answer.status,
    headers: { 'content-type': JSON_TYPE, ...answer.headers },
    body: utf8(JSON.stringify(answer.body)),
  };
}

/** The answer Fastify would send for the route's data: the same bytes, the same type. */
function successAnswer(
  route: Route,
  context: HttpContext,
  inner: FastifyRequest,
  data: unknown,
): EnvelopeResponse {
  if (route.prebuilt && typeof data === 'object' && data !== null) {
    const { bytes, etag } = preparedJson(data);
    const headers = { 'content-type': JSON_TYPE, ...route.headers, etag };
    return notModified(inner.headers['if-none-match'], etag)
      ? { status: 304, headers, body: new Uint8Array(0) }
      : { status: 200, headers, body: bytes };
  }
  const value = successBody(route, context, inner, data);
  let type: string;
  let body: Uint8Array;
  if (value instanceof Uint8Array) {
    type = 'application/octet-stream';
    body = value;
  } else if (typeof value === 'string') {
    type = 'text/plain; charset=utf-8';
    body = utf8(value);
  } else {
    type = JSON_TYPE;
    body = utf8(JSON.stringify(value));
  }
  return { status: 200, headers: { 'content-type': type, ...route.headers }, body };
}

const encoder = new TextEncoder();
function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** `type/subtype` of a Content-Type value, in lowercase. */
function mediaType(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/** Path and query, split as Fastify's router does (at the first `?` or `#`), the path decoded. */
function splitPath(path: string): { pathname: string; query: string } {
  const end = path.search(/[?#]/);
  const raw = end === -1 ? path : path.slice(0, end);
  const query = end === -1 ? '' : path.slice(end + 1);
  let pathname = raw;
  if (raw.includes('%')) {
    try {
      pathname = decodeURI(raw);
    } catch {
      // Not valid percent-encoding: it names no route.
    }
  }
  return { pathname, query };
}

/** Where an inner request keeps the outer request and the inner call (innerRequest). */
const OUTER = Symbol('outer request');
const CALL = Symbol('inner call');
interface InnerFields {
  [OUTER]: FastifyRequest;
  [CALL]: OpenedRequest;
}

/**
 * Per Fastify request prototype (one per server), the prototype of inner requests: Fastify's
 * own, with the connection's getters reading the outer request and the call's the inner one.
 */
const innerPrototypes = new WeakMap<object, object>();

function innerPrototypeOf(fastifyPrototype: object): object {
  let prototype = innerPrototypes.get(fastifyPrototype);
  if (prototype) return prototype;
  const outerField = (name: keyof FastifyRequest): PropertyDescriptor => ({
    get(this: InnerFields) {
      return this[OUTER][name];
    },
  });
  const callField = (read: (call: OpenedRequest) => unknown): PropertyDescriptor => ({
    get(this: InnerFields) {
      return read(this[CALL]);
    },
  });
  prototype = Object.create(fastifyPrototype, {
    ip: outerField('ip'),
    ips: outerField('ips'),
    host: outerField('host'),
    hostname: outerField('hostname'),
    port: outerField('port'),
    protocol: outerField('protocol'),
    method: callField((call) => call.method),
    url: callField((call) => call.path),
    originalUrl: callField((call) => call.path),
    headers: callField((call) => call.headers),
  }) as object;
  innerPrototypes.set(fastifyPrototype, prototype);
  return prototype;
}

/**
 * The request a route sees for the inner call: the outer request's connection (address,
 * host, protocol, id, log), the inner call's method, path, headers, query and body, and the
 * language of its own LANG header. The outer request's own fields copied onto a prototype
 * built once (innerPrototypeOf): no property defined per call, and the outer request never
 * made a prototype (which gives an object a map of its own and slows every access to it).
 */
function innerRequest(
  outer: FastifyRequest,
  call: OpenedRequest,
  query: Record<string, unknown>,
): FastifyRequest {
  const prototype = innerPrototypeOf(Object.getPrototypeOf(outer) as object);
  const inner = Object.assign(Object.create(prototype) as object, outer) as {
    -readonly [K in keyof FastifyRequest]: FastifyRequest[K];
  } & InnerFields;
  inner[OUTER] = outer;
  inner[CALL] = call;
  inner.query = query;
  inner.body = undefined;
  inner.params = {};
  inner.locale = localeFromLangHeader(call.headers.lang);
  inner.routeLabel = null;
  inner.innerCall = null;
  return inner as FastifyRequest;
}
