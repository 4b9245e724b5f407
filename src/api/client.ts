// The one HTTP client. Every call goes through `request`, which turns each answer into data
// or into one of the errors in requestErrors.ts, following the table in spec §8.
import type { KyInstance, Options } from 'ky';
import * as v from 'valibot';
import {
  IDEMPOTENCY_KEY_HEADER,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointOutput,
} from '../../contract/api/endpoint.ts';
import {
  ApiError,
  BadAnswerError,
  ForbiddenError,
  HttpStatusError,
  InviteRequiredError,
  NoResponseError,
  RequestError,
  UnauthorizedError,
} from './requestErrors.ts';
import { REQUEST_ID_HEADER } from '../../contract/api/response.ts';

export interface ApiClientDeps {
  baseUrl: () => string;
  token: () => string | null;
  lang: () => string;
  fetch?: typeof fetch;
}

export type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions<S extends v.GenericSchema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  data: S;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the `Idempotency-Key` of a money call. */
  headers?: Record<string, string>;
  /**
   * A GET sent with the browser's own fetch, without loading ky (so no retry and no
   * timeout): for the public reads of the first screen, which a visitor makes before any
   * other call.
   */
  plain?: boolean;
}

const envelope = v.object({
  code: v.number(),
  message: v.optional(v.string(), ''),
  data: v.optional(v.unknown()),
});

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * A GET sent with the browser's own fetch, without loading ky (so no retry and no
   * timeout): for the public reads of the first screen, which a visitor makes before any
   * other call.
   */
  plain?: boolean;
}

/** An idempotent endpoint's call needs its key: the write hook mints and keeps it. */
export type CallArgs<E extends AnyEndpoint> = E['idempotent'] extends true
  ? [input: EndpointInput<E>, options: CallOptions & { idempotencyKey: string }]
  : undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

export interface ApiClient {
  /** Calls an endpoint the contract describes: its input goes as the query (GET) or body. */
  call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointOutput<E>>;
  /**
   * Calls an endpoint that answers an image itself rather than JSON (a stored identity photo).
   * Never cached by the browser; a refusal comes in the usual envelope and throws as usual.
   */
  image<E extends AnyEndpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<Blob>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  // ky loads with the first request, not with the first screen: a visitor who never signs in
  // never downloads it. A failed load is forgotten so the next request tries again.
  let http: Promise<KyInstance> | undefined;
  const httpClient = () =>
    (http ??= import('ky').then(
      ({ default: ky }) =>
        ky.create({
          throwHttpErrors: false,
          timeout: 20_000,
          // Only reads are retried: a repeated write could move money twice.
          retry: { limit: 1, methods: ['get'] },
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
          hooks: {
            beforeRequest: [({ request }) => identify(request.headers)],
          },
        }),
      (error: unknown) => {
        http = undefined;
        throw error;
      },
    ));

  /** Who is asking and in which language, on every call. */
  function identify(headers: Headers) {
    const token = deps.token();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('LANG', deps.lang());
  }

  /** Sends through ky; a connection that fails is NoResponseError, an abort stays one. */
  async function send(path: string, init: Options): Promise<Response> {
    const url = deps.baseUrl().replace(/\/$/, '') + path;
    try {
      const http = await httpClient();
      return await http(url, init);
    } catch (error) {
      throwAsNoResponse(error);
    }
  }

  async function request<S extends v.GenericSchema>(
    options: RequestOptions<S>,
  ): Promise<v.InferOutput<S>> {
    const searchParams = definedQuery(options.query);
    let response: Response;
    if (options.plain && options.method === 'GET') {
      try {
        response = await sendPlain(
          deps.baseUrl().replace(/\/$/, '') + options.path,
          searchParams,
          options,
        );
      } catch (error) {
        throwAsNoResponse(error);
      }
    } else {
      response = await send(options.path, {
        method: options.method,
        ...(options.method === 'GET' ? { searchParams } : { json: options.body ?? {} }),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      });
    }
    const body = await readEnvelope(response);
    try {
      return interpret(response.status, body, options.data);
    } catch (error) {
      if (error instanceof RequestError) error.requestId = response.headers.get(REQUEST_ID_HEADER);
      throw error;
    }
  }

  function sendPlain(
    url: string,
    searchParams: Record<string, string | number | boolean> | undefined,
    options: RequestOptions<v.GenericSchema>,
  ): Promise<Response> {
    const query = new URLSearchParams(
      Object.entries(searchParams ?? {}).map(([key, value]) => [key, String(value)]),
    ).toString();
    const headers = new Headers(options.headers);
    identify(headers);
    const send = deps.fetch ?? globalThis.fetch.bind(globalThis);
    return send(query ? `${url}?${query}` : url, {
      method: 'GET',
      headers,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  return {
    call<E extends AnyEndpoint>(endpoint: E, ...[input, options]: CallArgs<E>) {
      const key = (options as { idempotencyKey?: string } | undefined)?.idempotencyKey;
      return request({
        method: endpoint.method,
        path: endpoint.path,
        ...(endpoint.method === 'GET' ? { query: input as Query | undefined } : { body: input }),
        data: endpoint.output,
        ...(options?.signal ? { signal: options.signal } : {}),
        ...(options?.plain ? { plain: true } : {}),
        ...(key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {}),
      }) as Promise<EndpointOutput<E>>;
    },
    async image(endpoint, input, options) {
      const response = await send(endpoint.path, {
        method: endpoint.method,
        ...(endpoint.method === 'GET'
          ? { searchParams: definedQuery(input as Query | undefined) }
          : { json: input ?? {} }),
        cache: 'no-store',
        ...(options?.signal ? { signal: options.signal } : {}),
      });
      if (response.ok && (response.headers.get('content-type') ?? '').startsWith('image/'))
        return response.blob();
      return interpret(response.status, await readEnvelope(response), v.never()) as never;
    },
  };
}

/**
 * A request that got no answer is NoResponseError. An abort stays one; so does an answer the
 * envelope could not read (BadAnswerError, already a RequestError).
 */
function throwAsNoResponse(error: unknown): never {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  if (error instanceof RequestError) throw error;
  throw new NoResponseError(String(error));
}

/** The query's values that are set; undefined ones are left out of the URL. */
function definedQuery(
  query: Query | undefined,
): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
    ),
  );
}

async function readEnvelope(response: Response) {
  const text = await response.text().catch(() => '');
  try {
    const parsed = v.safeParse(envelope, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

function interpret<S extends v.GenericSchema>(
  status: number,
  body: v.InferOutput<typeof envelope> | undefined,
  data: S,
): v.InferOutput<S> {
  const message = body?.message ?? '';
  if (status === 401) {
    if (body?.code === 200) throw new InviteRequiredError(message);
    throw new UnauthorizedError(message, true);
  }
  if (body?.code === 401) throw new UnauthorizedError(message, false);
  if (status === 403) throw new ForbiddenError(message);
  if (status === 400 && body) throw new ApiError(body.code, message, status, body.data);
  if (status < 200 || status >= 300) {
    if (body && body.code !== 200 && message)
      throw new ApiError(body.code, message, status, body.data);
    throw new HttpStatusError(status);
  }
  if (!body) throw new BadAnswerError('The answer is not a {code, message, data} envelope');
  if (body.code !== 200) throw new ApiError(body.code, message, status, body.data);
  const parsed = v.safeParse(data, body.data ?? null);
  if (!parsed.success) throw new BadAnswerError(v.summarize(parsed.issues));
  return parsed.output;
}
