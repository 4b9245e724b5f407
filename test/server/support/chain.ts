// One local chain (Anvil) per test file: start it in beforeAll, stop it in afterAll. Test
// wallets get JU on it and pay from it with their own keys, as a browser wallet would.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startLocalNode, type LocalNode } from '../../../server/chain/localNode.ts';
import { startServer, type StartServerOptions } from '../../../server/main.ts';
import {
  createHttpClient,
  createPostgresDatabase,
  createTestClock,
  NEVER_SHED,
  TEST_CHAIN_ID,
  usesPostgres,
  type TestServer,
  type TestWallet,
} from '../harness.ts';

export interface TestChain {
  rpcUrl: string;
  chainId: number;
  client: PublicClient;
  /** Sets `address`'s JU to at least `ju` more than it has (Anvil's anvil_setBalance). */
  fund(address: string, ju: string): Promise<void>;
  /** Sends `ju` from the wallet to `to`; mined at once (one confirmation). */
  pay(wallet: TestWallet, to: string, ju: string): Promise<Hex>;
  /** Mines `blocks` empty blocks (more confirmations for what is mined already). */
  mine(blocks: number): Promise<void>;
  /** A contract that reverts every call: a payment to it fails on chain. */
  deployReverter(wallet: TestWallet): Promise<string>;
  /**
   * Sends `ju` from the wallet to `to`: with automine on, answers once its block is in; with
   * automine off, at once, and it stays in the pool. `nonce` and `gasPrice` (wei) let a test replace a pending transaction,
   * as a wallet's speed-up or cancel does.
   */
  send(
    wallet: TestWallet,
    to: string,
    ju: string,
    options?: { nonce?: number; gasPrice?: bigint },
  ): Promise<Hex>;
  /** Off: sent transactions wait in the pool until `mine`. */
  setAutomine(on: boolean): Promise<void>;
  /** Removes a transaction from the pool, as a node does with one it drops. */
  drop(hash: string): Promise<void>;
  /** The wallet's next nonce, counting what waits in the pool. */
  pendingNonce(address: string): Promise<number>;
  stop(): Promise<void>;
}

/** A fresh address nobody holds the key of (a treasury for tests). */
export function randomAddress(): string {
  return `0x${randomBytes(20).toString('hex')}`;
}

/** Pays `ju` from the wallet to `to` on the chain at `rpcUrl`, and waits until it is mined. */
export async function payOn(
  rpcUrl: string,
  wallet: TestWallet,
  to: string,
  ju: string,
): Promise<Hex> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const chain = defineChain({
    id: await client.getChainId(),
    name: 'JuChain (test)',
    nativeCurrency: { name: 'JU', symbol: 'JU', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const account = privateKeyToAccount(wallet.privateKey as Hex);
  const walletClient = createWalletClient({ account, chain, transport: http(rpcUrl) });
  // A fixed gas limit: no estimate first, so a payment that reverts is still sent.
  const hash = await walletClient.sendTransaction({
    to: to as Hex,
    value: parseEther(ju),
    gas: 100_000n,
  });
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

export async function startTestChain(): Promise<TestChain> {
  const node: LocalNode = await startLocalNode({ chainId: TEST_CHAIN_ID });
  const chain = defineChain({
    id: TEST_CHAIN_ID,
    name: 'JuChain (test)',
    nativeCurrency: { name: 'JU', symbol: 'JU', decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(node.rpcUrl) }) as PublicClient;
  const rpc = (method: string, params: unknown[]) =>
    client.request({ method, params } as never) as Promise<unknown>;
  let automine = true;

  return {
    rpcUrl: node.rpcUrl,
    chainId: TEST_CHAIN_ID,
    client,
    async fund(address, ju) {
      const balance = await client.getBalance({ address: address as Hex });
      await rpc('anvil_setBalance', [address, `0x${(balance + parseEther(ju)).toString(16)}`]);
    },
    pay: (wallet, to, ju) => payOn(node.rpcUrl, wallet, to, ju),
    async mine(blocks) {
      await rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
    },
    async deployReverter(wallet) {
      const account = privateKeyToAccount(wallet.privateKey as Hex);
      const walletClient = createWalletClient({ account, chain, transport: http(node.rpcUrl) });
      // Init code returning the runtime code PUSH1 0 PUSH1 0 REVERT (0x60006000fd).
      const hash = await walletClient.deployContract({
        abi: [],
        bytecode: '0x6460006000fd6000526005601bf3',
      });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (!receipt.contractAddress) throw new Error('The reverting contract was not deployed');
      return receipt.contractAddress;
    },
    async send(wallet, to, ju, options = {}) {
      const account = privateKeyToAccount(wallet.privateKey as Hex);
      const walletClient = createWalletClient({ account, chain, transport: http(node.rpcUrl) });
      const hash = await walletClient.sendTransaction({
        to: to as Hex,
        value: parseEther(ju),
        gas: 100_000n,
        ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
        ...(options.gasPrice === undefined ? {} : { gasPrice: options.gasPrice }),
      });
      // Anvil answers before its automatic block is in; "mined at once" must mean it.
      if (automine) await client.waitForTransactionReceipt({ hash, pollingInterval: 25 });
      return hash;
    },
    async setAutomine(on) {
      await rpc('evm_setAutomine', [on]);
      automine = on;
    },
    async drop(hash) {
      await rpc('anvil_dropTransaction', [hash]);
    },
    pendingNonce: (address) =>
      client.getTransactionCount({ address: address as Hex, blockTag: 'pending' }),
    stop: () => node.stop(),
  };
}

/**
 * A server on the test chain whose data outlives it: `restart()` stops it and starts a new
 * one on the same database and clock, as after a crash or a deploy.
 */
export interface RestartableServer {
  server: TestServer;
  /** `overrides` replace the options' groups they name (e.g. `payments`). */
  restart(overrides?: StartServerOptions): Promise<void>;
  close(): Promise<void>;
}

export async function startRestartableServer(
  chain: TestChain,
  options: StartServerOptions,
): Promise<RestartableServer> {
  const clock = createTestClock();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-chain-test-'));
  const database = usesPostgres ? await createPostgresDatabase() : null;
  const boot = async (overrides: StartServerOptions = {}): Promise<TestServer> => {
    const running = await startServer({
      env: {},
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: database?.url ?? null,
      distDir: path.join(dataDir, 'no-dist'),
      now: clock.now,
      rateLimits: {
        login: { max: 100_000, windowMs: 60_000 },
        loginMessage: { max: 100_000, windowMs: 60_000 },
        money: { max: 100_000, windowMs: 60_000 },
        authFailures: { max: 100_000, windowMs: 60_000 },
      },
      operations: NEVER_SHED,
      ...options,
      ...overrides,
      chain: { id: TEST_CHAIN_ID, rpcUrl: chain.rpcUrl, ...options.chain, ...overrides.chain },
    });
    const { request } = createHttpClient(running.url);
    return {
      ...running,
      clock,
      dataDir,
      request,
      admin: (method, urlPath, json) =>
        request(method, urlPath, { json, token: running.adminToken }),
    };
  };
  const handle: RestartableServer = {
    server: await boot(),
    async restart(overrides) {
      await handle.server.close();
      handle.server = await boot(overrides);
    },
    async close() {
      await handle.server.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
