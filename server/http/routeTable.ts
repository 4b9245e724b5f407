// Serving route tables with Fastify, and the one dispatcher that runs a route: it checks
// who is calling, the per-user limit, the Idempotency-Key header and the input, then calls
// the handler. The dispatcher knows nothing of Fastify replies, so the request envelope can
// run it too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '../../src/api/money.ts';
import * as v from 'valibot';
import type { HttpContext } from './httpContext.ts';
import { DomainError } from '../domainError.ts';
import { requireAdmin, requireUser, sessionUser } from './authenticate.ts';
import { parseInput } from './input.ts';
import type { Route } from './route.ts';
import { createUserRateLimiter, type UserRateLimiter } from './userRateLimit.ts';

export interface RouteRunner {
  run(route: Route, request: FastifyRequest, payload: unknown): Promise<unknown>;
}

export function createRouteRunner(context: HttpContext): RouteRunner {
  const limiter: UserRateLimiter = createUserRateLimiter(context.now, (limit) =>
    context.metrics.rateLimitRefused(limit, 'user'),
  );
  return {
    async run(route, request, payload) {
      const user = route.auth === 'user' ? await requireUser(context, request) : null;
      if (route.auth === 'admin') requireAdmin(context, request);
      if (route.userRateLimit) {
        // A route open to all still counts a signed-in caller's requests against them.
        const caller = user ?? (route.auth === 'none' ? await sessionUser(context, request) : null);
        if (caller) {
          limiter.consume(
            `${route.userRateLimit}:${caller.id}`,
            context.settings.rateLimits[route.userRateLimit],
          );
        }
      }
      const idempotencyKey = route.idempotent ? idempotencyKeyOf(request) : null;
      const input = route.input ? parseInput(route.input, payload) : undefined;
      return route.handler({ context, input, user, idempotencyKey, request } as never);
    },
  };
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

export function registerRouteTable(
  app: FastifyInstance,
  context: HttpContext,
  runner: RouteRunner,
  routes: readonly Route[],
): void {
  for (const route of routes) {
    const ipLimit = route.ipRateLimit ? context.settings.rateLimits[route.ipRateLimit] : null;
    app.route({
      method: route.method,
      url: route.path,
      ...(ipLimit
        ? { config: { rateLimit: { max: ipLimit.max, timeWindow: ipLimit.windowMs } } }
        : {}),
      handler: async (request, reply) => {
        const payload = route.method === 'GET' ? request.query : request.body;
        const data = await runner.run(route, request, payload);
        if (route.headers) reply.headers(route.headers);
        return route.bare ? data : context.replies.success(request, data);
      },
    });
  }
}
