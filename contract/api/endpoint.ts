// One descriptor per endpoint, the contract both halves share: the server serves it
// (server/http/route.ts adds only the handler), the app calls it (api/client.ts `call`), the
// operator CLI calls it (server/admin/adminClient.ts), and the request envelope will dispatch
// it. Method, path, who may call it, the input and output schemas, whether it moves money (an
// Idempotency-Key is then required, and typed as required), whether it is a page of a list,
// its rate-limit classes and which of the app's cached data a success changes.
import type * as v from 'valibot';
import type { CacheArea } from './cacheAreaNames.ts';

/** The header an idempotent endpoint's call carries its key in. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 'user': a signed-in user (Bearer session token); 'admin': the operator's token. */
export type EndpointAuth = 'none' | 'user' | 'admin';

export type EndpointMethod = 'GET' | 'POST';

/** Rate-limit classes; the server's settings give each its numbers. */
export type RateLimitClass = 'login' | 'loginMessage' | 'money' | 'isRegister' | 'wsTicket';

// What the app keeps of the server's data, by area (a success `changes` some of them). The list,
// CACHE_AREAS, has a file of its own: the first screen holds this file but never reads the list
// (the realtime event schema does, after sign-in).
export type { CacheArea } from './cacheAreaNames.ts';

export interface Endpoint<
  TInput extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  TOutput extends v.GenericSchema = v.GenericSchema,
  TAuth extends EndpointAuth = EndpointAuth,
  TIdempotent extends boolean = boolean,
> {
  readonly method: EndpointMethod;
  readonly path: string;
  readonly auth: TAuth;
  /** The query (GET) or JSON body (POST); none: the call takes no input. */
  readonly input: TInput;
  /** The answer's `data`. */
  readonly output: TOutput;
  /** A money call: the Idempotency-Key header is required; a retry gets the first answer. */
  readonly idempotent: TIdempotent;
  /** A page of a list: `page`, `page_size` in; `list`, `total` out. */
  readonly paged: boolean;
  /** Limit per client IP, by class. */
  readonly ipRateLimit?: RateLimitClass | undefined;
  /** Limit per signed-in caller, by class (on an open endpoint: callers with a session). */
  readonly userRateLimit?: RateLimitClass | undefined;
  /** What a success changes in the app's cached data. */
  readonly changes: readonly CacheArea[];
}

/** Any endpoint, whatever its schemas. */
export type AnyEndpoint = Endpoint<
  v.GenericSchema | undefined,
  v.GenericSchema,
  EndpointAuth,
  boolean
>;

/** The input the endpoint's caller sends (before the schema's transforms). */
export type EndpointInput<E extends AnyEndpoint> = E['input'] extends v.GenericSchema
  ? v.InferInput<E['input']>
  : undefined;

/** The input as the server's handler receives it (after the schema's checks and transforms). */
export type EndpointParsedInput<E extends AnyEndpoint> = E['input'] extends v.GenericSchema
  ? v.InferOutput<E['input']>
  : undefined;

/** The answer's `data`. */
export type EndpointOutput<E extends AnyEndpoint> = v.InferOutput<E['output']>;

/** The item of a list endpoint's page. */
export type ListItem<E extends AnyEndpoint> =
  EndpointOutput<E> extends { list: readonly (infer T)[] } ? T : never;

export function defineEndpoint<
  TOutput extends v.GenericSchema,
  TInput extends v.GenericSchema | undefined = undefined,
  TAuth extends EndpointAuth = 'user',
  TIdempotent extends boolean = false,
>(endpoint: {
  method: EndpointMethod;
  path: string;
  auth?: TAuth;
  input?: TInput;
  output: TOutput;
  idempotent?: TIdempotent;
  paged?: boolean;
  ipRateLimit?: RateLimitClass;
  userRateLimit?: RateLimitClass;
  changes?: readonly CacheArea[];
}): Endpoint<TInput, TOutput, TAuth, TIdempotent> {
  return {
    ...endpoint,
    auth: endpoint.auth ?? ('user' as TAuth),
    input: endpoint.input as TInput,
    idempotent: endpoint.idempotent ?? (false as TIdempotent),
    paged: endpoint.paged ?? false,
    changes: endpoint.changes ?? [],
  };
}
