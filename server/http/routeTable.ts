// Serving route tables with Fastify, and the one dispatcher that runs a route: it checks
// who is calling, the route's rate limits, the Idempotency-Key header and the input, then
// calls the handler. The dispatcher knows nothing of Fastify replies, so the request envelope
// can run it too, and every limit is applied here (or in authenticate.ts, which it calls):
// a call counts the same whichever way it came.
import querystring from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '../../contract/api/money.ts';
import * as v from 'valibot';
import type { UserRow } from '../db/schema.ts';
import type { HttpContext } from './httpContext.ts';
import { DomainError } from '../domainError.ts';
import { requireAdmin, requireUser, sessionUser } from './authenticate.ts';
import { parseInput } from './input.ts';
import { notModified, preparedJson } from './preparedAnswer.ts';
import type { LimitCheck } from './rateLimiter.ts';
import type { Route } from './route.ts';

/**
 * Runs the handler itself, once the call has passed every check: the request envelope stores
 * a write's nonce this way (envelope/nonces.ts, runWrite), so a call refused before its
 * handler (not signed in, over a limit, bad input) leaves nothing behind.
 */
export type AroundHandler = <T>(handler: () => Promise<T>) => Promise<T>;

const direct: AroundHandler = (handler) => handler();

export interface RouteRunner {
  run(
    route: Route,
    request: FastifyRequest,
    payload: unknown,
    around?: AroundHandler,
  ): Promise<unknown>;
}

export function createRouteRunner(context: HttpContext): RouteRunner {
  const limiter = context.rateLimiter;
  return {
    async run(route, request, payload, around = direct) {
      // A client this process knows to be over the route's limit is refused before any work.
      if (route.ipRateLimit) limiter.refuseKnown([perIp(route, request)]);
      const user = route.auth === 'user' ? await requireUser(context, request) : null;
      if (route.auth === 'admin') await requireAdmin(context, request);
      // A route open to all still counts a signed-in caller's requests against them.
      const caller =
        user ??
        (route.auth === 'none' && route.userRateLimit ? await sessionUser(context, request) : null);
      // All of the call's limits at once: one statement on PostgreSQL, none without limits.
      await limiter.check(limitsOf(route, request, caller));
      const idempotencyKey = route.idempotent ? idempotencyKeyOf(request) : null;
      const input = route.input ? parseInput(route.input, payload) : undefined;
      return around(() =>
        route.handler({ context, input, user, idempotencyKey, request } as never),
      );
    },
  };
}

function perIp(route: Route, request: FastifyRequest): LimitCheck {
  return { limit: route.ipRateLimit!, per: 'ip', subject: request.ip, mode: 'count' };
}

/** The limits a call counts against, in the order they refuse. */
function limitsOf(route: Route, request: FastifyRequest, caller: UserRow | null): LimitCheck[] {
  const checks: LimitCheck[] = [];
  if (route.ipRateLimit) checks.push(perIp(route, request));
  if (route.userRateLimit && caller)
    checks.push({
      limit: route.userRateLimit,
      per: 'user',
      subject: String(caller.id),
      mode: 'count',
    });
  return checks;
}

function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined || header === '')
    throw new DomainError('idempotency_key_required', { data: { field: IDEMPOTENCY_KEY_HEADER } });
  if (!v.is(idempotencyKeySchema, header))
    throw new DomainError('validation', {
      values: { field: IDEMPOTENCY_KEY_HEADER },
      data: { field: IDEMPOTENCY_KEY_HEADER, issues: [] },
    });
  return header;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function registerRouteTable(
  app: FastifyInstance,
  context: HttpContext,
  runner: RouteRunner,
  routes: readonly Route[],
): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const payload = route.method === 'GET' ? request.query : request.body;
        const data = await runner.run(route, request, payload);
        if (route.headers) reply.headers(route.headers);
        if (route.prebuilt && typeof data === 'object' && data !== null) {
          const answer = preparedJson(data);
          void reply.header('etag', answer.etag);
          if (notModified(request.headers['if-none-match'], answer.etag))
            return reply.code(304).send();
          return reply.type(JSON_TYPE).send(answer.bytes);
        }
        return successBody(route, context, request, data);
      },
    });
  }
}

/** What a route answers with its handler's `data`: as is when bare, else `{code, message, data}`. */
export function successBody(
  route: Route,
  context: HttpContext,
  request: FastifyRequest,
  data: unknown,
): unknown {
  return route.bare ? data : context.replies.success(request, data);
}

/**
 * Every call's query string parser: Fastify's for plain calls (app.ts) and the envelope's for
 * the call inside (envelope/gateway.ts), so the two read a query alike. Node's own, with what
 * Fastify's default (fast-querystring) does besides: an empty query is an empty object.
 */
export function parseQuery(query: string): Record<string, string | string[] | undefined> {
  return query.length === 0 ? {} : querystring.parse(query);
}
