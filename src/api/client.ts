// The one HTTP client. Every call goes through `request`, which turns each answer into data
// or into one of the errors in requestErrors.ts, following the table in spec §8.
import type { KyInstance } from 'ky';
import * as v from 'valibot';
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
import { REQUEST_ID_HEADER } from './response.ts';

export interface ApiClientDeps {
  baseUrl: () => string;
  token: () => string | null;
  lang: () => string;
  fetch?: typeof fetch;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions<S extends v.GenericSchema> {
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

export interface ApiClient {
  request<S extends v.GenericSchema>(options: RequestOptions<S>): Promise<v.InferOutput<S>>;
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
            beforeRequest: [
              ({ request }) => {
                const token = deps.token();
                if (token) request.headers.set('Authorization', `Bearer ${token}`);
                request.headers.set('LANG', deps.lang());
              },
            ],
          },
        }),
      (error: unknown) => {
        http = undefined;
        throw error;
      },
    ));

  async function request<S extends v.GenericSchema>(
    options: RequestOptions<S>,
  ): Promise<v.InferOutput<S>> {
    const url = deps.baseUrl().replace(/\/$/, '') + options.path;
    const searchParams = options.query
      ? Object.fromEntries(
          Object.entries(options.query).filter(
            (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
          ),
        )
      : undefined;
    let response: Response;
    try {
      if (options.plain && options.method === 'GET') {
        response = await sendPlain(url, searchParams, options);
      } else {
        const send = await httpClient();
        response = await send(url, {
          method: options.method,
          ...(options.method === 'GET' ? { searchParams } : { json: options.body ?? {} }),
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.headers ? { headers: options.headers } : {}),
        });
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NoResponseError(String(error));
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
    const token = deps.token();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('LANG', deps.lang());
    const send = deps.fetch ?? globalThis.fetch.bind(globalThis);
    return send(query ? `${url}?${query}` : url, {
      method: 'GET',
      headers,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  return { request };
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
