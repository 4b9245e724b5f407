// The app's side of the envelope as a `fetch`: the one API client (client.ts) sends through it
// when the envelope is on, so no feature knows which way its call travelled. Each call is
// sealed to the server's current key and POSTed to the one endpoint; the sealed answer comes
// back as the Response the plain call would have had (docs/protocol.md "Request envelope" §4–§8).
//
// Two refusals are the app's to put right, once per call: `unknown_key` (the key was rotated
// while this app shell was cached: read /config.json again) and `stale_timestamp` (the phone's
// clock drifted: keep the offset the server's time gives). Each retry is a new seal.
import { BadAnswerError } from '../requestErrors.ts';
import {
  EnvelopeRefusal,
  envelopeRefusals,
  openResponse,
  sealingKey,
  sealRequest,
  type EnvelopeCrypto,
} from '../../../contract/api/envelope/envelopeMessage.ts';
import {
  REQUEST_CONTENT_TYPE,
  RESPONSE_CONTENT_TYPE,
  type KeyConfig,
} from '../../../contract/api/envelope/ohttp.ts';
import {
  ENVELOPE_PATH,
  PLAIN_PATHS,
  readKeyList,
} from '../../../contract/api/envelope/transport.ts';

export interface EnvelopeFetchDeps {
  crypto: EnvelopeCrypto;
  /** `/config.json`'s `server_public_key` as the app holds it now. */
  keyList: () => string | null;
  /**
   * Reads `/config.json` again and keeps it, so `keyList` answers the new list from then on;
   * answers its `server_public_key`.
   */
  reloadKeyList: () => Promise<string | null>;
  /** The network. */
  fetch: typeof fetch;
  nowMs?: () => number;
}

/** Statuses whose Response has no body by definition. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function createEnvelopeFetch(deps: EnvelopeFetchDeps): typeof fetch {
  const now = deps.nowMs ?? Date.now;
  // The server's clock minus ours, learnt from a stale_timestamp refusal.
  let clockOffsetMs = 0;
  let decoded: { text: string; config: KeyConfig } | null = null;

  function currentKey(text: string | null): KeyConfig {
    if (!text) throw new BadAnswerError('The envelope is on but /config.json names no key');
    if (decoded?.text !== text) decoded = { text, config: supportedKey(text) };
    return decoded.config;
  }

  async function send(request: Request, body: Uint8Array, keyList: string | null) {
    const url = new URL(request.url);
    const sealed = sealRequest(
      deps.crypto,
      currentKey(keyList),
      {
        method: request.method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        body,
      },
      { nowMs: now() + clockOffsetMs },
    );
    const response = await deps.fetch(new URL(ENVELOPE_PATH, url.origin), {
      method: 'POST',
      headers: { 'content-type': REQUEST_CONTENT_TYPE },
      body: sealed.body as Uint8Array<ArrayBuffer>,
      cache: 'no-store',
      credentials: 'omit',
      signal: request.signal,
    });
    return { response, context: sealed.context };
  }

  return async function envelopeFetch(input, init) {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === ENVELOPE_PATH || PLAIN_PATHS.some((plain) => path.startsWith(plain)))
      return deps.fetch(request);
    const body = new Uint8Array(await request.arrayBuffer());
    let keyList = deps.keyList();
    const retried = new Set<string>();
    for (;;) {
      const { response, context } = await send(request, body, keyList);
      const type = response.headers.get('content-type') ?? '';
      if (response.status === 200 && type.startsWith(RESPONSE_CONTENT_TYPE)) {
        const opened = openSealed(deps.crypto, context, await response.arrayBuffer());
        const content = opened.body as Uint8Array<ArrayBuffer>;
        return new Response(NULL_BODY_STATUSES.has(opened.status) ? null : content, {
          status: opened.status,
          headers: opened.headers,
        });
      }
      const refusal = await readRefusal(response);
      if (refusal?.code === envelopeRefusals.unknown_key.code && !retried.has('key')) {
        retried.add('key');
        keyList = await deps.reloadKeyList();
        continue;
      }
      const serverTime = Date.parse(refusal?.serverTime ?? '');
      if (
        refusal?.code === envelopeRefusals.stale_timestamp.code &&
        Number.isFinite(serverTime) &&
        !retried.has('clock')
      ) {
        retried.add('clock');
        clockOffsetMs = serverTime - now();
        continue;
      }
      // Any other answer in the clear (a refusal, a proxy's error page) is the call's answer.
      return new Response(refusal?.text ?? null, {
        status: response.status,
        headers: response.headers,
      });
    }
  };
}

/** The configuration the app seals to, from `/config.json`'s key list. */
function supportedKey(text: string): KeyConfig {
  let configs: KeyConfig[];
  try {
    configs = readKeyList(text);
  } catch {
    throw new BadAnswerError('The envelope key list in /config.json cannot be read');
  }
  const key = sealingKey(configs);
  if (!key) throw new BadAnswerError('The server offers no envelope suite this app supports');
  return key;
}

function openSealed(
  crypto: EnvelopeCrypto,
  context: Parameters<typeof openResponse>[1],
  bytes: ArrayBuffer,
) {
  try {
    return openResponse(crypto, context, new Uint8Array(bytes));
  } catch (error) {
    if (error instanceof EnvelopeRefusal)
      throw new BadAnswerError(`The sealed answer cannot be read (${error.code})`);
    throw error;
  }
}

/** A refusal's body code and server time, and its text to hand on when it is not ours. */
async function readRefusal(response: Response) {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: unknown; data?: { server_time?: unknown } | null };
    const serverTime = body.data?.server_time;
    return {
      text,
      code: typeof body.code === 'number' ? body.code : null,
      serverTime: typeof serverTime === 'string' ? serverTime : null,
    };
  } catch {
    return { text, code: null, serverTime: null };
  }
}
