import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { login, startTestServer, testWallet, type HttpAnswer, type TestServer } from './harness.ts';

function expectEnvelope(answer: HttpAnswer, status: number, code: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body).toEqual({ code, message: expect.any(String), data: answer.body.data });
  expect(answer.body.message.length).toBeGreaterThan(3);
}

describe('bad input never yields a server error', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('malformed JSON is a 400 saying so', async () => {
    for (const rawBody of ['{bad', '{"address":', 'nul', '"unterminated']) {
      const answer = await server.request('POST', '/api/v1/auth/login', { rawBody });
      expectEnvelope(answer, 400, apiErrors.invalid_json.code);
      expect(answer.body.message).toBe('The request body is not valid JSON');
    }
  });

  it('an empty JSON body is a 400', async () => {
    const answer = await server.request('POST', '/api/v1/auth/login', { rawBody: '' });
    expectEnvelope(answer, 400, apiErrors.invalid_json.code);
  });

  it('wrong types name the field', async () => {
    const bodies = [
      [{ address: 42, message: 'm', sign_message: 's', code: '' }, 'address'],
      [{ address: '0x', message: ['m'], sign_message: 's' }, 'message'],
      [{ address: '0x', message: 'm', sign_message: null }, 'sign_message'],
      [{ address: '0x', message: 'm', sign_message: 's', code: 7 }, 'code'],
      [[1, 2, 3], 'address'],
      ['just a string', 'request'],
      [null, 'address'],
    ] as const;
    for (const [json, field] of bodies) {
      const answer = await server.request('POST', '/api/v1/auth/login', {
        rawBody: JSON.stringify(json),
      });
      expectEnvelope(answer, 400, apiErrors.validation.code);
      expect(answer.body.data.field, JSON.stringify(json)).toBe(field);
    }
  });

  it('an unknown address format is a 400', async () => {
    const answer = await server.request('POST', '/api/v1/auth/isRegister', {
      json: { address: 'alice.eth' },
    });
    expectEnvelope(answer, 400, apiErrors.invalid_address.code);
    expect(answer.body.message).toBe('Invalid wallet address');
  });

  it('an oversized body is a 400', async () => {
    const answer = await server.request('POST', '/api/v1/auth/login', {
      json: { address: 'x'.repeat(1024 * 1024), message: 'm', sign_message: 's' },
    });
    expectEnvelope(answer, 400, apiErrors.request_too_large.code);
  });

  it('a body that is not JSON is a 400', async () => {
    const answer = await server.request('POST', '/api/v1/auth/login', {
      rawBody: 'a=b',
      contentType: 'text/plain',
    });
    expectEnvelope(answer, 400, apiErrors.unsupported_media_type.code);
  });

  it('an over-long field is a 400, not a crash', async () => {
    const answer = await server.request('POST', '/api/v1/auth/login', {
      json: { address: '0x', message: 'm'.repeat(10_000), sign_message: 's' },
    });
    expectEnvelope(answer, 400, apiErrors.validation.code);
  });

  it('a repeated query parameter is a 400', async () => {
    const answer = await server.request('GET', '/api/v1/auth/loginMessage?address=a&address=b');
    expectEnvelope(answer, 400, apiErrors.validation.code);
  });

  it('unknown API routes are 404 in the envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/user/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/v1/auth/login'],
      ['GET', '/admin/v1/nope'],
      ['GET', '/some/page'],
    ] as const) {
      const answer = await server.request(method, url);
      expectEnvelope(answer, 404, 404);
    }
  });

  it('a wrong method on a known path is a 404 in the envelope', async () => {
    const answer = await server.request('GET', '/api/v1/auth/login');
    expectEnvelope(answer, 404, 404);
  });
});

describe('every answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ chain: { rpcUrl: 'https://rpc.example:8545/path' } });
  });
  afterAll(() => server.close());

  it('carries the security headers', async () => {
    for (const url of ['/config.json', '/api/v1/user/info', '/api/v1/nope']) {
      const { headers } = await server.request('GET', url);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      // The only WebSocket origin allowed is the realtime hub's, not any host.
      expect(csp).toContain(
        `connect-src 'self' ws://${new URL(server.url).host} https://rpc.example:8545;`,
      );
      expect(csp).not.toMatch(/ wss?:[ ;]/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('permissions-policy')).toBe('camera=(self)');
    }
  });

  it('serves the runtime configuration', async () => {
    const answer = await server.request('GET', '/config.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.body).toEqual({
      api_base: '',
      realtime_url: `ws://${new URL(server.url).host}/ws`,
      chain: {
        id: 210000,
        name: 'JuChain',
        rpc_url: 'https://rpc.example:8545/path',
        token_symbol: 'JU',
      },
      envelope: false,
      server_public_key: null,
      invite_required: true,
    });
  });
});

describe('LANG header', () => {
  let server: TestServer;
  let localesDir: string;
  beforeAll(async () => {
    // Fixture catalogs, so the test does not depend on the app's translations.
    localesDir = mkdtempSync(path.join(tmpdir(), 'ju-locales-'));
    const catalog = (language: string, entries: Record<string, string>) =>
      [
        'msgid ""',
        'msgstr ""',
        `"Language: ${language}\\n"`,
        '',
        ...Object.entries(entries).flatMap(([id, text]) => [
          '#. js-lingui-explicit-id',
          `msgid "${id}"`,
          `msgstr "${text}"`,
          '',
        ]),
      ].join('\n');
    const write = (locale: string, entries: Record<string, string>) => {
      mkdirSync(path.join(localesDir, locale), { recursive: true });
      writeFileSync(path.join(localesDir, locale, 'messages.po'), catalog(locale, entries));
    };
    write('ja', {
      'error.unauthorized': 'ログインしてください',
      'error.validation': '{field} が無効です',
    });
    write('zh-TW', { 'error.unauthorized': '請登入', 'error.not_found': '' });
    server = await startTestServer({ localesDir });
    await login(server, testWallet('alice'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(localesDir, { recursive: true, force: true });
  });

  const unauthorizedIn = async (lang?: string) =>
    (await server.request('GET', '/api/v1/user/info', { headers: lang ? { lang } : {} })).body
      .message;

  it('picks the catalog by LANG code', async () => {
    expect(await unauthorizedIn('JP')).toBe('ログインしてください');
    expect(await unauthorizedIn('TW')).toBe('請登入');
    expect(await unauthorizedIn('tw')).toBe('請登入');
  });

  it('falls back to English for no, unknown or untranslated languages', async () => {
    const english = apiErrors.unauthorized.message.message;
    expect(await unauthorizedIn()).toBe(english);
    expect(await unauthorizedIn('XX')).toBe(english);
    expect(await unauthorizedIn('KO')).toBe(english);
  });

  it('falls back to English for an id missing or empty in the catalog', async () => {
    const answer = await server.request('GET', '/api/v1/nope', { headers: { lang: 'TW' } });
    expect(answer.body.message).toBe('Not found');
  });

  it('fills placeholders', async () => {
    const answer = await server.request('GET', '/api/v1/auth/loginMessage', {
      headers: { lang: 'JP' },
    });
    expect(answer.body.message).toBe('address が無効です');
  });
});

describe('LANG header with the app catalogs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers in English by default and localises when a catalog translates the message', async () => {
    const english = await server.request('GET', '/api/v1/user/info', { headers: { lang: 'EN' } });
    expect(english.body.message).toBe(apiErrors.unauthorized.message.message);
    const japanese = await server.request('GET', '/api/v1/user/info', { headers: { lang: 'JP' } });
    expect(japanese.body.code).toBe(401);
    expect(typeof japanese.body.message).toBe('string');
  });
});
