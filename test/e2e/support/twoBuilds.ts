// Two builds of the app on one origin, for update tests: the app server serves build A (dist/);
// a second server serves build B (built into a folder of its own with another build id); a
// proxy in front answers the API from the app server always, and the app's files from A or B,
// as the test chooses. The origin never changes, so the service worker sees a new version.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../server/main.ts';
import type { AppServer } from './appServer.ts';

const SERVER_PATHS = /^\/(api|admin|ws|config\.json|healthz|readyz|metrics)(\/|\?|$)/;

/** Builds the app into `outDir` with `buildId` in its <meta name="ju-build">. */
export function buildAppCopy(outDir: string, buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = spawn(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { env: { ...process.env, JU_BUILD_ID: buildId }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    vite.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    vite.on('error', reject);
    vite.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}): ${errors}`)),
    );
  });
}

export interface TwoBuilds {
  /** The one origin the browser uses. */
  url: string;
  /** Which build the app's files come from from now on. */
  serve(build: 'A' | 'B'): void;
  close(): Promise<void>;
}

/** `app` serves build A and the API; build B (already built in `outDirB`) gets its own server. */
export async function serveTwoBuilds(app: AppServer, outDirB: string): Promise<TwoBuilds> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ju-e2e-b-'));
  const serverB = await startServer({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: outDirB,
      CHAIN_ID: String(app.chain.chainId),
      CHAIN_RPC_URL: app.chain.rpcUrl,
      CHAIN_TREASURY: app.chain.treasury,
      MAX_EVENT_LOOP_LAG_MS: '600000',
    },
  });
  const a = new URL(app.url);
  const b = new URL(serverB.url);
  let files = a;
  const proxy = http.createServer((request, reply) => {
    const target = SERVER_PATHS.test(request.url ?? '') ? a : files;
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(reply);
      },
    );
    forward.on('error', () => reply.destroy());
    request.pipe(forward);
  });
  // The realtime socket: bytes both ways to the app server.
  proxy.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(Number(a.port), a.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (build) => {
      files = build === 'A' ? a : b;
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await serverB.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
