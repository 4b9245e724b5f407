// The real reference server serving the built app, on a random port with its own data and a
// clock the test can move. Each browser test file starts its own, so files run in parallel.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../server/main.ts';
import type { GatewayKey } from '../../../contract/api/envelope/ohttp.ts';
import { readEnvelopeKeysFrom } from '../../server/support/envelopeClient.ts';
import { createChainOperator, type ChainOperator } from './chainOperator.ts';
import { readKeysOf } from './innerCalls.ts';
import { createOperator, type Operator } from './operator.ts';
import { startTestChain, type TestChain } from './testChain.ts';

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
  /** This file's own chain (Anvil): the server checks payments on it. */
  chain: TestChain;
  /** The operator's side of payments on the chain: reviews, pools, background jobs. */
  chainOperator: ChainOperator;
  /** The request envelope's keys, to read the page's sealed calls (innerCalls.ts). */
  envelopeKeys(): Promise<GatewayKey[]>;
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
  /** Receives each line the server logs, at its usual level (info). */
  onLogLine?: (line: string) => void;
}

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  if (!existsSync('dist/index.html')) {
    throw new Error('The browser tests drive the built app: run `npm run build` first.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ju-e2e-'));
  const clock = movableClock();
  const chain = await startTestChain(APP_CHAIN_ID);
  const server = await startServer({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CHAIN_ID: String(APP_CHAIN_ID),
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_TREASURY: chain.treasury,
      // Anvil mines each transaction at once: one confirmation is the block that holds it.
      CHAIN_CONFIRMATIONS: '1',
      CHAIN_POLL_SECONDS: '1',
      // Browser files run side by side on two cores: a busy moment must not shed requests.
      MAX_EVENT_LOOP_LAG_MS: '600000',
      // Production's mode: every call sealed (plain calls are covered by the server tests).
      ENVELOPE: 'on',
      ...options.env,
    },
    now: clock.now,
    ...(options.onLogLine
      ? { logger: { level: 'info', stream: { write: options.onLogLine } } }
      : {}),
  }).catch(async (error: unknown) => {
    await chain.stop();
    throw error;
  });
  // The page's calls are sealed: the test reads them with the server's keys (innerCalls.ts).
  const envelopeKeys = () => readEnvelopeKeysFrom({ dataDir });
  readKeysOf(server.url, envelopeKeys);
  return {
    url: server.url,
    envelopeKeys,
    operator: createOperator(server.url, server.adminToken),
    clock,
    chain,
    chainOperator: createChainOperator(server.url, server.adminToken),
    adminToken: server.adminToken,
    async close() {
      await server.close();
      await chain.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
