// The settings for timeouts, connection, authentication-failure, envelope-refusal and socket
// ticket limits, and the envelope's key handling: their defaults and the variables that change
// them.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.ts';
import { readSettings } from '../../server/settings.ts';

describe('hardening settings', () => {
  it('have the documented defaults', () => {
    expect(readSettings({})).toMatchObject({
      timeouts: { requestMs: 30_000, headersMs: 10_000, idleMs: 60_000, keepAliveMs: 5_000 },
      maxConnectionsPerIp: 64,
      rateLimits: {
        authFailures: { max: 20, windowMs: 60_000 },
        envelopeRefusals: { max: 60, windowMs: 60_000 },
        wsTicket: { max: 30, windowMs: 60_000 },
      },
      envelopeKeyRotateDays: 30,
      envelopeKeySecret: null,
      envelopeKeySecretPrevious: null,
    });
  });

  it('leave connections uncapped behind a proxy unless asked', () => {
    expect(readSettings({ TRUST_PROXY: 'true' }).maxConnectionsPerIp).toBe(0);
    expect(
      readSettings({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_IP: '500' }).maxConnectionsPerIp,
    ).toBe(500);
  });

  it('are read from the environment', () => {
    const settings = readSettings({
      REQUEST_TIMEOUT_SECONDS: '20',
      HEADERS_TIMEOUT_SECONDS: '5',
      IDLE_TIMEOUT_SECONDS: '90',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      MAX_CONNECTIONS_PER_IP: '0',
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '7',
      ENVELOPE_REFUSALS_PER_MINUTE: '8',
      RATE_LIMIT_WS_TICKET_PER_MINUTE: '9',
      ENVELOPE_KEY_ROTATE_DAYS: '0',
      ENVELOPE_KEY_SECRET: 'current-secret',
      ENVELOPE_KEY_SECRET_PREVIOUS: 'previous-secret',
    });
    expect(settings).toMatchObject({
      timeouts: { requestMs: 20_000, headersMs: 5_000, idleMs: 90_000, keepAliveMs: 65_000 },
      maxConnectionsPerIp: 0,
      rateLimits: { authFailures: { max: 7 }, envelopeRefusals: { max: 8 }, wsTicket: { max: 9 } },
      envelopeKeyRotateDays: 0,
      envelopeKeySecret: 'current-secret',
      envelopeKeySecretPrevious: 'previous-secret',
    });
  });

  it('refuse a timeout of zero (which would mean none) or nonsense', () => {
    for (const name of [
      'REQUEST_TIMEOUT_SECONDS',
      'HEADERS_TIMEOUT_SECONDS',
      'IDLE_TIMEOUT_SECONDS',
      'KEEP_ALIVE_TIMEOUT_SECONDS',
    ]) {
      expect(() => readSettings({ [name]: '0' }), name).toThrow(ConfigError);
      expect(() => readSettings({ [name]: 'soon' }), name).toThrow(new RegExp(name));
    }
    expect(() => readSettings({ RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '0' })).toThrow(ConfigError);
  });
});
