import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

describe('serving the built app', () => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'ju-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>JU Wallet</title>');
    writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{}');
    writeFileSync(path.join(distDir, 'config.json'), '{"stale": true}');
    writeFileSync(path.join(distDir, 'assets', 'index-3f2a9c.js'), 'console.log(1)');
    server = await startTestServer({ distDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const answer = await server.request('GET', '/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<title>JU Wallet</title>');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('falls back to index.html for app routes', async () => {
    for (const route of [
      '/index',
      '/wallet/moneyLog',
      '/bank/cardDetail/42',
      '/notice/detail/7?x=1',
    ]) {
      const answer = await server.request('GET', route);
      expect(answer.status, route).toBe(200);
      expect(answer.text).toContain('<title>JU Wallet</title>');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('caches hashed assets for good and revalidates the service worker', async () => {
    const asset = await server.request('GET', '/assets/index-3f2a9c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await server.request('GET', '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers /config.json from the server, not from a file in dist', async () => {
    const answer = await server.request('GET', '/config.json');
    expect(answer.body.stale).toBeUndefined();
    expect(answer.body.chain.id).toBe(210000);
  });

  it('does not turn missing files or API paths into the app page', async () => {
    expect((await server.request('GET', '/assets/missing.js')).status).toBe(404);
    const api = await server.request('GET', '/api/v1/missing');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(404);
    const post = await server.request('POST', '/wallet');
    expect(post.status).toBe(404);
    expect(post.body.code).toBe(404);
  });
});
