import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.ts';
import { readSettings } from '../../server/settings.ts';
import { ADMIN_TOKEN_FILE, resolveAdminToken } from '../../server/dataDir.ts';

describe('settings from the environment', () => {
  it('has the documented defaults', () => {
    const settings = readSettings({});
    expect(settings).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: null,
      envelope: false,
      adminToken: null,
      chain: {
        id: 210000,
        name: 'JuChain',
        rpcUrl: 'https://rpc.juchain.org',
        tokenSymbol: 'JU',
        explorerUrl: null,
      },
      publicUrl: null,
      sessionTtlSeconds: 86400,
      inviteRequired: true,
      rateLimits: {
        login: { max: 20, windowMs: 60_000 },
        loginMessage: { max: 30, windowMs: 60_000 },
      },
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const settings = readSettings({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/ju',
      DATABASE_URL: 'postgres://u@db/ju',
      ENVELOPE: 'true',
      ADMIN_TOKEN: 'secret',
      CHAIN_ID: '1',
      CHAIN_NAME: 'Ethereum',
      CHAIN_RPC_URL: 'https://eth.example',
      CHAIN_TOKEN_SYMBOL: 'ETH',
      PUBLIC_URL: 'https://wallet.example/',
      SESSION_TTL_SECONDS: '600',
      INVITE_REQUIRED: 'no',
      RATE_LIMIT_LOGIN_PER_MINUTE: '5',
      RATE_LIMIT_LOGIN_MESSAGE_PER_MINUTE: '6',
      TRUST_PROXY: '1',
    });
    expect(settings).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/ju',
      databaseUrl: 'postgres://u@db/ju',
      envelope: true,
      adminToken: 'secret',
      chain: { id: 1, name: 'Ethereum', rpcUrl: 'https://eth.example', tokenSymbol: 'ETH' },
      publicUrl: 'https://wallet.example',
      sessionTtlSeconds: 600,
      inviteRequired: false,
      rateLimits: { login: { max: 5 }, loginMessage: { max: 6 } },
      trustProxy: true,
    });
  });

  it('names the variable when a value is wrong', () => {
    expect(() => readSettings({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => readSettings({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readSettings({ INVITE_REQUIRED: 'maybe' })).toThrow(/INVITE_REQUIRED/);
    expect(() => readSettings({ CHAIN_RPC_URL: 'rpc.juchain.org' })).toThrow(/CHAIN_RPC_URL/);
    expect(() => readSettings({ SESSION_TTL_SECONDS: '1' })).toThrow(/SESSION_TTL_SECONDS/);
  });
});

describe('admin token', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated once into DATA_DIR/admin-token with mode 0600, then reused', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ju-token-'));
    const token = resolveAdminToken(dir, null);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dir, ADMIN_TOKEN_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    expect(resolveAdminToken(dir, null)).toBe(token);
  });

  it('ADMIN_TOKEN wins and writes nothing', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ju-token-'));
    expect(resolveAdminToken(dir, 'from-env')).toBe('from-env');
    expect(() => statSync(path.join(dir, ADMIN_TOKEN_FILE))).toThrow();
  });
});
