// Security headers on every answer, API and app alike, and `no-store` on API answers.
import type { FastifyInstance } from 'fastify';
import { boundedMemo } from './boundedMemo.ts';
import { realtimeOrigin, siteOf } from './origin.ts';

// Answers of the API carry personal data and tokens: no browser or proxy may keep them.
const API_PATH = /^\/(?:api|admin)(?:[/?]|$)/;

/**
 * The CSP. The wallet's chain calls go to the RPC endpoint; the realtime hub is the only
 * WebSocket origin allowed (none when the request's site is unknown, e.g. a refused Host).
 */
export function contentSecurityPolicy(chainRpcUrl: string, websocketOrigin: string | null): string {
  const rpcOrigin = new URL(chainRpcUrl).origin;
  const connect = ["'self'", ...(websocketOrigin ? [websocketOrigin] : []), rpcOrigin];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

// The headers depend only on these two values, which take a handful of values per server
// (its public site, or the loopback names of a development machine): built once each.
const builtHeaders = boundedMemo<Readonly<Record<string, string>>>(64);

export function securityHeaders(
  chainRpcUrl: string,
  websocketOrigin: string | null,
): Readonly<Record<string, string>> {
  return builtHeaders(`${chainRpcUrl} ${websocketOrigin ?? ''}`, () =>
    Object.freeze(buildSecurityHeaders(chainRpcUrl, websocketOrigin)),
  );
}

function buildSecurityHeaders(
  chainRpcUrl: string,
  websocketOrigin: string | null,
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(chainRpcUrl, websocketOrigin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': 'camera=(self)',
    'x-frame-options': 'DENY',
  };
}

export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}

export function installSecurityHeaders(
  app: FastifyInstance,
  chainRpcUrl: string,
  publicUrl: string | null,
): void {
  // onRequest, so the headers are set before any handler or error can answer.
  app.addHook('onRequest', async (request, reply) => {
    const site = siteOf(request, publicUrl);
    reply.headers(securityHeaders(chainRpcUrl, site ? realtimeOrigin(site) : null));
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}
