// docs/protocol.md "Request envelope" cannot drift from the code: its worked example is recomputed from its four
// inputs, block by block, on the app's and the server's primitives, and its tables of
// constants and refusals are compared with the code's.
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { encodeResponse } from '../../contract/api/envelope/bhttp.ts';
import {
  ENVELOPE_SUITE,
  MAX_SEALED_REQUEST_BYTES,
  MD5_EXPORTER_LABEL,
  MD5_KEY_LENGTH,
  NONCE_FIELD,
  NONCE_LENGTH,
  openRequest,
  openResponse,
  sealRequest,
  sealResponse,
  TIMESTAMP_FIELD,
  TIMESTAMP_WINDOW_MS,
  type EnvelopeCrypto,
} from '../../contract/api/envelope/envelopeMessage.ts';
import {
  decapsulateRequest,
  encodeKeyConfig,
  encodeKeyConfigList,
  REQUEST_CONTENT_TYPE,
  requestInfo,
  RESPONSE_CONTENT_TYPE,
  responseKeyMaterial,
  type GatewayKey,
} from '../../contract/api/envelope/ohttp.ts';
import { envelopeRefusals } from '../../contract/api/envelope/refusals.ts';
import { backends, hex } from './support/envelope.ts';

// The envelope's section of the protocol page, up to the next section of the same level.
const PAGE = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/protocol.md'),
  'utf8',
);
const DOC = PAGE.slice(PAGE.indexOf('\n## Request envelope\n')).replace(
  /\n## (?!Request envelope)[\s\S]*$/,
  '\n',
);

/** The page's fenced blocks of one language, by the name after the language. */
function blocks(language: string): Record<string, string> {
  const pattern = new RegExp(`^\`\`\`${language} ([a-z0-9_]+)\\n([\\s\\S]*?)^\`\`\`$`, 'gm');
  return Object.fromEntries([...DOC.matchAll(pattern)].map(([, name, body]) => [name, body!]));
}

/** The page's two-column tables, first cell → second cell (backticks kept). */
function tableRows(): Map<string, string[]> {
  const rows = DOC.split('\n').filter((line) => /^\|.*\|$/.test(line));
  return new Map(
    rows.map((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return [cells[0]!, cells.slice(1)];
    }),
  );
}

const docHex = Object.fromEntries(
  Object.entries(blocks('hex')).map(([name, body]) => [name, body.replace(/\s+/g, '')]),
);
const json = blocks('json');
const exampleRequest = JSON.parse(json.example_request!) as {
  timestamp_ms: number;
  server_now_ms: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
};
const exampleResponse = JSON.parse(json.example_response!) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};

const label = (text: string) => sha256(utf8ToBytes(text));
const inputs = {
  serverSecretKey: label('ju-wallet envelope example: server key'),
  ephemeralSecretKey: label('ju-wallet envelope example: ephemeral key'),
  requestNonce: label('ju-wallet envelope example: request nonce').subarray(0, NONCE_LENGTH),
  responseNonce: label('ju-wallet envelope example: response nonce'),
};

/** Every block of §10, recomputed from the inputs with `crypto`. */
function workedExample(crypto: EnvelopeCrypto) {
  const server = crypto.x25519KeyPair(inputs.serverSecretKey);
  const config = {
    keyId: 1,
    kemId: 0x20,
    publicKey: server.publicKey,
    symmetric: [ENVELOPE_SUITE],
  };
  const gatewayKey: GatewayKey = { config, keyPair: server };
  const ephemeral = crypto.x25519KeyPair(inputs.ephemeralSecretKey);
  const sealed = sealRequest(
    crypto,
    config,
    {
      method: exampleRequest.method,
      path: exampleRequest.path,
      headers: exampleRequest.headers,
      body: utf8ToBytes(exampleRequest.body),
    },
    { nowMs: exampleRequest.timestamp_ms, nonce: inputs.requestNonce, ephemeral },
  );
  const encapsulated = sealed.body.subarray(0, sealed.body.length - 16);
  const { request: plaintext } = decapsulateRequest(crypto, () => gatewayKey, encapsulated);
  const opened = openRequest(crypto, () => gatewayKey, sealed.body, {
    nowMs: exampleRequest.server_now_ms,
  });
  const answer = {
    status: exampleResponse.status,
    headers: exampleResponse.headers,
    body: utf8ToBytes(exampleResponse.body),
  };
  const response = sealResponse(crypto, opened.context, answer, inputs.responseNonce);
  const values = sealed.context.hpke.values;
  const material = responseKeyMaterial(crypto, opened.context, inputs.responseNonce);
  const computed: Record<string, Uint8Array> = {
    server_secret_key: inputs.serverSecretKey,
    server_public_key: server.publicKey,
    key_config: encodeKeyConfig(config),
    key_config_list: encodeKeyConfigList([config]),
    request_nonce: inputs.requestNonce,
    request_bhttp: plaintext,
    request_header: encapsulated.subarray(0, 7),
    request_info: requestInfo(encapsulated.subarray(0, 7)),
    ephemeral_secret_key: inputs.ephemeralSecretKey,
    enc: sealed.context.enc,
    dh: ephemeral.sharedSecret(server.publicKey),
    shared_secret: values.sharedSecret,
    key_schedule_context: values.keyScheduleContext,
    secret: values.secret,
    key: values.key,
    base_nonce: values.baseNonce,
    exporter_secret: values.exporterSecret,
    request_ciphertext: encapsulated.subarray(7 + 32),
    encapsulated_request: encapsulated,
    md5_key: sealed.context.hpke.export(utf8ToBytes(MD5_EXPORTER_LABEL), MD5_KEY_LENGTH),
    md5_tag: sealed.body.subarray(encapsulated.length),
    request_body: sealed.body,
    response_bhttp: encodeResponse({
      status: answer.status,
      headers: Object.entries(answer.headers),
      content: answer.body,
      trailers: [],
    }),
    response_secret: material.secret,
    response_nonce: inputs.responseNonce,
    response_salt: material.salt,
    response_prk: material.prk,
    response_key: material.key,
    response_aead_nonce: material.nonce,
    response_body: response,
  };
  return { computed, opened, clientContext: sealed.context, gatewayKey };
}

describe.each(backends)(
  'the worked example of docs/protocol.md "Request envelope" on %s',
  (_name, crypto) => {
    const example = workedExample(crypto);

    it('has exactly the blocks the code computes, each byte for byte', () => {
      const computedHex = Object.fromEntries(
        Object.entries(example.computed).map(([name, bytes]) => [name, bytesToHex(bytes)]),
      );
      expect(docHex).toEqual(computedHex);
    });

    it('opens the request body on the wire into the documented call', () => {
      const { request } = openRequest(crypto, () => example.gatewayKey, hex(docHex.request_body!), {
        nowMs: exampleRequest.server_now_ms,
      });
      expect(request).toEqual({
        method: exampleRequest.method,
        path: exampleRequest.path,
        headers: exampleRequest.headers,
        body: utf8ToBytes(exampleRequest.body),
        timestampMs: exampleRequest.timestamp_ms,
        nonce: docHex.request_nonce,
      });
    });

    it('opens the response body on the wire into the documented answer', () => {
      const answer = openResponse(crypto, example.clientContext, hex(docHex.response_body!));
      expect({ ...answer, body: new TextDecoder().decode(answer.body) }).toEqual(exampleResponse);
    });
  },
);

describe('the tables of docs/protocol.md "Request envelope"', () => {
  const rows = tableRows();
  const value = (name: string) => rows.get(name)?.[0] ?? `(no row "${name}")`;
  const grouped = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');

  it('state the code’s constants', () => {
    expect(value('KEM')).toContain('`0x0020`');
    expect(value('KDF')).toContain(`\`0x000${ENVELOPE_SUITE.kdfId}\``);
    expect(value('AEAD')).toContain(`\`0x000${ENVELOPE_SUITE.aeadId}\``);
    expect(value('md5 key export label')).toBe(
      `\`"${MD5_EXPORTER_LABEL}"\`, ${MD5_KEY_LENGTH} bytes`,
    );
    expect(value('timestamp field')).toMatch(new RegExp(`^\`${TIMESTAMP_FIELD}\`:`));
    expect(value('nonce field')).toMatch(new RegExp(`^\`${NONCE_FIELD}\`: ${NONCE_LENGTH} random`));
    expect(value('timestamp window')).toContain(`±${grouped(TIMESTAMP_WINDOW_MS)} ms`);
    expect(value('largest sealed request')).toContain(`${grouped(MAX_SEALED_REQUEST_BYTES)} bytes`);
    expect(value('request content type')).toBe(`\`${REQUEST_CONTENT_TYPE}\``);
    expect(value('response content type')).toBe(`\`${RESPONSE_CONTENT_TYPE}\``);
  });

  it('list every refusal with its HTTP status and body code', () => {
    for (const [code, { status, code: bodyCode }] of Object.entries(envelopeRefusals)) {
      expect(rows.get(`\`${code}\``)?.slice(0, 2)).toEqual([String(status), String(bodyCode)]);
    }
    const documented = [...rows.keys()].filter((cell) => /^`[a-z_0-9]+`$/.test(cell));
    const refusalRows = documented.filter((cell) => rows.get(cell)?.[0] === '400');
    expect(refusalRows.map((cell) => cell.slice(1, -1)).sort()).toEqual(
      Object.keys(envelopeRefusals).sort(),
    );
  });
});
