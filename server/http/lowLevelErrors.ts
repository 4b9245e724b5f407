// Refusals that happen before Fastify routes a request, so that they too leave in the
// `{code, message, data}` format with the security headers: a path that cannot be decoded
// (Fastify's frameworkErrors), the HTTP parser's refusals and timeouts (Node's clientError
// event), and a client over its connection cap.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorByName, type ApiErrorName } from '../../src/api/errors.ts';
import { FALLBACK_LOCALE } from '../../src/i18n/locales.ts';
import type { Translator } from '../i18n/catalogs.ts';
import { localeFromLangHeader } from '../i18n/requestLocale.ts';
import { toApiFailure } from './errorHandler.ts';
import { realtimeOrigin, siteOf } from './origin.ts';
import type { Replies } from './replies.ts';
import { securityHeaders } from './securityHeaders.ts';

export interface LowLevelErrorSettings {
  chainRpcUrl: string;
  publicUrl: string | null;
}

/** Fastify's `frameworkErrors`: runs without the onRequest hooks, so it sets their work itself. */
export function createFrameworkErrorHandler(settings: LowLevelErrorSettings, replies: Replies) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    request.locale = localeFromLangHeader(request.headers.lang);
    const site = siteOf(request, settings.publicUrl);
    const failure = toApiFailure(error);
    void reply
      .status(failure.definition.status)
      .headers(securityHeaders(settings.chainRpcUrl, site ? realtimeOrigin(site) : null))
      .header('cache-control', 'no-store')
      .send(replies.failure(request, failure));
  };
}

/**
 * A complete HTTP/1.1 answer with one of the catalogue's errors, for sockets no request
 * object exists for. The language is English: the request's LANG header was never read.
 */
export function rawErrorResponse(
  translator: Translator,
  chainRpcUrl: string,
  name: ApiErrorName,
  extraHeaders: Record<string, string> = {},
): string {
  const definition = apiErrorByName(name);
  const body = JSON.stringify({
    code: definition.code,
    message: translator.translate(FALLBACK_LOCALE, definition.message),
    data: null,
  });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
    ...securityHeaders(chainRpcUrl, null),
    ...extraHeaders,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  const status = definition.status;
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Answers `response` if nothing was written to the socket yet, then closes it. */
export function answerAndClose(socket: Socket, response: string): void {
  if (socket.destroyed) return;
  if (!socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  socket.end(response, () => socket.destroy());
  // A client that never reads must not keep the socket open.
  socket.setTimeout(5000, () => socket.destroy());
}

// Node's error codes for what its HTTP parser refuses.
function clientErrorName(code: string | undefined): ApiErrorName {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  return 'bad_request';
}

/** Fastify's `clientErrorHandler` (Node's 'clientError' event). */
export function createClientErrorHandler(translator: Translator, chainRpcUrl: string) {
  const responses = new Map<ApiErrorName, string>();
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const name = clientErrorName(error.code);
    let response = responses.get(name);
    if (response === undefined) {
      response = rawErrorResponse(translator, chainRpcUrl, name);
      responses.set(name, response);
    }
    answerAndClose(socket, response);
  };
}
