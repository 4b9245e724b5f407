// Calls through the request envelope, from tests (docs/protocol.md "Request envelope"): the app's side of it
// (sealRequest on noble, as the app seals), and a way for a test to read sealed traffic it
// captured (the browser suite observes the app's calls this way).
//
//   const client = await envelopeClientFor(server.url, { now: () => server.clock.now().getTime() });
//   const answer = await client.envelopedFetch('/api/v1/user/info', { token });
//   await login(client, wallet);                    // the harness's helpers take it as an HttpClient
//
//   const keys = await readEnvelopeKeys(server.db, server.settings);  // or readEnvelopeKeysFrom({ dataDir, databaseUrl })
//   const { request, response } = openCapturedExchange(keys, sealedRequest, sealedResponse);
//
// How a test gets the server's private keys: they are rows of envelope_keys in the server's
// database (server/envelope/keys.ts), sealed under the key-encryption key in its DATA_DIR
// (or ENVELOPE_KEY_SECRET: server/envelope/keySeal.ts) — the database alone opens nothing. A
// test server (harness.ts) exposes that database as `server.db` and its settings; a server
// running as a child process has it in its DATA_DIR (SQLite) or at its DATABASE_URL, which
// readEnvelopeKeysFrom opens.
import {
  openRequest,
  openResponse,
  sealRequest,
  type EnvelopeResponse,
  type OpenedRequest,
} from '../../../contract/api/envelope/envelopeMessage.ts';
import { KEM_X25519_HKDF_SHA256 } from '../../../contract/api/envelope/hpke.ts';
import { nobleCrypto } from '../../../contract/api/envelope/nobleCrypto.ts';
import {
  REQUEST_CONTENT_TYPE,
  RESPONSE_CONTENT_TYPE,
  type ExchangeContext,
  type GatewayKey,
  type KeyConfig,
} from '../../../contract/api/envelope/ohttp.ts';
import { EnvelopeRefusal } from '../../../contract/api/envelope/refusals.ts';
import { ENVELOPE_PATH, readKeyList } from '../../../contract/api/envelope/transport.ts';
import { ENVELOPE_SUITE } from '../../../contract/api/envelope/envelopeMessage.ts';
import { openDatabase, type AppDatabase } from '../../../server/db/database.ts';
import { keySealFor } from '../../../server/envelope/keySeal.ts';
import { nodeCrypto } from '../../../server/envelope/nodeCrypto.ts';
import type { HttpAnswer, HttpClient, Json, RequestOptions } from '../harness.ts';

const appCrypto = nobleCrypto();

/** What an enveloped call answered: the inner answer, or the envelope's refusal in the clear. */
export interface EnvelopedAnswer {
  /** The inner status; for a refusal, the outer one (400). */
  status: number;
  /** The inner answer's headers (lowercase names); for a refusal, the outer ones. */
  headers: Record<string, string>;
  body: Uint8Array;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: Json;
  /** True when the envelope itself refused the request (docs/protocol.md "Request envelope" §8). */
  refused: boolean;
}

export interface EnvelopedInit {
  method?: string;
  /** The inner call's headers (authorization, lang, idempotency-key, content-type…). */
  headers?: Record<string, string>;
  /** JSON to send as the body, with content-type application/json. */
  json?: unknown;
  /** A raw body instead (with `headers['content-type']` as the test wants it). */
  body?: Uint8Array | string;
  /** Shorthand for `authorization: Bearer <token>`. */
  token?: string;
}

/** A request sealed but not sent: its bytes, the context that opens its answer. */
export interface SealedCall {
  body: Uint8Array;
  context: ExchangeContext;
}

export interface EnvelopeClient extends HttpClient {
  readonly baseUrl: string;
  /** The key configurations read from /config.json, the one sealed to first. */
  readonly keys: readonly KeyConfig[];
  /** Reads /config.json again (after a rotation). */
  refreshKeys(): Promise<void>;
  /** Seals the call (to `config`, default the first published key), at the client's clock. */
  seal(path: string, init?: EnvelopedInit, options?: SealOptions): SealedCall;
  /** POSTs sealed bytes to the envelope endpoint; opens the answer with `context`. */
  send(sealed: Uint8Array, context: ExchangeContext | null): Promise<EnvelopedAnswer>;
  /** Seals, POSTs, opens. */
  envelopedFetch(path: string, init?: EnvelopedInit): Promise<EnvelopedAnswer>;
}

export interface SealOptions {
  config?: KeyConfig;
  nowMs?: number;
  nonce?: Uint8Array;
}

export interface EnvelopeClientOptions {
  /** The clock requests are stamped with: the test server's (harness.ts), not the machine's. */
  now?: () => number;
  /** Headers on the outer POST (e.g. `x-forwarded-for` behind TRUST_PROXY). */
  outerHeaders?: Record<string, string>;
}

const decoder = new TextDecoder();

function jsonOf(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function bodyOf(init: EnvelopedInit): { body: Uint8Array; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers ?? {}))
    headers[name.toLowerCase()] = value;
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    return { body: new TextEncoder().encode(JSON.stringify(init.json)), headers };
  }
  if (typeof init.body === 'string') return { body: new TextEncoder().encode(init.body), headers };
  return { body: init.body ?? new Uint8Array(0), headers };
}

/** The key configurations of a server's /config.json (its `server_public_key`). */
export async function fetchKeyConfigs(baseUrl: string): Promise<KeyConfig[]> {
  const response = await fetch(`${baseUrl}/config.json`);
  const config = (await response.json()) as { envelope: boolean; server_public_key: string | null };
  if (!config.envelope || !config.server_public_key)
    throw new Error(`The server at ${baseUrl} has the envelope off`);
  return readKeyList(config.server_public_key);
}

export async function envelopeClientFor(
  baseUrl: string,
  options: EnvelopeClientOptions = {},
): Promise<EnvelopeClient> {
  const now = options.now ?? Date.now;
  let keys = await fetchKeyConfigs(baseUrl);

  const client: EnvelopeClient = {
    baseUrl,
    get keys() {
      return keys;
    },
    async refreshKeys() {
      keys = await fetchKeyConfigs(baseUrl);
    },
    seal(path, init = {}, sealOptions = {}) {
      const { body, headers } = bodyOf(init);
      return sealRequest(
        appCrypto,
        sealOptions.config ?? keys[0]!,
        { method: init.method ?? 'GET', path, headers, body },
        {
          nowMs: sealOptions.nowMs ?? now(),
          ...(sealOptions.nonce ? { nonce: sealOptions.nonce } : {}),
        },
      );
    },
    async send(sealed, context) {
      const response = await fetch(baseUrl + ENVELOPE_PATH, {
        method: 'POST',
        headers: { ...options.outerHeaders, 'content-type': REQUEST_CONTENT_TYPE },
        body: Buffer.from(sealed),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const outerHeaders = Object.fromEntries(response.headers.entries());
      const sealedAnswer =
        response.status === 200 && outerHeaders['content-type'] === RESPONSE_CONTENT_TYPE;
      if (!sealedAnswer || !context) {
        const text = decoder.decode(bytes);
        return {
          status: response.status,
          headers: outerHeaders,
          body: bytes,
          text,
          json: jsonOf(text),
          refused: !sealedAnswer,
        };
      }
      const answer = openResponse(appCrypto, context, bytes);
      const text = decoder.decode(answer.body);
      return {
        status: answer.status,
        headers: { ...answer.headers },
        body: answer.body,
        text,
        json: jsonOf(text),
        refused: false,
      };
    },
    async envelopedFetch(path, init = {}) {
      const { body, context } = client.seal(path, init);
      return client.send(body, context);
    },
    // The harness's HttpClient, so its helpers (login, register…) run enveloped.
    async request<T>(method: string, path: string, init: RequestOptions = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined;
      if (init.json !== undefined) body = JSON.stringify(init.json);
      else if (init.rawBody !== undefined) body = init.rawBody;
      if (body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
      const answer = await client.envelopedFetch(path, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(init.token !== undefined ? { token: init.token } : {}),
      });
      const result: HttpAnswer<T> = {
        status: answer.status,
        headers: new Headers(answer.headers),
        body: answer.json as T,
        text: answer.text,
      };
      return result;
    },
  };
  return client;
}

// ---- Reading captured traffic -------------------------------------------------------

/** Where the key-encryption key of a server is: its DATA_DIR, or its ENVELOPE_KEY_SECRET. */
export interface KeyEncryptionKeyOf {
  dataDir: string;
  envelopeKeySecret?: string | null;
}

/** The server's keys, live or not, as the gateway holds them: from its database, opened. */
export async function readEnvelopeKeys(
  db: AppDatabase,
  where: KeyEncryptionKeyOf,
): Promise<GatewayKey[]> {
  const crypto = nodeCrypto();
  const seal = keySealFor({
    dataDir: where.dataDir,
    envelopeKeySecret: where.envelopeKeySecret ?? null,
    envelopeKeySecretPrevious: null,
  });
  const rows = await db.kysely.selectFrom('envelope_keys').selectAll().execute();
  return rows.map((row) => {
    const { secret } = seal.open(row.secret_key, {
      keyId: Number(row.key_id),
      publicKey: row.public_key,
    });
    const keyPair = crypto.x25519KeyPair(secret);
    return {
      keyPair,
      config: {
        keyId: Number(row.key_id),
        kemId: KEM_X25519_HKDF_SHA256,
        publicKey: keyPair.publicKey,
        symmetric: [ENVELOPE_SUITE],
      },
    };
  });
}

/** The same, for a server running elsewhere: opens its database (DATA_DIR or DATABASE_URL). */
export async function readEnvelopeKeysFrom(where: {
  dataDir: string;
  databaseUrl?: string | null;
}): Promise<GatewayKey[]> {
  const db = await openDatabase({ dataDir: where.dataDir, databaseUrl: where.databaseUrl ?? null });
  try {
    return await readEnvelopeKeys(db, where);
  } finally {
    await db.close();
  }
}

/**
 * Opens a captured sealed request with the server's keys and, when given, its sealed answer
 * (with the request's HPKE context, which the server key re-derives: the answer opens with
 * no other). The timestamp is not checked: captured traffic is read after the fact. Throws
 * EnvelopeRefusal when the bytes are not what they should be.
 */
export function openCapturedExchange(
  keys: readonly GatewayKey[],
  sealedRequest: Uint8Array,
  sealedResponse?: Uint8Array,
): { request: OpenedRequest; response: EnvelopeResponse | undefined } {
  const { request, context } = openCapturedRequest(keys, sealedRequest);
  const response =
    sealedResponse === undefined ? undefined : openResponse(serverCrypto, context, sealedResponse);
  return { request, response };
}

/**
 * Opens a captured sealed request, and keeps the HPKE context that opens (or seals) its
 * answer: a test that answers in the server's place seals with it.
 */
export function openCapturedRequest(
  keys: readonly GatewayKey[],
  sealedRequest: Uint8Array,
): { request: OpenedRequest; context: ExchangeContext } {
  return openRequest(
    serverCrypto,
    (keyId) => keys.find((key) => key.config.keyId === keyId),
    sealedRequest,
    { nowMs: 0, windowMs: Number.POSITIVE_INFINITY },
  );
}

const serverCrypto = nodeCrypto();

export { EnvelopeRefusal };
