// Binary HTTP, RFC 9292, known-length messages only (framing indicators 0 and 1): what travels
// inside the envelope's ciphertext. The indeterminate-length forms (2 and 3) exist for
// streaming, which a sealed request never does, so they are refused rather than half-supported.
//
// Encoding writes every section (no truncation, no padding) so one message has one encoding.
// Decoding accepts everything RFC 9292 allows — truncation before a length prefix, zero
// padding, non-minimal integers, informational responses — and refuses the rest with a
// BhttpError, strictly: a lenient parser is where two readings of one message come from.

/** One field line, name in lowercase as RFC 9292 §3.6 requires (via HTTP/2 §8.2.1). */
export type FieldLine = readonly [name: string, value: string];

export interface BhttpRequest {
  readonly method: string;
  readonly scheme: string;
  /** Empty when absent (RFC 9292 §3.4). */
  readonly authority: string;
  /** Path and query, as HTTP/2's :path. */
  readonly path: string;
  readonly headers: readonly FieldLine[];
  readonly content: Uint8Array;
  readonly trailers: readonly FieldLine[];
}

export interface BhttpInformational {
  readonly status: number;
  readonly headers: readonly FieldLine[];
}

export interface BhttpResponse {
  /** 1xx responses before the final one; decoded for completeness, never produced here. */
  readonly informational?: readonly BhttpInformational[];
  readonly status: number;
  readonly headers: readonly FieldLine[];
  readonly content: Uint8Array;
  readonly trailers: readonly FieldLine[];
}

export class BhttpError extends Error {
  override readonly name = 'BhttpError';
}

const KNOWN_LENGTH_REQUEST = 0;
const KNOWN_LENGTH_RESPONSE = 1;

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// --- QUIC variable-length integers (RFC 9000 §16) -------------------------------------------

/** Shortest encoding; lengths above 2^53 cannot occur in a JavaScript buffer anyway. */
export function encodeVarint(value: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('varint out of range');
  if (value < 0x40) return Uint8Array.of(value);
  if (value < 0x4000) return Uint8Array.of(0x40 | (value >> 8), value & 0xff);
  if (value < 0x40000000) {
    return Uint8Array.of(
      0x80 | (value >>> 24),
      (value >> 16) & 0xff,
      (value >> 8) & 0xff,
      value & 0xff,
    );
  }
  const out = new Uint8Array(8);
  let rest = value;
  for (let i = 7; i >= 0; i--, rest = Math.floor(rest / 256)) out[i] = rest % 256;
  out[0]! |= 0xc0;
  return out;
}

/** A cursor over the input; every read checks the bounds and throws BhttpError past them. */
class Reader {
  readonly bytes: Uint8Array;
  offset = 0;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  get atEnd(): boolean {
    return this.offset >= this.bytes.length;
  }

  varint(): number {
    const first = this.byte();
    const length = 1 << (first >> 6);
    let value = first & 0x3f;
    for (let i = 1; i < length; i++) value = value * 256 + this.byte();
    if (!Number.isSafeInteger(value)) throw new BhttpError('integer too large');
    return value;
  }

  take(length: number): Uint8Array {
    if (length > this.bytes.length - this.offset) throw new BhttpError('truncated inside a field');
    const out = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  private byte(): number {
    if (this.atEnd) throw new BhttpError('truncated inside an integer');
    return this.bytes[this.offset++]!;
  }
}

// --- Field lines ----------------------------------------------------------------------------

// HTTP field name characters (RFC 9110 §5.1 tchar), lowercase only (HTTP/2 §8.2.1).
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
// Values: no NUL, CR or LF, and no leading or trailing space or tab (HTTP/2 §8.2.1).
const FIELD_VALUE = /^(?:[^\0\r\n \t](?:[^\0\r\n]*[^\0\r\n \t])?)?$/;
const METHOD = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function checkField(name: string, value: string): void {
  // Pseudo-fields (":…") fail the name pattern: RFC 9292 §3.6 allows extension ones, we have none.
  if (!FIELD_NAME.test(name)) throw new BhttpError(`invalid field name ${JSON.stringify(name)}`);
  if (!FIELD_VALUE.test(value)) throw new BhttpError(`invalid value for ${name}`);
}

function text(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new BhttpError('field is not UTF-8');
  }
}

function lengthPrefixed(bytes: Uint8Array): Uint8Array[] {
  return [encodeVarint(bytes.length), bytes];
}

function encodeFieldSection(fields: readonly FieldLine[]): Uint8Array[] {
  const lines = fields.flatMap(([name, value]) => {
    checkField(name, value);
    return [...lengthPrefixed(utf8.encode(name)), ...lengthPrefixed(utf8.encode(value))];
  });
  return [encodeVarint(lines.reduce((sum, part) => sum + part.length, 0)), ...lines];
}

function decodeFieldSection(reader: Reader): FieldLine[] {
  const section = new Reader(reader.take(reader.varint()));
  const fields: FieldLine[] = [];
  while (!section.atEnd) {
    const nameLength = section.varint();
    if (nameLength === 0) throw new BhttpError('empty field name');
    const name = text(section.take(nameLength));
    const value = text(section.take(section.varint()));
    checkField(name, value);
    fields.push([name, value]);
  }
  return fields;
}

/** Header section, content and trailers; each may be truncated away (RFC 9292 §3.8). */
function decodeSections(reader: Reader) {
  const headers = reader.atEnd ? [] : decodeFieldSection(reader);
  const content = reader.atEnd ? new Uint8Array(0) : reader.take(reader.varint()).slice();
  const trailers = reader.atEnd ? [] : decodeFieldSection(reader);
  // What is left is padding, which must be zero (we choose to check it: RFC 9292 §3.8 MAY).
  for (const byte of reader.take(reader.bytes.length - reader.offset)) {
    if (byte !== 0) throw new BhttpError('non-zero padding');
  }
  return { headers, content, trailers };
}

function encodeSections(message: {
  headers: readonly FieldLine[];
  content: Uint8Array;
  trailers: readonly FieldLine[];
}): Uint8Array[] {
  return [
    ...encodeFieldSection(message.headers),
    ...lengthPrefixed(message.content),
    ...encodeFieldSection(message.trailers),
  ];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

// --- Requests and responses -----------------------------------------------------------------

export function encodeRequest(request: BhttpRequest): Uint8Array {
  if (!METHOD.test(request.method)) throw new BhttpError('invalid method');
  return concat([
    encodeVarint(KNOWN_LENGTH_REQUEST),
    ...[request.method, request.scheme, request.authority, request.path].flatMap((field) =>
      lengthPrefixed(utf8.encode(field)),
    ),
    ...encodeSections(request),
  ]);
}

export function decodeRequest(bytes: Uint8Array): BhttpRequest {
  const reader = new Reader(bytes);
  if (reader.varint() !== KNOWN_LENGTH_REQUEST) throw new BhttpError('not a known-length request');
  const [method, scheme, authority, path] = [0, 1, 2, 3].map(() =>
    text(reader.take(reader.varint())),
  );
  if (!METHOD.test(method!)) throw new BhttpError('invalid method');
  return {
    method: method!,
    scheme: scheme!,
    authority: authority!,
    path: path!,
    ...decodeSections(reader),
  };
}

export function encodeResponse(response: BhttpResponse): Uint8Array {
  if (response.status < 200 || response.status > 599) throw new BhttpError('invalid status');
  return concat([
    encodeVarint(KNOWN_LENGTH_RESPONSE),
    ...(response.informational ?? []).flatMap((interim) => [
      encodeVarint(interim.status),
      ...encodeFieldSection(interim.headers),
    ]),
    encodeVarint(response.status),
    ...encodeSections(response),
  ]);
}

export function decodeResponse(bytes: Uint8Array): BhttpResponse {
  const reader = new Reader(bytes);
  if (reader.varint() !== KNOWN_LENGTH_RESPONSE)
    throw new BhttpError('not a known-length response');
  const informational: BhttpInformational[] = [];
  for (;;) {
    const status = reader.varint();
    if (status >= 200 && status <= 599) {
      const sections = decodeSections(reader);
      return informational.length > 0
        ? { informational, status, ...sections }
        : { status, ...sections };
    }
    if (status < 100 || status > 199) throw new BhttpError('invalid status');
    informational.push({ status, headers: decodeFieldSection(reader) });
  }
}
