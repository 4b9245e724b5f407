// Refusals that happen before Fastify routes a request, so that they too leave in the
// `{code, message, data}` format with the security headers: a path that cannot be decoded
// (Fastify's frameworkErrors), the HTTP parser's refusals and timeouts (Node's clientError
// event), and a client over its connection cap.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorByName, type ApiErrorName } from '../../contract/api/errors.ts';
import { FALLBACK_LOCALE } from '../../contract/i18n/locales.ts';
import type { Translator } from '../i18n/catalogs.ts';
import { localeFromLangHeader } from '../i18n/requestLocale.ts';
import { toDomainError } from './errorHandler.ts';
import { realtimeOrigin, siteOf } from './origin.ts';
import type { Replies } from './replies.ts';
import { REQUEST_ID_HEADER } from './requestId.ts';
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
      .header(REQUEST_ID_HEADER, request.id)
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

// How long a connection stays open after its last answer, reading and dropping whatever the
// client is still sending: closing a socket with unread data resets it, and the client may
// then lose the answer before reading it.
const LINGER_MS = 1000;

/** Closes `socket` once the client has closed its side, or after the linger time. */
function closeAfterLinger(socket: Socket): void {
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

/** Answers `response` and closes the socket. */
export function answerAndClose(socket: Socket, response: string): void {
  if (socket.destroyed) return;
  // Already ending (its last answer asked to close): let that answer reach the client.
  if (!socket.writable) return closeAfterLinger(socket);
  socket.end(response);
  closeAfterLinger(socket);
}

/**
 * Answers a connection no HTTP parser reads (one over the per-address cap) and closes it. What
 * the client sent, or still sends, is read and dropped, so the close is a clean one: a socket
 * closed with unread data sends a reset, which can overtake the answer.
 */
export function refuseConnection(socket: Socket, response: string): void {
  // A client that resets is no failure of the server's.
  socket.on('error', () => undefined);
  socket.resume();
  answerAndClose(socket, response);
}

/** The answer Node is writing on this socket (the first of those queued), as its own handler sees it. */
interface AnswerInFlight {
  headersSent?: boolean;
  req?: { complete?: boolean };
  once(event: 'finish', listener: () => void): unknown;
}

function answerInFlight(socket: Socket): AnswerInFlight | null {
  return (socket as Socket & { _httpMessage?: AnswerInFlight | null })._httpMessage ?? null;
}

/**
 * Runs `then` once every request that arrived whole before the bad bytes has been answered,
 * so a valid request is not dropped for what was pipelined after it. `then` gets the answer
 * still in flight then, if any: one to a request cut short, which the bad bytes belong to.
 * An answer that does not finish within `maxWaitMs` is cut off with the connection.
 */
function afterCompleteAnswers(
  socket: Socket,
  maxWaitMs: number,
  then: (incomplete: AnswerInFlight | null) => void,
): void {
  const first = answerInFlight(socket);
  if (!first?.req?.complete) return then(first);
  const limit = setTimeout(() => socket.destroy(), maxWaitMs);
  limit.unref();
  socket.once('close', () => clearTimeout(limit));
  // Node's own 'finish' listener, added when the request arrived, runs first and hands the
  // socket to the next queued answer, if any.
  const next = () => {
    if (socket.destroyed) return;
    const current = answerInFlight(socket);
    if (current?.req?.complete) {
      current.once('finish', next);
      return;
    }
    clearTimeout(limit);
    then(current);
  };
  first.once('finish', next);
}

// Node's error codes for what its HTTP parser refuses.
function clientErrorName(code: string | undefined): ApiErrorName {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  return 'bad_request';
}

export interface ClientErrorSettings extends LowLevelErrorSettings {
  /** How long answers to earlier requests on the socket may take before it is cut off. */
  answerWaitMs: number;
}

/** Fastify's `clientErrorHandler` (Node's 'clientError' event). */
export function createClientErrorHandler(translator: Translator, settings: ClientErrorSettings) {
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
    const key = `${name}${isHead ? ' HEAD' : ''}`;
    let response = responses.get(key);
    if (response === undefined) {
      response = rawErrorResponse(translator, settings, name, { withBody: !isHead });
      responses.set(key, response);
    }
    const answer = response;
    afterCompleteAnswers(socket, settings.answerWaitMs, (incomplete) => {
      // An answer to the request cut short is in the way of ours: a request that timed out
      // never reached its handler, so only one already started is; bad bytes inside a request
      // leave its handler waiting for the rest, and ours would garble what it writes.
      if (incomplete && (incomplete.headersSent === true || name !== 'request_timeout')) {
        socket.destroy();
        return;
      }
      answerAndClose(socket, answer);
    });
  };
}
