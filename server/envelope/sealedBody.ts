// Reading a sealed request's body (the envelope endpoint's content-type parser), judging it
// while it arrives rather than after: a Content-Length over the limit is refused before a
// byte is read, a body growing past the limit as it goes over, and one whose 7-byte header
// names no live key or suite as soon as those 7 bytes are in. A refused body is left unread:
// Fastify answers at once and closes the connection (content-type-parser.js,
// `connection: close`), so junk costs neither its upload nor a buffer of its size.
//
// A small body, or one nearly all in when its header fails, is read to its end instead and
// handed on: the handler refuses it just the same (openRequest checks the header again), and
// the connection stays open, which for small requests costs less than a new one.
import type { Readable } from 'node:stream';
import {
  MAX_SEALED_REQUEST_BYTES,
  REQUEST_HEADER_LENGTH,
} from '../../contract/api/envelope/envelopeMessage.ts';
import { EnvelopeRefusal } from '../../contract/api/envelope/refusals.ts';

/** Unread bytes worth a new connection rather than reading them (and Node's discarding them). */
export const SMALL_REST_BYTES = 16 * 1024;

/** Whether refusing a request before its body is read should also close its connection. */
export function closesEarly(declaredLength: number | null): boolean {
  return declaredLength === null || declaredLength > SMALL_REST_BYTES;
}

export interface SealedBodyOptions {
  /** The request's Content-Length, or null when it has none (chunked). */
  declaredLength: number | null;
  /** Throws (EnvelopeRefusal) when the header names no live key; may look the keys up again. */
  checkHeader(header: Uint8Array): Promise<void>;
  maxBytes?: number;
}

export function readSealedBody(payload: Readable, options: SealedBodyOptions): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MAX_SEALED_REQUEST_BYTES;
  const declared = options.declaredLength;
  if (declared !== null && declared > maxBytes)
    return Promise.reject(new EnvelopeRefusal('too_large'));

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let header: 'waiting' | 'checking' | 'passed' = 'waiting';
    let ended = false;
    let settled = false;

    const settle = (error: unknown, body?: Buffer) => {
      if (settled) return;
      settled = true;
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
      if (error === null) resolve(body!);
      else {
        // What is still on its way stays unread; the connection closes after the answer.
        payload.pause();
        reject(error);
      }
    };
    // Too short or not, it is the handler's to refuse (openRequest: framing first).
    const complete = () => settle(null, Buffer.concat(chunks, received));
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) return settle(new EnvelopeRefusal('too_large'));
      chunks.push(chunk);
      if (header !== 'waiting' || received < REQUEST_HEADER_LENGTH) return;
      header = 'checking';
      const first = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const pass = () => {
        header = 'passed';
        if (ended) complete();
      };
      options.checkHeader(first.subarray(0, REQUEST_HEADER_LENGTH)).then(pass, (error: unknown) => {
        const rest = declared === null ? Infinity : declared - received;
        if (rest <= SMALL_REST_BYTES) pass();
        else settle(error);
      });
    };
    const onEnd = () => {
      ended = true;
      if (header !== 'checking') complete();
    };
    const onError = (error: Error) => settle(error);
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}
