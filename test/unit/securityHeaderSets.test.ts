// The security headers every answer carries come from a set built once per site
// (server/http/securityHeaders.ts, answerHeaderSets): the same headers as before they were
// prebuilt, API answers' with no-store besides, and the realtime origin of the right site.
import { describe, expect, it } from 'vitest';
import { siteFromUrl } from '../../server/http/origin.ts';
import { answerHeaderSets, securityHeaders } from '../../server/http/securityHeaders.ts';

const settings = { chainRpcUrl: 'http://127.0.0.1:8545', publicUrl: null };

describe('answer header sets', () => {
  it('are the security headers of the site, API answers not to be kept', () => {
    const headersFor = answerHeaderSets(settings);
    const site = Object.freeze(siteFromUrl('http://127.0.0.1:3000'));
    const page = securityHeaders(settings, 'ws://127.0.0.1:3000');
    expect(headersFor(site, false)).toEqual(page);
    expect(headersFor(site, true)).toEqual({ ...page, 'cache-control': 'no-store' });
    expect(headersFor(site, false)['x-content-type-options']).toBe('nosniff');
    expect(headersFor(site, true)['content-security-policy']).toContain(
      "connect-src 'self' ws://127.0.0.1:3000 ",
    );
  });

  it('allow no WebSocket origin when the site is unknown', () => {
    const headersFor = answerHeaderSets(settings);
    expect(headersFor(null, true)).toEqual({
      ...securityHeaders(settings, null),
      'cache-control': 'no-store',
    });
    expect(headersFor(null, false)['content-security-policy']).not.toContain('ws://');
  });

  it('are built once per site, then handed out as they are', () => {
    const headersFor = answerHeaderSets(settings);
    const site = Object.freeze(siteFromUrl('http://localhost:3000'));
    expect(headersFor(site, true)).toBe(headersFor(site, true));
    expect(headersFor(site, false)).toBe(headersFor(site, false));
    expect(Object.isFrozen(headersFor(site, true))).toBe(true);
  });
});
