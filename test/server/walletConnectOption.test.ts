// WalletConnect is an operator's option (WALLETCONNECT_PROJECT_ID): /config.json offers it
// and the CSP lets its services through only where it is set.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.ts';
import { readSettings } from '../../server/settings.ts';
import { startTestServer, type TestServer } from './harness.ts';

const PROJECT_ID = '0123456789abcdef0123456789abcdef';

describe('WalletConnect as an operator option', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is absent from /config.json and the CSP without a project id', async () => {
    server = await startTestServer();
    const config = await server.request('GET', '/config.json');
    expect(config.body).not.toHaveProperty('walletconnect_project_id');
    expect(config.headers.get('content-security-policy') ?? '').not.toContain('walletconnect');
  });

  it('is published, and its relay allowed, with one', async () => {
    server = await startTestServer({ walletConnectProjectId: PROJECT_ID });
    const config = await server.request('GET', '/config.json');
    expect(config.body.walletconnect_project_id).toBe(PROJECT_ID);
    const csp = config.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src [^;]*wss:\/\/relay\.walletconnect\.org/);
    // Scripts stay the app's own.
    expect(csp).toContain("script-src 'self';");
  });

  it('refuses a value that is no project id at start', () => {
    expect(() => readSettings({ WALLETCONNECT_PROJECT_ID: 'my-project' })).toThrow(ConfigError);
    expect(readSettings({ WALLETCONNECT_PROJECT_ID: PROJECT_ID.toUpperCase() })).toMatchObject({
      walletConnectProjectId: PROJECT_ID,
    });
  });
});
