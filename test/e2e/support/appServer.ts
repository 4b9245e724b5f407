// The real reference server serving the built app, on a random port with its own data and a
// clock the test can move. Each browser test file starts its own, so files run in parallel.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../server/main.ts';
import { createOperator, type Operator } from './operator.ts';

export const APP_CHAIN_ID = 210000;

export interface MovableClock {
  now(): Date;
  advance(ms: number): void;
}

export interface AppServer {
  url: string;
  /** The operator's side (credit, settle, fail), through the server's admin API. */
  operator: Operator;
  /** The server's clock; starts at the real time and only moves when the test moves it. */
  clock: MovableClock;
  /** For operator calls beyond `operator` (e.g. the admin CLI in-process). */
  adminToken: string;
  close(): Promise<void>;
}

function movableClock(start = new Date()): MovableClock {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance: (ms) => {
      time += ms;
    },
  };
}

export interface AppServerOptions {
  /** Server settings (environment names) on top of the test defaults. */
  env?: Record<string, string>;
}

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  if (!existsSync('dist/index.html')) {
    throw new Error('The browser tests drive the built app: run `npm run build` first.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ju-e2e-'));
  const clock = movableClock();
  const server = await startServer({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CHAIN_ID: String(APP_CHAIN_ID),
      ...options.env,
    },
    now: clock.now,
  });
  return {
    url: server.url,
    operator: createOperator(server.url, server.adminToken),
    clock,
    adminToken: server.adminToken,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
