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
import { toDomainError } from './errorHandler.ts';
import { realtimeOrigin, siteOf } from './origin.ts';
import type { Replies } from './replies.ts';
import { securityHeaders, type SecurityHeaderSettings } from './securityHeaders.ts';

export type LowLevelErrorSettings = SecurityHeaderSettings;

/** Fastify's `frameworkErrors`: runs without the onRequest hooks, so it sets their work itself. */
export function createFrameworkErrorHandler(settings: LowLevelErrorSettings, replies: Replies) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    request.locale = localeFromLangHeader(request.headers.lang);
    const site = siteOf(request, settings.publicUrl);
    const failure = toDomainError(error);
    void reply
      .status(failure.definition.status)
      .headers(securityHeaders(settings, site ? realtimeOrigin(site) : null))
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
  settings: LowLevelErrorSettings,
  name: ApiErrorName,
  options: { withBody?: boolean } = {},
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
    ...securityHeaders(settings, null),
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  const status = definition.status;
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n`;
  // The answer to a HEAD request has the headers of the full answer and no body.
  return options.withBody === false ? head : head + body;
}

// How long a refused connection stays open after its answer, reading and dropping whatever
// the client is still sending: closing a socket with unread data resets it, and the client
// may then lose the answer before reading it.
const LINGER_MS = 1000;

/**
 * Answers `response` and closes the socket, unless `mustNotAnswer` (an answer to another
 * request on this socket is under way, and ours would garble it): then it only closes.
 */
export function answerAndClose(socket: Socket, response: string, mustNotAnswer = false): void {
  if (socket.destroyed) return;
  if (!socket.writable || mustNotAnswer) {
    socket.destroy();
    return;
  }
  socket.end(response);
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

// Node's error codes for what its HTTP parser refuses.
function clientErrorName(code: string | undefined): ApiErrorName {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  return 'bad_request';
}

/** Fastify's `clientErrorHandler` (Node's 'clientError' event). */
export function createClientErrorHandler(translator: Translator, settings: LowLevelErrorSettings) {
  const responses = new Map<string, string>();
  // The parser repeats its error for every later chunk of an answered socket; its linger
  // timer closes it.
  const answered = new WeakSet<Socket>();
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const name = clientErrorName(error.code);
    // The data the parser choked on; it starts with the request line unless the request
    // came in several pieces.
    const rawPacket = (error as { rawPacket?: unknown }).rawPacket;
    const isHead = Buffer.isBuffer(rawPacket) && rawPacket.subarray(0, 5).toString() === 'HEAD ';
    // The response in flight on this socket, as Node's own handler checks it. A request that
    // timed out never reached its handler, so only an answer already started is in the way.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })
      ._httpMessage;
    const mustNotAnswer =
      Boolean(inFlight) && (inFlight!.headersSent === true || name !== 'request_timeout');
    const key = `${name}${isHead ? ' HEAD' : ''}`;
    let response = responses.get(key);
    if (response === undefined) {
      response = rawErrorResponse(translator, settings, name, { withBody: !isHead });
      responses.set(key, response);
    }
    answerAndClose(socket, response, mustNotAnswer);
  };
}
