// What each refusal of the envelope endpoint costs the server, for `npm run bench` (rows beside
// a bare 404 of the same server): junk must cost about what a 404 does, and the order of the
// checks (docs/protocol.md "Request envelope" §5: framing, key, tag, AEAD, timestamp, nonce)
// shows in the figures — the earlier a request is refused, the less it costs. Each row sends
// the same bytes again and again: the server does the same work each time (a refused request
// leaves nothing behind), and the load generator spends nothing on sealing.
//
//   BENCH_ONLY=refusals BENCH_SECONDS=1 BENCH_DB=sqlite node scripts/bench.ts
import type autocannon from 'autocannon';
import {
  MAX_SEALED_REQUEST_BYTES,
  MD5_EXPORTER_LABEL,
  sealRequest,
} from '../../contract/api/envelope/envelopeMessage.ts';
import { REQUEST_CONTENT_TYPE, type KeyConfig } from '../../contract/api/envelope/ohttp.ts';
import { ENVELOPE_PATH } from '../../contract/api/envelope/transport.ts';
import { nodeCrypto } from '../../server/envelope/nodeCrypto.ts';

const crypto = nodeCrypto();
const encoder = new TextEncoder();

export interface RefusalRow {
  name: string;
  options: Omit<autocannon.Options, 'connections' | 'duration'>;
}

/** A plain 404 of the app server: the yardstick the refusals are read against. */
export function notFoundRow(base: string): RefusalRow {
  return { name: 'bare 404 (GET /api/v1/nope)', options: { url: `${base}/api/v1/nope` } };
}

/** `/api/v1/user/info` sealed to `key` at `nowMs`, with `token`. */
function sealedInfo(key: KeyConfig, token: string, nowMs = Date.now()) {
  return sealRequest(
    crypto,
    key,
    {
      method: 'GET',
      path: '/api/v1/user/info',
      headers: { authorization: `Bearer ${token}` },
      body: new Uint8Array(0),
    },
    { nowMs },
  );
}

function post(base: string, body: Uint8Array, headers: Record<string, string> = {}) {
  return {
    url: `${base}${ENVELOPE_PATH}`,
    method: 'POST' as const,
    headers: { 'content-type': REQUEST_CONTENT_TYPE, ...headers },
    body: Buffer.from(body),
  };
}

/** The md5 tag made anew over changed bytes: past the tag, the AEAD refuses them. */
function retagged(sealed: ReturnType<typeof sealedInfo>, change: (bytes: Uint8Array) => void) {
  const bytes = sealed.body.slice();
  change(bytes);
  const encapsulated = bytes.subarray(0, bytes.length - 16);
  const key = sealed.context.hpke.export(encoder.encode(MD5_EXPORTER_LABEL), 32);
  bytes.set(crypto.hmacMd5(key, encapsulated), bytes.length - 16);
  return bytes;
}

/** One row per refusal, each refused at its own step; `token` is a live session's. */
export function envelopeRefusalRows(base: string, key: KeyConfig, token: string): RefusalRow[] {
  const sealed = sealedInfo(key, token);
  const unknownKey = sealed.body.slice();
  unknownKey[0] = (key.keyId + 100) % 256;
  const badMd5 = sealed.body.slice();
  badMd5[badMd5.length - 1]! ^= 0xff;
  // The probe's garbage: 260 KiB under a live key id, all of it read before its tag fails.
  const largeJunk = new Uint8Array(MAX_SEALED_REQUEST_BYTES);
  largeJunk.set(sealed.body.subarray(0, 7 + 32));
  const stale = sealedInfo(key, token, Date.now() - 10 * 60_000).body;
  return [
    {
      name: 'refused: too large (length)',
      options: post(base, new Uint8Array(MAX_SEALED_REQUEST_BYTES + 1)),
    },
    { name: 'refused: bad framing (short)', options: post(base, sealed.body.subarray(0, 40)) },
    { name: 'refused: unknown key id', options: post(base, unknownKey) },
    {
      name: 'refused: unknown key, 260 KiB',
      options: post(
        base,
        Uint8Array.from(largeJunk, (byte, at) => (at === 0 ? 255 : byte)),
      ),
    },
    { name: 'refused: bad md5', options: post(base, badMd5) },
    { name: 'refused: bad md5, 260 KiB', options: post(base, largeJunk) },
    {
      name: 'refused: auth failed (AEAD)',
      options: post(
        base,
        retagged(sealed, (bytes) => (bytes[7 + 32]! ^= 1)),
      ),
    },
    { name: 'refused: stale timestamp', options: post(base, stale) },
    // The first one runs; every later one is a replay of it.
    { name: 'refused: replayed', options: post(base, sealed.body) },
  ];
}

/** A server whose refusal budget is spent: every sealed request is 429 before its body is read. */
export function overBudgetRow(base: string, key: KeyConfig, token: string): RefusalRow {
  return {
    name: 'refused: over budget (429)',
    options: post(base, sealedInfo(key, token).body),
  };
}
