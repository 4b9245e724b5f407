// Security headers on every answer, API and app alike.
import type { FastifyInstance } from 'fastify';

export function contentSecurityPolicy(chainRpcUrl: string): string {
  // The wallet's chain calls go to the RPC endpoint; the realtime hub uses ws(s).
  const rpcOrigin = new URL(chainRpcUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ws: wss: ${rpcOrigin}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, chainRpcUrl: string): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(chainRpcUrl),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': 'camera=(self)',
    'x-frame-options': 'DENY',
  };
  // onRequest, so the headers are set before any handler or error can answer.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
