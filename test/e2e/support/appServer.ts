// The real reference server serving the built app, on a random port with its own data.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../server/main.ts';

export const APP_CHAIN_ID = 210000;

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

export async function startAppServer(): Promise<AppServer> {
  if (!existsSync('dist/index.html')) {
    throw new Error('The browser tests drive the built app: run `npm run build` first.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ju-e2e-'));
  const server = await startServer({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CHAIN_ID: String(APP_CHAIN_ID),
    },
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
