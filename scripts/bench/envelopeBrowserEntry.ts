// Runs in Chromium (scripts/bench/envelopeBrowser.ts): the app's side of one enveloped call —
// seal a request, open its answer — on the app's own code, timed in the browser's engine.
import {
  gatewayKeyOf,
  openRequest,
  openResponse,
  sealRequest,
  sealResponse,
} from '../../contract/api/envelope/envelopeMessage.ts';
import { nobleCrypto } from '../../contract/api/envelope/nobleCrypto.ts';

export function measure(bodyBytes: number, calls: number): { sealOpenUs: number } {
  const crypto = nobleCrypto();
  const keyPair = crypto.x25519KeyPair(crypto.randomBytes(32));
  const key = gatewayKeyOf(1, keyPair);
  const body = crypto.randomBytes(bodyBytes);
  const request = {
    method: 'POST',
    path: '/api/v1/user/transfer',
    headers: { authorization: `Bearer ${'a'.repeat(43)}`, 'content-type': 'application/json' },
    body,
  };
  // The server's half, once, outside the timing: only the app's work is measured.
  const sealed = sealRequest(crypto, key.config, request, { nowMs: Date.now() });
  const opened = openRequest(crypto, () => key, sealed.body, { nowMs: Date.now() });
  const answer = sealResponse(crypto, opened.context, {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body,
  });
  let total = 0;
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    sealRequest(crypto, key.config, request, { nowMs: Date.now() });
    total += performance.now() - start;
    // The answer opens with its own request's context: time that with the one it belongs to.
    const again = performance.now();
    openResponse(crypto, opened.context, answer);
    total += performance.now() - again;
  }
  return { sealOpenUs: (total / calls) * 1000 };
}
