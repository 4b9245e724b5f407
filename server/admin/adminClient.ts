// The operator CLI's one client for /admin/v1: it calls the endpoints the contract describes
// (server/admin/contract*.ts), with the operator token, and checks each answer against the
// endpoint's output schema. Every command (money, cards, chain, content) goes through it.
import * as v from 'valibot';
import type { AnyEndpoint, EndpointInput, EndpointOutput } from '../../contract/api/endpoint.ts';
import { anyApiResponseSchema, SUCCESS_CODE } from '../../contract/api/response.ts';

/** The server refused the request; `message` is its explanation. */
export class AdminRequestError extends Error {
  override name = 'AdminRequestError';
  readonly status: number;
  readonly code: number | null;

  constructor(message: string, status: number, code: number | null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** No answer at all: wrong URL, server not running. */
export class ServerUnreachableError extends Error {
  override name = 'ServerUnreachableError';
}

type InputArgs<E extends AnyEndpoint> =
  undefined extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

export interface AdminApi {
  call<E extends AnyEndpoint>(endpoint: E, ...args: InputArgs<E>): Promise<EndpointOutput<E>>;
  /** An endpoint that answers the bytes themselves rather than JSON (a stored photo). */
  bytes<E extends AnyEndpoint>(endpoint: E, ...args: InputArgs<E>): Promise<Buffer>;
}

export function createAdminApi(apiUrl: string, token: string): AdminApi {
  async function send(endpoint: AnyEndpoint, input: unknown): Promise<Response> {
    const url = new URL(endpoint.path, apiUrl);
    const get = endpoint.method === 'GET';
    if (get && input)
      for (const [name, value] of Object.entries(input as Record<string, unknown>))
        if (value !== undefined) url.searchParams.set(name, String(value));
    try {
      return await fetch(url, {
        method: endpoint.method,
        headers: {
          authorization: `Bearer ${token}`,
          lang: 'EN',
          ...(get ? {} : { 'content-type': 'application/json' }),
        },
        ...(get ? {} : { body: JSON.stringify(input ?? {}) }),
      });
    } catch (error) {
      throw new ServerUnreachableError(
        `Cannot reach the server at ${apiUrl} (${describe(error)}). Is it running?`,
      );
    }
  }

  async function answer(response: Response): Promise<unknown> {
    const text = await response.text();
    const envelope = v.safeParse(anyApiResponseSchema, safeJson(text));
    if (!envelope.success)
      throw new AdminRequestError(
        `Unexpected answer (HTTP ${response.status}): ${text.slice(0, 200)}`,
        response.status,
        null,
      );
    const { code, message, data } = envelope.output;
    if (!response.ok || code !== SUCCESS_CODE) {
      // A chain refusal says what the node answered.
      const reason = (data as { reason?: unknown } | null)?.reason;
      throw new AdminRequestError(
        typeof reason === 'string' ? `${message} (${reason})` : message,
        response.status,
        code,
      );
    }
    return data;
  }

  return {
    async call(endpoint, ...[input]) {
      const response = await send(endpoint, input);
      const data = await answer(response);
      const parsed = v.safeParse(endpoint.output, data);
      if (!parsed.success)
        throw new AdminRequestError(
          `Unexpected answer: ${v.summarize(parsed.issues)}`,
          response.status,
          SUCCESS_CODE,
        );
      return parsed.output as never;
    },
    async bytes(endpoint, ...[input]) {
      const response = await send(endpoint, input);
      // Anything but the image is a refusal in the usual envelope.
      if (!response.ok || response.headers.get('content-type') !== 'image/jpeg') {
        await answer(response);
        throw new AdminRequestError('Unexpected answer: not an image', response.status, null);
      }
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
}
