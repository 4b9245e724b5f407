import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { formatSiweMessage, parseSiweMessage } from '../../contract/wallet/siwe.ts';
import {
  login,
  loginMessage,
  startTestServer,
  submitLogin,
  testWallet,
  withLine,
  type HttpAnswer,
  type TestServer,
} from './harness.ts';

// Each failure is HTTP 401 with its own catalogue code and a clear English message.
function expectLoginError(answer: HttpAnswer, name: keyof typeof apiErrors) {
  expect(answer.status).toBe(apiErrors[name].status);
  expect(answer.body).toEqual({
    code: apiErrors[name].code,
    message: apiErrors[name].message.message,
    data: null,
  });
}

describe('refused sign-ins', () => {
  let server: TestServer;
  const alice = testWallet('alice');
  const mallory = testWallet('mallory');

  beforeAll(async () => {
    server = await startTestServer();
    await login(server, alice); // the first user; everyone below is already registered or not
  });
  afterAll(() => server.close());

  it('a signed message works once: the second use is refused', async () => {
    const message = await loginMessage(server, alice.address);
    expect((await submitLogin(server, alice, message)).status).toBe(200);
    expectLoginError(await submitLogin(server, alice, message), 'nonce_unknown_or_used');
  });

  it('an expired message is refused, and so is one past the stored nonce expiry', async () => {
    const message = await loginMessage(server, alice.address);
    server.clock.advance(10 * 60_000);
    expectLoginError(await submitLogin(server, alice, message), 'message_expired');
  });

  it('a message whose expiry was pushed back is still bound by the server-side nonce expiry', async () => {
    const issued = await loginMessage(server, alice.address);
    const later = new Date(server.clock.now().getTime() + 60 * 60_000).toISOString();
    const stretched = withLine(issued, 'Expiration Time: ', later);
    server.clock.advance(11 * 60_000);
    expectLoginError(await submitLogin(server, alice, stretched), 'message_expired');
  });

  it('a message not valid yet is refused', async () => {
    const issued = parseSiweMessage(await loginMessage(server, alice.address));
    const early = formatSiweMessage({
      ...issued,
      notBefore: new Date(server.clock.now().getTime() + 60_000).toISOString(),
    });
    expectLoginError(await submitLogin(server, alice, early), 'message_not_yet_valid');
  });

  it('a message for another site is refused', async () => {
    const issued = await loginMessage(server, alice.address);
    const phished = issued.replace(new URL(server.url).host, 'evil.example');
    expectLoginError(await submitLogin(server, alice, phished), 'domain_mismatch');
  });

  it('a message for another chain is refused', async () => {
    const issued = await loginMessage(server, alice.address);
    expectLoginError(
      await submitLogin(server, alice, withLine(issued, 'Chain ID: ', '1')),
      'chain_mismatch',
    );
  });

  it('a signature by another key is refused', async () => {
    const message = await loginMessage(server, alice.address);
    const answer = await server.request('POST', '/api/v1/auth/login', {
      json: { address: alice.address, message, sign_message: mallory.sign(message), code: '' },
    });
    expectLoginError(answer, 'bad_signature');
    // The nonce survives a failed attempt: the real owner can still use the message.
    expect((await submitLogin(server, alice, message)).status).toBe(200);
  });

  it('a garbage signature is refused as a bad signature', async () => {
    const message = await loginMessage(server, alice.address);
    for (const signature of ['0x1234', `0x${'00'.repeat(65)}`, 'not hex']) {
      const answer = await server.request('POST', '/api/v1/auth/login', {
        json: { address: alice.address, message, sign_message: signature, code: '' },
      });
      expectLoginError(answer, 'bad_signature');
    }
  });

  it("a nonce issued to another address cannot be used, even in that address's own signed message", async () => {
    const issuedToAlice = await loginMessage(server, alice.address);
    const nonce = parseSiweMessage(issuedToAlice).nonce;
    const forMallory = formatSiweMessage({
      ...parseSiweMessage(issuedToAlice),
      address: mallory.address,
      nonce,
    });
    expectLoginError(await submitLogin(server, mallory, forMallory), 'nonce_unknown_or_used');
  });

  it('a made-up nonce is refused', async () => {
    const issued = await loginMessage(server, alice.address);
    const invented = withLine(issued, 'Nonce: ', 'Invented0Nonce0123456789');
    expectLoginError(await submitLogin(server, alice, invented), 'nonce_unknown_or_used');
  });

  it('a message that is not EIP-4361 is refused as malformed', async () => {
    expectLoginError(await submitLogin(server, alice, 'please let me in'), 'malformed_message');
  });

  it('a message for another address than the one submitted is refused', async () => {
    const message = await loginMessage(server, mallory.address);
    const answer = await server.request('POST', '/api/v1/auth/login', {
      json: { address: alice.address, message, sign_message: mallory.sign(message), code: '' },
    });
    expectLoginError(answer, 'address_mismatch');
  });

  it('refuses a login message for something that is not an address', async () => {
    for (const address of [
      '0x123',
      'hello',
      alice.address.replace(/[a-f]/, (c) => c.toUpperCase()),
    ]) {
      const answer = await server.request('GET', `/api/v1/auth/loginMessage?address=${address}`);
      expect(answer.status, address).toBe(400);
      expect(answer.body.code).toBe(apiErrors.invalid_address.code);
    }
    const missing = await server.request('GET', '/api/v1/auth/loginMessage');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(apiErrors.validation.code);
    expect(missing.body.message).toBe('Invalid value for address');
  });

  it('a refused login creates no session', async () => {
    const before = await server.db.kysely.selectFrom('sessions').select('id').execute();
    await submitLogin(server, alice, 'please let me in');
    const after = await server.db.kysely.selectFrom('sessions').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('with PUBLIC_URL set', () => {
  let server: TestServer;
  const alice = testWallet('alice');

  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://wallet.example' });
  });
  afterAll(() => server.close());

  it('messages name the public site, whatever Host header the request carried', async () => {
    const answer = await server.request(
      'GET',
      `/api/v1/auth/loginMessage?address=${alice.address}`,
      {
        headers: { host: 'evil.example' },
      },
    );
    const fields = parseSiweMessage(answer.body.data.message);
    expect(fields.domain).toBe('wallet.example');
    expect(fields.uri).toBe('https://wallet.example');
    expect((await submitLogin(server, alice, answer.body.data.message)).status).toBe(200);
  });

  it('a message made out to another domain is refused even if the Host header matches it', async () => {
    const issued = await loginMessage(server, alice.address);
    const phished = issued.replace('wallet.example wants', 'evil.example wants');
    const answer = await server.request('POST', '/api/v1/auth/login', {
      headers: { host: 'evil.example' },
      json: {
        address: alice.address,
        message: phished,
        sign_message: alice.sign(phished),
        code: '',
      },
    });
    expectLoginError(answer, 'domain_mismatch');
  });
});
