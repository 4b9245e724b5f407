// The site is pinned: sign-in messages, the realtime URL and invite links name PUBLIC_URL,
// never the request's Host header; without PUBLIC_URL only loopback hosts are served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSettings, ConfigError } from '../../server/config.ts';
import { readSettings } from '../../server/settings.ts';
import { startServer } from '../../server/main.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { formatSiweMessage, parseSiweMessage } from '../../contract/wallet/siwe.ts';
import {
  login,
  loginMessage,
  startTestServer,
  submitLogin,
  testWallet,
  withLine,
  type TestServer,
} from './harness.ts';
import { rawGet, type RawAnswer } from './support/rawHttp.ts';

function expectRefusedHost(answer: RawAnswer) {
  expect(answer.status).toBe(400);
  expect(answer.json).toEqual({
    code: apiErrors.host_not_allowed.code,
    message: apiErrors.host_not_allowed.message.message,
    data: null,
  });
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

describe('without PUBLIC_URL (development)', () => {
  let server: TestServer;
  let port: string;
  beforeAll(async () => {
    server = await startTestServer();
    port = new URL(server.url).port;
  });
  afterAll(() => server.close());

  it('refuses a request whose Host names another machine, on every kind of route', async () => {
    for (const path of [
      '/config.json',
      '/api/v1/auth/loginMessage?address=0x0000000000000000000000000000000000000001',
      '/api/v1/user/info',
      '/admin/v1/users',
      '/api/v1/nope',
    ]) {
      expectRefusedHost(await rawGet(server.url, path, ['Host: evil.example']));
      expectRefusedHost(await rawGet(server.url, path, [`Host: wallet.example:${port}`]));
    }
  });

  it('serves loopback hosts, and names the one the request used', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, '127.9.8.7']) {
      const answer = await rawGet(server.url, '/config.json', [`Host: ${host}`]);
      expect(answer.status, host).toBe(200);
      expect(answer.json.realtime_url).toBe(`ws://${host}/ws`);
    }
  });

  it('makes the sign-in message out to the loopback origin', async () => {
    const fields = parseSiweMessage(await loginMessage(server, testWallet('alice').address));
    expect(fields.domain).toBe(`127.0.0.1:${port}`);
    expect(fields.uri).toBe(`http://127.0.0.1:${port}`);
  });
});

describe('with PUBLIC_URL', () => {
  let server: TestServer;
  const alice = testWallet('alice');
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://wallet.example' });
  });
  afterAll(() => server.close());

  it('the sign-in message names PUBLIC_URL whatever Host the request carries', async () => {
    const answer = await rawGet(server.url, `/api/v1/auth/loginMessage?address=${alice.address}`, [
      'Host: phishing.example',
    ]);
    expect(answer.status).toBe(200);
    const fields = parseSiweMessage(answer.json.data.message);
    expect(fields.domain).toBe('wallet.example');
    expect(fields.uri).toBe('https://wallet.example');
    expect(fields.expirationTime).toBeDefined();
  });

  it('the realtime URL, its CSP entry and the invite link name PUBLIC_URL', async () => {
    const config = await rawGet(server.url, '/config.json', ['Host: phishing.example']);
    expect(config.json.realtime_url).toBe('wss://wallet.example/ws');
    expect(config.headers['content-security-policy']).toContain(
      "connect-src 'self' wss://wallet.example ",
    );
    const token = await login(server, alice);
    const info = await rawGet(server.url, '/api/v1/user/info', [
      'Host: phishing.example',
      `Authorization: Bearer ${token}`,
    ]);
    expect(info.json.data.invite_url).toMatch(/^https:\/\/wallet\.example\/index\?code=/);
  });

  describe('refuses a signed message that differs from what the server issues', () => {
    const refusal = async (edit: (message: string) => string) =>
      (await submitLogin(server, alice, edit(await loginMessage(server, alice.address)))).body.code;

    it('a URI for another site or another scheme', async () => {
      for (const uri of [
        'https://evil.example/login',
        'https://wallet.example/login',
        'http://wallet.example',
        'ftp://wallet.example',
      ]) {
        expect(await refusal((m) => withLine(m, 'URI: ', uri)), uri).toBe(
          apiErrors.domain_mismatch.code,
        );
      }
    });

    it('a scheme in the header other than the site’s', async () => {
      expect(await refusal((m) => `http://${m}`)).toBe(apiErrors.domain_mismatch.code);
    });

    it('an Issued At in the future', async () => {
      expect(await refusal((m) => withLine(m, 'Issued At: ', '2099-01-01T00:00:00.000Z'))).toBe(
        apiErrors.message_not_yet_valid.code,
      );
    });

    it('a message without an Expiration Time', async () => {
      const withoutExpiry = (m: string) =>
        formatSiweMessage({ ...parseSiweMessage(m), expirationTime: undefined });
      expect(await refusal(withoutExpiry)).toBe(apiErrors.malformed_message.code);
    });

    it('a message with resources', async () => {
      const withResources = (m: string) =>
        formatSiweMessage({ ...parseSiweMessage(m), resources: ['https://evil.example/all'] });
      expect(await refusal(withResources)).toBe(apiErrors.malformed_message.code);
    });

    it('while the message as issued still works', async () => {
      expect(
        (await submitLogin(server, alice, await loginMessage(server, alice.address))).status,
      ).toBe(200);
    });
  });
});

describe('start-up settings', () => {
  const settings = (env: Record<string, string>) => () => checkSettings(readSettings(env));

  it('refuses a non-loopback HOST without PUBLIC_URL, saying what to do', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'wallet.example'])
      expect(settings({ HOST: host }), host).toThrow(/PUBLIC_URL/);
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(settings({ HOST: host }), host).not.toThrow();
    expect(settings({ HOST: '0.0.0.0', PUBLIC_URL: 'https://wallet.example' })).not.toThrow();
  });

  it('startServer refuses too, before opening anything', async () => {
    await expect(startServer({ env: {}, host: '0.0.0.0', port: 0 })).rejects.toThrow(ConfigError);
  });

  it('PUBLIC_URL must be an https origin (http only for localhost)', () => {
    expect(settings({ PUBLIC_URL: 'http://wallet.example' })).toThrow(/https/);
    expect(settings({ PUBLIC_URL: 'https://wallet.example/app' })).toThrow(/origin/);
    expect(settings({ PUBLIC_URL: 'http://localhost:8080' })).not.toThrow();
  });

  it('refuses an ADMIN_TOKEN shorter than 32 characters', () => {
    expect(settings({ ADMIN_TOKEN: 'secret' })).toThrow(/ADMIN_TOKEN.*32/);
    expect(settings({ ADMIN_TOKEN: 'x'.repeat(32) })).not.toThrow();
  });
});
