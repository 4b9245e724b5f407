// One server for the benchmark, in its own process so the load generator does not share its
// event loop: `app` is the real reference server, `bare` a Fastify route that does nothing,
// the yardstick the app's figures are divided by. Prints one JSON line once it listens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { startServer } from '../../server/main.ts';

const mode = process.argv[2];
const GENEROUS = { max: 10_000_000, windowMs: 60_000 };

async function startApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-bench-'));
  const server = await startServer({
    env: {},
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: process.env.BENCH_DATABASE_URL || null,
    distDir: path.join(dataDir, 'no-dist'),
    rateLimits: {
      login: GENEROUS,
      loginMessage: GENEROUS,
      money: GENEROUS,
      authFailures: GENEROUS,
    },
  });
  return {
    announce: { url: server.url, adminToken: server.adminToken },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBare() {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ code: 200, message: 'ok', data: null }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { announce: { url: `http://127.0.0.1:${port}` }, close: () => app.close() };
}

const server = mode === 'bare' ? await startBare() : await startApp();
console.log(JSON.stringify(server.announce));
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
