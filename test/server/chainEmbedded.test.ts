// `node server/main.ts` without CHAIN_RPC_URL runs its own chain: served to the app in
// /config.json and allowed by the CSP, kept in DATA_DIR across a restart, stopped with the
// server — also when the server is killed outright.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import {
  ticketBuyDataSchema,
  ticketListDataSchema,
  ticketPaths,
} from '../../contract/api/ticket.ts';
import { runCli } from '../../server/admin/cli.ts';
import { createHttpClient, login, testWallet } from './harness.ts';
import { dataOf, moneyPost } from './support/money.ts';
import { exitOf, startServerProcess } from './support/serverProcess.ts';
import { payOn } from './support/chain.ts';

/** Whether a process with this id still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function anvilPidsFor(dataDir: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', `anvil.*${dataDir}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe('the embedded chain', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-embedded-chain-'));
  const adminToken = 'embedded-chain-test-admin-token-0123456789';
  let stop: (() => Promise<void>) | null = null;

  afterAll(async () => {
    await stop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'fatal',
      ADMIN_TOKEN: adminToken,
      // A free port: test files run side by side.
      CHAIN_EMBEDDED_PORT: '0',
    });
    stop = async () => {
      const exited = exitOf(server.child);
      server.child.kill('SIGTERM');
      await exited;
      stop = null;
    };
    return server;
  };

  it('runs, serves and keeps a local chain', async () => {
    const first = await start();
    const client = createHttpClient(first.url);
    const config = await client.request('GET', '/config.json');
    const { rpc_url: rpcUrl, treasury } = config.body.chain;
    expect(rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(treasury).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(config.headers.get('content-security-policy')).toContain(`connect-src 'self'`);
    expect(config.headers.get('content-security-policy')).toContain(rpcUrl);

    const alice = testWallet('embedded alice');
    const cli = (args: string[]) => runCli(args, { API_URL: first.url, ADMIN_TOKEN: adminToken });
    expect((await cli(['chain', 'fund', alice.address, '100'])).exitCode).toBe(0);
    const status = await cli(['chain', 'status']);
    expect(status.output).toContain('(embedded)');
    expect(status.output).toContain(treasury);

    // Pay from the test wallet on the server's own chain.
    const payer = await payOn(rpcUrl, alice, treasury, '60');
    const token = await login(client, alice);
    const bought = dataOf(
      await moneyPost(client, token, ticketPaths.buy, { hash: payer }),
      ticketBuyDataSchema,
    );
    expect(bought.payment.status).toBe('confirmed');

    await stop!();
    const second = await start();
    const again = createHttpClient(second.url);
    const config2 = await again.request('GET', '/config.json');
    expect(config2.body.chain.treasury).toBe(treasury);
    const chain = createPublicClient({ transport: http(config2.body.chain.rpc_url) });
    expect((await chain.getTransactionReceipt({ hash: payer as Hex })).status).toBe('success');
    const tickets = dataOf(
      await again.request('GET', ticketPaths.mine, { token: await login(again, alice) }),
      ticketListDataSchema,
    );
    expect(tickets.list).toMatchObject([{ status: 'valid' }]);

    // Killed outright, the server takes its chain with it.
    const [anvil] = anvilPidsFor(dataDir);
    expect(anvil).toBeDefined();
    const exited = exitOf(second.child);
    second.child.kill('SIGKILL');
    await exited;
    stop = null;
    await vi.waitFor(() => expect(alive(anvil!)).toBe(false), { timeout: 15_000, interval: 100 });
  });
});
