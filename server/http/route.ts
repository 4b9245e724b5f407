// One route, described once: method, path, who may call it, the contract's input schema and
// a handler that returns the answer's `data`. The Fastify registrar (routeTable.ts) serves
// these lists, and the request envelope will dispatch the very same lists, so a handler
// never sees a reply object: it returns data or throws a DomainError.
import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { RateLimitSetting, ServerSettings } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';

/** 'user': a signed-in user (Bearer session token); 'admin': the operator's admin token. */
export type RouteAuth = 'none' | 'user' | 'admin';

export type RouteMethod = 'GET' | 'POST';

type RateLimitName = {
  [
    K in keyof ServerSettings['rateLimits']
  ]: ServerSettings['rateLimits'][K] extends RateLimitSetting ? K : never;
}[keyof ServerSettings['rateLimits']];

export interface RouteCall<TInput, TAuth extends RouteAuth> {
  context: ServerContext;
  /** The query (GET) or body (POST), checked against the route's schema. */
  input: TInput;
  user: TAuth extends 'user' ? UserRow : null;
  /** The Idempotency-Key header; present whenever the route is `idempotent`. */
  idempotencyKey: string | null;
  /** Where the request came to (host, protocol) for links and sign-in messages. */
  request: FastifyRequest;
}

export interface RouteDefinition<TSchema extends v.GenericSchema, TAuth extends RouteAuth> {
  method: RouteMethod;
  path: string;
  auth: TAuth;
  input?: TSchema;
  /** A money call: requires an Idempotency-Key header and counts against the user's limit. */
  idempotent?: boolean;
  /** Limit per client IP, by setting name (rateLimits in server settings). */
  ipRateLimit?: RateLimitName;
  /** Limit per signed-in user, by setting name. On an `auth: 'none'` route it counts the
   * requests that come with a live session token. */
  userRateLimit?: RateLimitName;
  /** Answer the handler's value as is instead of inside `{code, message, data}`. */
  bare?: boolean;
  /** Extra answer headers. */
  headers?: Readonly<Record<string, string>>;
  handler(call: RouteCall<v.InferOutput<TSchema>, TAuth>): Promise<unknown>;
}

export type Route = RouteDefinition<v.GenericSchema, RouteAuth>;

export function defineRoute<
  TSchema extends v.GenericSchema = v.GenericSchema<unknown, Record<string, never>>,
  TAuth extends RouteAuth = RouteAuth,
>(route: RouteDefinition<TSchema, TAuth>): Route {
  return route as unknown as Route;
}
