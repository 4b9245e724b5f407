// `npx node scripts/bench/envelope.ts`: what the request envelope's cryptography costs per
// call with a 2 KB body (BENCH_BODY_BYTES to change), in microseconds of one core:
// - the app's side on @noble, pure JavaScript as in the browser (V8 on a server core; a phone
//   is several times slower);
// - the server's side on noble alone, on nodeCrypto() (Node's X25519 and HMAC, the AEAD by
//   size: what the server uses) and on nodeCrypto() with OpenSSL's ChaCha20-Poly1305 always;
// - the pieces that decide between them.
// A report, never a test: it prints. It counts CPU time (process.cpuUsage), not wall time, and
// alternates the cases round by round, so other load on the machine skews all rows alike;
// compare rows of one run rather than runs.
import { x25519 as edwardsX25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from 'node:crypto';
import {
  gatewayKeyOf,
  openRequest,
  openResponse,
  sealRequest,
  sealResponse,
  type EnvelopeCrypto,
  type EnvelopeRequest,
} from '../../contract/api/envelope/envelopeMessage.ts';
import { nobleChaCha20Poly1305, nobleCrypto } from '../../contract/api/envelope/nobleCrypto.ts';
import { nodeChaCha20Poly1305, nodeCrypto } from '../../server/envelope/nodeCrypto.ts';

const BODY_BYTES = Number(process.env.BENCH_BODY_BYTES ?? 2048);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
/** Calls per round of each case: rounds of all cases alternate, so load drifts hit all alike. */
const CALLS = Number(process.env.BENCH_CALLS ?? 40);

const random = (length: number) => new Uint8Array(randomBytes(length));
const request: EnvelopeRequest = {
  method: 'POST',
  path: '/api/v1/user/transfer',
  headers: {
    authorization: `Bearer ${'a'.repeat(43)}`,
    lang: 'en',
    'idempotency-key': '0d2c9a4e-5b1f-4a57-9c1e-2f8b7d6a5c4e',
    'content-type': 'application/json',
  },
  body: random(BODY_BYTES),
};
const answer = { status: 200, headers: { 'content-type': 'application/json' }, body: request.body };

function gateway(crypto: EnvelopeCrypto) {
  const key = gatewayKeyOf(1, crypto.x25519KeyPair(random(32)));
  return { config: key.config, findKey: () => key };
}

const cases: { label: string; run: () => unknown }[] = [];
const row = (label: string, run: () => unknown) => cases.push({ label, run });

const noble = nobleCrypto();
const node = nodeCrypto();
const backends: [string, EnvelopeCrypto][] = [
  ['noble', noble],
  ['node', node],
  ['node + OpenSSL ChaCha20-Poly1305', nodeCrypto([nodeChaCha20Poly1305])],
];

// The app: seal the call for the server's key, open the server's answer.
{
  const server = gateway(node);
  const now = Date.now();
  const exchange = sealRequest(noble, server.config, request, { nowMs: now });
  const { context } = openRequest(node, server.findKey, exchange.body, { nowMs: now });
  const response = sealResponse(node, context, answer);
  row('app, noble: seal request', () => sealRequest(noble, server.config, request, { nowMs: now }));
  row('app, noble: open response', () => openResponse(noble, exchange.context, response));
}

// The server: open the call, seal the answer (each call a different request, as in life).
for (const [name, crypto] of backends) {
  const server = gateway(crypto);
  const now = Date.now();
  const bodies = Array.from(
    { length: 32 },
    () => sealRequest(noble, server.config, request, { nowMs: now }).body,
  );
  let next = 0;
  row(`server, ${name}: open request`, () =>
    openRequest(crypto, server.findKey, bodies[next++ % bodies.length]!, { nowMs: now }),
  );
  const { context } = openRequest(crypto, server.findKey, bodies[0]!, { nowMs: now });
  row(`server, ${name}: seal response`, () => sealResponse(crypto, context, answer));
}

// The pieces: X25519 (once on the server, twice in the app: keygen and DH), HMAC, the AEAD.
{
  const secret = random(32);
  const peer = edwardsX25519.getPublicKey(random(32));
  const nodePair = node.x25519KeyPair(secret);
  const noblePair = noble.x25519KeyPair(secret);
  row('X25519 DH, noble Montgomery ladder (app)', () => noblePair.sharedSecret(peer));
  row('X25519 keygen, noble Montgomery ladder (app)', () => noble.x25519KeyPair(secret));
  row('X25519 keygen, noble ed25519.js (Edwards base table)', () =>
    edwardsX25519.getPublicKey(secret),
  );
  row('X25519 DH, node (enc imported, own key reused)', () => nodePair.sharedSecret(peer));
  const key = random(32);
  const short = random(100);
  row('HMAC-SHA256 of 100 bytes, noble', () => noble.hmacSha256(key, short));
  row('HMAC-SHA256 of 100 bytes, node one-shot hash', () => node.hmacSha256(key, short));
  const nonce = random(12);
  const empty = new Uint8Array(0);
  for (const [name, aead] of [
    ['noble', nobleChaCha20Poly1305],
    ['OpenSSL', nodeChaCha20Poly1305],
  ] as const) {
    row(`ChaCha20-Poly1305 seal + open ${BODY_BYTES} B, ${name}`, () =>
      aead.open(key, nonce, empty, aead.seal(key, nonce, empty, request.body)),
    );
  }
}

/** CPU time (user + system) of `calls` runs, in µs per call: preemption by other load is left out. */
function cpuMicroseconds(run: () => unknown, calls: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / calls;
}

for (const { run } of cases) cpuMicroseconds(run, CALLS / 2); // warm-up
const samples = cases.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++) {
  cases.forEach(({ run }, index) => samples[index]!.push(cpuMicroseconds(run, CALLS)));
}
const measured = new Map(
  cases.map(({ label }, index) => {
    const sorted = samples[index]!.sort((a, b) => a - b);
    return [label, sorted[Math.floor(sorted.length / 2)]!] as const;
  }),
);

console.log(
  `Envelope, ${BODY_BYTES}-byte body: CPU µs per call, median of ${ROUNDS} interleaved rounds × ${CALLS} calls`,
);
for (const [label, value] of measured) {
  console.log(`${label.padEnd(58)} ${value.toFixed(1).padStart(8)}`);
}
const sum = (...labels: string[]) =>
  labels.reduce((total, label) => total + measured.get(label)!, 0);
console.log('');
console.log(
  `app per call (seal + open): ${sum('app, noble: seal request', 'app, noble: open response').toFixed(0)} µs`,
);
for (const [name] of backends) {
  const total = sum(`server, ${name}: open request`, `server, ${name}: seal response`);
  console.log(`server per call, ${name} (open + seal): ${total.toFixed(0)} µs`);
}
