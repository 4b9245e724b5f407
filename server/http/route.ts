// One route: the contract's descriptor of its endpoint (contract/api/endpoint.ts: method, path, who
// may call it, input and output schemas, idempotency, rate limits) and a handler that returns
// the answer's `data`. The Fastify registrar (routeTable.ts) serves these lists, and the
// request envelope will dispatch the very same lists, so a handler never sees a reply object:
// it returns data or throws a DomainError.
import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type {
  AnyEndpoint,
  EndpointAuth,
  EndpointMethod,
  EndpointOutput,
  EndpointParsedInput,
  RateLimitClass,
} from '../../contract/api/endpoint.ts';
import type { HttpContext } from './httpContext.ts';
import type { UserRow } from '../db/schema.ts';

export interface RouteCall<E extends AnyEndpoint> {
  context: HttpContext;
  /** The query (GET) or body (POST), checked against the endpoint's input schema. */
  input: EndpointParsedInput<E>;
  user: E['auth'] extends 'user' ? UserRow : null;
  /** The Idempotency-Key header: always there on an idempotent endpoint. */
  idempotencyKey: E['idempotent'] extends true ? string : null;
  /** Where the request came to (host, protocol) for links and sign-in messages. */
  request: FastifyRequest;
}

export interface RouteDefinition<E extends AnyEndpoint> {
  endpoint: E;
  /** Answer the handler's value as is instead of inside `{code, message, data}`. */
  bare?: boolean;
  /** Extra answer headers. */
  headers?: Readonly<Record<string, string>>;
  /**
   * With `bare`: the handler answers one frozen object per distinct answer, whose bytes and
   * ETag are built once (preparedAnswer.ts); If-None-Match with that ETag gets a 304.
   */
  prebuilt?: boolean;
  handler(call: RouteCall<E>): Promise<EndpointOutput<E>>;
}

/** What the dispatcher runs: the endpoint's description, flattened, and its handler. */
export interface Route {
  readonly endpoint: AnyEndpoint;
  readonly method: EndpointMethod;
  readonly path: string;
  readonly auth: EndpointAuth;
  readonly input: v.GenericSchema | undefined;
  readonly idempotent: boolean;
  readonly ipRateLimit: RateLimitClass | undefined;
  readonly userRateLimit: RateLimitClass | undefined;
  readonly bare: boolean;
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly prebuilt: boolean;
  handler(call: RouteCall<AnyEndpoint>): Promise<unknown>;
}

export function defineRoute<E extends AnyEndpoint>(route: RouteDefinition<E>): Route {
  const { endpoint } = route;
  return {
    endpoint,
    method: endpoint.method,
    path: endpoint.path,
    auth: endpoint.auth,
    input: endpoint.input,
    idempotent: endpoint.idempotent,
    ipRateLimit: endpoint.ipRateLimit,
    userRateLimit: endpoint.userRateLimit,
    bare: route.bare ?? false,
    headers: route.headers,
    prebuilt: (route.bare ?? false) && (route.prebuilt ?? false),
    handler: route.handler as Route['handler'],
  };
}
