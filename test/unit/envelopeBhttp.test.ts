// Binary HTTP (RFC 9292) known-length messages: the RFC's own examples encode and decode byte
// for byte, truncation and padding read as the RFC says, and malformed messages are refused.
// @vitest-environment node
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BhttpError,
  decodeRequest,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  encodeVarint,
  type FieldLine,
} from '../../contract/api/envelope/bhttp.ts';
import { hex, readVector } from './support/envelope.ts';

interface Examples {
  known_length_request: {
    hex: string;
    decoded: {
      method: string;
      scheme: string;
      authority: string;
      path: string;
      headers: FieldLine[];
      content: string;
      trailers: FieldLine[];
    };
  };
  indeterminate_length_request: { hex: string };
  known_length_response: {
    hex: string;
    decoded: { status: number; headers: FieldLine[]; content: string; trailers: FieldLine[] };
  };
}

const examples = readVector<Examples>('bhttp/rfc9292-examples.json');
const text = (value: string) => new TextEncoder().encode(value);

describe('RFC 9292 examples', () => {
  const request = examples.known_length_request;
  const response = examples.known_length_response;
  const expectedRequest = { ...request.decoded, content: text(request.decoded.content) };
  const expectedResponse = { ...response.decoded, content: text(response.decoded.content) };

  it('decodes and re-encodes the known-length request (Figure 8)', () => {
    expect(decodeRequest(hex(request.hex))).toEqual(expectedRequest);
    expect(bytesToHex(encodeRequest(expectedRequest))).toBe(request.hex);
  });

  it('reads the request the same with its last one or two bytes truncated (§5.1)', () => {
    const bytes = hex(request.hex);
    expect(decodeRequest(bytes.subarray(0, bytes.length - 1))).toEqual(expectedRequest);
    expect(decodeRequest(bytes.subarray(0, bytes.length - 2))).toEqual(expectedRequest);
  });

  it('decodes and re-encodes the known-length response with a trailer (Figure 13)', () => {
    expect(decodeResponse(hex(response.hex))).toEqual(expectedResponse);
    expect(bytesToHex(encodeResponse(expectedResponse))).toBe(response.hex);
  });

  it('refuses the indeterminate-length request (Figure 9): known-length only', () => {
    expect(() => decodeRequest(hex(examples.indeterminate_length_request.hex))).toThrow(BhttpError);
  });
});

describe('QUIC variable-length integers', () => {
  it('uses the shortest of the four lengths (RFC 9000 Appendix A.1 samples)', () => {
    expect(bytesToHex(encodeVarint(37))).toBe('25');
    expect(bytesToHex(encodeVarint(15293))).toBe('7bbd');
    expect(bytesToHex(encodeVarint(494878333))).toBe('9d7f3e7d');
    // RFC 9000's eight-byte sample is above 2^53; this one (2^30) is ours.
    expect(bytesToHex(encodeVarint(2 ** 30))).toBe('c000000040000000');
  });

  it('accepts a non-minimal encoding when decoding (RFC 9292 §3)', () => {
    // Status 200 on eight bytes, then an empty header section; RFC 9000's 0x4025 is 37.
    expect(decodeResponse(hex('01c0000000000000c800')).status).toBe(200);
    expect(decodeResponse(hex('0140c8004025' + '00'.repeat(37))).content).toHaveLength(37);
  });
});

describe('decoding', () => {
  const minimal = { method: 'GET', scheme: 'https', authority: '', path: '/', headers: [] };

  it('reads a request truncated after its control data, and zero padding', () => {
    const bytes = encodeRequest({ ...minimal, content: new Uint8Array(0), trailers: [] });
    const controlOnly = bytes.subarray(0, bytes.length - 3);
    expect(decodeRequest(controlOnly).headers).toEqual([]);
    const padded = new Uint8Array(bytes.length + 5);
    padded.set(bytes);
    expect(decodeRequest(padded).path).toBe('/');
  });

  it('skips informational responses before the final one', () => {
    const decoded = decodeResponse(hex('0140660c0772756e6e696e67036f6e6540c8'));
    expect(decoded.informational).toEqual([{ status: 102, headers: [['running', 'one']] }]);
    expect(decoded.status).toBe(200);
  });

  it.each([
    ['empty', ''],
    ['a response where a request belongs', '0140c8'],
    ['truncated inside the method', '000347'],
    ['truncated inside a field section', '00034745540568747470730001' + '2f' + '0a0161'],
    ['non-zero padding', '00034745540568747470730000012f00000001'],
    ['an empty field name', '00034745540568747470730000012f03000161'],
    ['an uppercase field name', '00034745540568747470730000012f0401410161'],
    ['a pseudo-field', '00034745540568747470730000012f08053a70617468012f'],
    ['a value with a line feed', '00034745540568747470730000012f0501610261' + '0a'],
    ['a value with leading space', '00034745540568747470730000012f050161022061'],
    ['a method that is not a token', '0003472045' + '0568747470730000012f'],
    ['content longer than the message', '00034745540568747470730000012f000a61'],
  ])('refuses %s', (_what, bytes) => {
    expect(() => decodeRequest(hex(bytes))).toThrow(BhttpError);
  });

  it.each([
    ['a status below 100', '0140630000'],
    ['a status above 599', '01425800'],
    ['an informational response without its header section', '014066'],
  ])('refuses a response with %s', (_what, bytes) => {
    expect(() => decodeResponse(hex(bytes))).toThrow(BhttpError);
  });

  it('never throws anything but BhttpError on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        for (const decode of [decodeRequest, decodeResponse]) {
          try {
            decode(bytes);
          } catch (error) {
            expect(error).toBeInstanceOf(BhttpError);
          }
        }
      }),
    );
  });
});

describe('encoding', () => {
  const field = fc.tuple(
    fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
    fc.stringMatching(/^(?:[!-~](?:[ -~]{0,20}[!-~])?)?$/),
  );

  it('decodes what it encodes', () => {
    fc.assert(
      fc.property(
        fc.record({
          method: fc.constantFrom('GET', 'POST', 'DELETE'),
          path: fc.stringMatching(/^\/[a-z0-9/?=&_-]{0,40}$/),
          headers: fc.array(field, { maxLength: 5 }),
          content: fc.uint8Array({ maxLength: 300 }),
        }),
        ({ method, path, headers, content }) => {
          const request = {
            method,
            scheme: 'https',
            authority: '',
            path,
            headers,
            content,
            trailers: [],
          };
          expect(decodeRequest(encodeRequest(request))).toEqual(request);
        },
      ),
    );
  });

  it('refuses to encode what it would refuse to decode', () => {
    const base = {
      scheme: 'https',
      authority: '',
      path: '/',
      content: new Uint8Array(0),
      trailers: [],
    };
    expect(() => encodeRequest({ ...base, method: 'G T', headers: [] })).toThrow(BhttpError);
    expect(() => encodeRequest({ ...base, method: 'GET', headers: [['Lang', 'en']] })).toThrow(
      BhttpError,
    );
    expect(() => encodeRequest({ ...base, method: 'GET', headers: [['lang', 'en\r\n']] })).toThrow(
      BhttpError,
    );
    expect(() =>
      encodeResponse({ status: 101, headers: [], content: new Uint8Array(0), trailers: [] }),
    ).toThrow(BhttpError);
  });
});
