import { randomUUID } from 'node:crypto';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { Page } from 'playwright-core';
import {
  createWalletClient,
  defineChain,
  http,
  WaitForTransactionReceiptTimeoutError,
  type Hex,
  type WalletClient,
} from 'viem';
import { waitForTransactionReceipt } from 'viem/actions';
import { privateKeyToAccount } from 'viem/accounts';
import { sameAddress } from '../../../contract/wallet/address.ts';
import { privateKeyToAddress, signPersonalMessage } from '../../../contract/wallet/eip191.ts';

// A real EIP-1193 wallet for browser tests. The page gets a provider (window.ethereum, also
// announced through EIP-6963) that forwards every request to Node over a Playwright binding;
// the private key stays in Node, which answers and signs as a browser-extension wallet would.

export interface TestWalletOptions {
  privateKey: string;
  chainId: number;
  /** Chains wallet_switchEthereumChain may switch to without adding them first. */
  knownChains?: number[];
  rejectConnect?: boolean;
  rejectSign?: boolean;
  /**
   * More accounts the wallet holds (their private keys). They reach the page only once the
   * user connects them too (wallet_requestPermissions, EIP-2255); then they can sign.
   */
  otherKeys?: string[];
  /**
   * The chain's node (Anvil in tests): transactions are signed here with the test key and
   * sent there, and receipts, blocks and balances are read from it, as a real wallet does.
   */
  rpcUrl?: string;
}

export interface RecordedRequest {
  method: string;
  params: unknown;
}

export interface TestWalletHandle {
  readonly address: string;
  /** Every request the page made, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** While true, eth_requestAccounts fails with 4001 as if the user pressed Reject. */
  rejectConnect: boolean;
  /** While true, personal_sign fails with 4001 as if the user pressed Reject. */
  rejectSign: boolean;
  /** When set, personal_sign answers with this key's signature: a faulty wallet. */
  faultySigningKey: string | null;
  /** While true, eth_sendTransaction fails with 4001 as if the user pressed Reject. */
  rejectPayment: boolean;
  /** Switches chain as the user would in the wallet's own window; the page gets chainChanged. */
  switchChain(chainId: number): Promise<void>;
  /**
   * Switches to the account of `privateKey` as the user would in the wallet's own window. Like
   * MetaMask, the wallet then lets the site see both accounts, the selected one first
   * (eth_accounts, eth_requestAccounts), and the page gets accountsChanged in that order.
   */
  switchAccount(privateKey: string): Promise<void>;
}

const REQUEST_BINDING = '__juTestWalletRequest';
const CHAIN_ID_BINDING = '__juTestWalletChainId';
const EMIT_FUNCTION = '__juTestWalletEmit';
const PROVIDER_INFO = {
  name: 'JU Test Wallet',
  icon:
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 96'%3E" +
    "%3Crect width='96' height='96' rx='20' fill='%230b7a5c'/%3E%3C/svg%3E",
  rdns: 'dev.juwallet.testwallet',
};

// EIP-1193 provider errors and the EIP-1474 / EIP-3085 codes wallets use.
const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const UNSUPPORTED_METHOD = 4200;
const UNRECOGNIZED_CHAIN = 4902;
const INVALID_PARAMS = -32602;
// What wallets answer when the node refuses a transaction (EIP-1474 'transaction rejected').
const NODE_REFUSED = -32000;

type WalletEvent = [name: string, payload: unknown];
type RpcReply =
  { result: unknown; events: WalletEvent[] } | { error: { code: number; message: string } };

/** Calls the node passed straight through, as a wallet reads the chain for the page. */
const NODE_READS = new Set([
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_blockNumber',
  'eth_getBalance',
]);

export async function installTestWallet(
  page: Page,
  opts: TestWalletOptions,
): Promise<TestWalletHandle> {
  const wallet = new TestWallet(opts, async (events) => {
    await page.evaluate(
      ([emitFunction, pending]) => {
        const scope = window as unknown as Record<string, unknown>;
        const emit = scope[emitFunction] as (name: string, payload: unknown) => void;
        for (const [name, payload] of pending) emit(name, payload);
      },
      [EMIT_FUNCTION, events] as const,
    );
  });
  await page.exposeBinding(REQUEST_BINDING, (_source, request: RecordedRequest) =>
    wallet.answer(request),
  );
  await page.exposeBinding(CHAIN_ID_BINDING, () => toQuantity(wallet.chainId));
  await page.addInitScript(installProvider, providerConfig());
  return wallet;
}

/** How the page-side provider (installProvider) reaches the wallet: the names it calls. */
export function providerConfig(): ProviderConfig {
  return {
    requestBinding: REQUEST_BINDING,
    chainIdBinding: CHAIN_ID_BINDING,
    emitFunction: EMIT_FUNCTION,
    info: { uuid: randomUUID(), ...PROVIDER_INFO },
  };
}

/** Hands events to the page's provider (its `emitFunction`), in order. */
export type EmitInPage = (events: [name: string, payload: unknown][]) => Promise<void>;

/**
 * The wallet itself, for browsers other than Playwright's Chromium: the engine's driver
 * forwards the page's requests to `answer` and the wallet's events to the page.
 */
export function createTestWallet(opts: TestWalletOptions, emit: EmitInPage): TestWallet {
  return new TestWallet(opts, emit);
}

export class TestWallet implements TestWalletHandle {
  readonly requests: RecordedRequest[] = [];
  rejectConnect: boolean;
  rejectSign: boolean;
  faultySigningKey: string | null = null;
  rejectPayment = false;
  chainId: number;
  #emit: EmitInPage;
  /** The accounts the site may see, the selected one first, with their keys. */
  #accounts: { address: string; privateKey: string }[];
  #knownChains: Set<number>;
  #connected = false;
  #rpcUrl: string | undefined;
  #signer: WalletClient | undefined;
  /** Accounts the wallet holds but has not connected to the site yet, by lower-case address. */
  #held = new Map<string, string>();

  constructor(opts: TestWalletOptions, emit: EmitInPage) {
    this.#accounts = [
      { address: privateKeyToAddress(opts.privateKey), privateKey: opts.privateKey },
    ];
    this.rejectConnect = opts.rejectConnect ?? false;
    this.rejectSign = opts.rejectSign ?? false;
    this.chainId = opts.chainId;
    this.#emit = emit;
    this.#knownChains = new Set([opts.chainId, ...(opts.knownChains ?? [])]);
    this.#rpcUrl = opts.rpcUrl;
    for (const privateKey of opts.otherKeys ?? [])
      this.#held.set(privateKeyToAddress(privateKey).toLowerCase(), privateKey);
  }

  get address(): string {
    return this.#accounts[0]!.address;
  }

  get #privateKey(): string {
    return this.#accounts[0]!.privateKey;
  }

  async switchChain(chainId: number): Promise<void> {
    this.#knownChains.add(chainId);
    await this.#emitInPage(this.#changeChain(chainId));
  }

  async switchAccount(privateKey: string): Promise<void> {
    const address = privateKeyToAddress(privateKey);
    this.#accounts = [
      { address, privateKey },
      ...this.#accounts.filter((account) => !sameAddress(account.address, address)),
    ];
    this.#signer = undefined;
    if (this.#connected) await this.#emitInPage([['accountsChanged', this.#addresses()]]);
  }

  #addresses(): string[] {
    return this.#accounts.map((account) => account.address);
  }

  async #emitInPage(events: WalletEvent[]): Promise<void> {
    await this.#emit(events);
  }

  answer(request: RecordedRequest): RpcReply | Promise<RpcReply> {
    this.requests.push(request);
    const params = Array.isArray(request.params) ? (request.params as unknown[]) : [];
    if (this.#rpcUrl && NODE_READS.has(request.method)) {
      return this.#nodeCall(request.method, params);
    }
    switch (request.method) {
      case 'eth_requestAccounts':
        return this.#connect();
      case 'eth_accounts':
        return ok(this.#connected ? this.#addresses() : []);
      case 'wallet_requestPermissions':
        return this.#requestPermissions();
      case 'eth_chainId':
        return ok(toQuantity(this.chainId));
      case 'net_version':
        return ok(String(this.chainId));
      case 'personal_sign':
        return this.#personalSign(params[0], params[1]);
      case 'wallet_switchEthereumChain':
        return this.#switchToKnownChain(params[0]);
      case 'wallet_addEthereumChain':
        return this.#addChain(params[0]);
      case 'eth_sendTransaction':
        return this.#sendTransaction(params[0]);
      case 'eth_getBalance':
        return ok('0x0');
      case 'eth_blockNumber':
        return ok('0x1');
      default:
        return fail(
          UNSUPPORTED_METHOD,
          `The method "${request.method}" is not supported by this wallet.`,
        );
    }
  }

  #connect(): RpcReply {
    if (this.rejectConnect) return fail(USER_REJECTED, 'User rejected the request.');
    const events: WalletEvent[] = this.#connected ? [] : [['accountsChanged', this.#addresses()]];
    this.#connected = true;
    return ok(this.#addresses(), events);
  }

  /** The user connects every account the wallet holds, keeping the current one first. */
  #requestPermissions(): RpcReply {
    if (this.rejectConnect) return fail(USER_REJECTED, 'User rejected the request.');
    this.#connected = true;
    for (const privateKey of this.#held.values())
      this.#accounts.push({ address: privateKeyToAddress(privateKey), privateKey });
    this.#held.clear();
    return ok([{ parentCapability: 'eth_accounts' }], [['accountsChanged', this.#addresses()]]);
  }

  #personalSign(data: unknown, account: unknown): RpcReply {
    if (typeof data !== 'string' || typeof account !== 'string') {
      return fail(INVALID_PARAMS, 'personal_sign expects [message, address].');
    }
    // Any account connected to the site can sign, not only the selected one.
    const key =
      this.#accounts.find((connected) => sameAddress(connected.address, account))?.privateKey ??
      null;
    if (!this.#connected || key === null) {
      return fail(UNAUTHORIZED, 'The requested account has not been authorized by the user.');
    }
    if (this.rejectSign) return fail(USER_REJECTED, 'User rejected the request.');
    // Like MetaMask: 0x-prefixed hex is taken as raw bytes, anything else as UTF-8 text.
    const message = /^0x(?:[0-9a-fA-F]{2})*$/.test(data) ? hexToBytes(data.slice(2)) : data;
    return ok(signPersonalMessage(this.faultySigningKey ?? key, message));
  }

  async #sendTransaction(param: unknown): Promise<RpcReply> {
    if (!this.#rpcUrl) return fail(UNSUPPORTED_METHOD, 'This test wallet has no chain to send to.');
    const tx = param as { from?: unknown; to?: unknown; value?: unknown; data?: unknown } | null;
    if (!tx || typeof tx.to !== 'string' || typeof tx.from !== 'string') {
      return fail(INVALID_PARAMS, 'eth_sendTransaction expects [{ from, to, value }].');
    }
    if (!this.#connected || !sameAddress(tx.from, this.address)) {
      return fail(UNAUTHORIZED, 'The requested account has not been authorized by the user.');
    }
    if (this.rejectPayment) return fail(USER_REJECTED, 'User rejected the transaction.');
    try {
      const signer = this.#walletClient();
      const hash = await signer.sendTransaction({
        account: signer.account!,
        chain: signer.chain,
        to: tx.to as Hex,
        value: typeof tx.value === 'string' ? BigInt(tx.value) : 0n,
        ...(typeof tx.data === 'string' ? { data: tx.data as Hex } : {}),
      });
      await this.#minedWhenAutomining(hash);
      return ok(hash);
    } catch (error) {
      // Relay the node's own words, as wallets do when the node refuses a transaction.
      return fail(NODE_REFUSED, nodeReason(error));
    }
  }

  /**
   * Anvil answers a sent transaction before its automatic block is in: on a busy machine the
   * server could then find it unmined, and a test that means "the chain mines it at once"
   * would see a payment still pending. While Anvil automines, the wallet answers once the
   * block is in, as that chain would; with automine off (tests of pending payments) at once.
   */
  async #minedWhenAutomining(hash: Hex): Promise<void> {
    const automine = await this.#nodeCall('anvil_getAutomine', []);
    if (!('result' in automine) || automine.result !== true) return;
    // A block that never comes in 5 s is the node's business: the wallet answers anyway.
    await waitForTransactionReceipt(this.#walletClient(), {
      hash,
      pollingInterval: 25,
      timeout: 5_000,
    }).catch((error: unknown) => {
      if (!(error instanceof WaitForTransactionReceiptTimeoutError)) throw error;
    });
  }

  #walletClient(): WalletClient {
    this.#signer ??= createWalletClient({
      account: privateKeyToAccount(this.#privateKey as Hex),
      chain: defineChain({
        id: this.chainId,
        name: 'JuChain (test)',
        nativeCurrency: { name: 'JU', symbol: 'JU', decimals: 18 },
        rpcUrls: { default: { http: [this.#rpcUrl!] } },
      }),
      transport: http(this.#rpcUrl),
    });
    return this.#signer;
  }

  async #nodeCall(method: string, params: unknown[]): Promise<RpcReply> {
    const response = await fetch(this.#rpcUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as {
      result?: unknown;
      error?: { code: number; message: string };
    };
    return body.error ? { error: body.error } : ok(body.result ?? null);
  }

  #switchToKnownChain(param: unknown): RpcReply {
    const chainId = chainIdParam(param);
    if (chainId === undefined) return fail(INVALID_PARAMS, 'Expected [{ chainId: "0x…" }].');
    if (!this.#knownChains.has(chainId)) {
      return fail(UNRECOGNIZED_CHAIN, `Unrecognized chain ID "${toQuantity(chainId)}".`);
    }
    return ok(null, this.#changeChain(chainId));
  }

  #addChain(param: unknown): RpcReply {
    const chainId = chainIdParam(param);
    if (chainId === undefined) return fail(INVALID_PARAMS, 'Expected [{ chainId: "0x…", … }].');
    this.#knownChains.add(chainId);
    return ok(null, this.#changeChain(chainId));
  }

  #changeChain(chainId: number): WalletEvent[] {
    if (chainId === this.chainId) return [];
    this.chainId = chainId;
    return [['chainChanged', toQuantity(chainId)]];
  }
}

/** The node's reason inside a viem error (its `details`), else the error's own message. */
function nodeReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current; depth++) {
    const details = (current as { details?: unknown }).details;
    if (typeof details === 'string' && details) return details;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}

function ok(result: unknown, events: WalletEvent[] = []): RpcReply {
  return { result, events };
}

function fail(code: number, message: string): RpcReply {
  return { error: { code, message } };
}

function toQuantity(n: number): string {
  return `0x${n.toString(16)}`;
}

function chainIdParam(param: unknown): number | undefined {
  const chainId = (param as { chainId?: unknown } | undefined)?.chainId;
  return typeof chainId === 'string' && /^0x[1-9a-fA-F][0-9a-fA-F]*$/.test(chainId)
    ? Number.parseInt(chainId, 16)
    : undefined;
}

export interface ProviderConfig {
  requestBinding: string;
  chainIdBinding: string;
  emitFunction: string;
  info: { uuid: string; name: string; icon: string; rdns: string };
}

// Runs inside the page, before any of its scripts, so it must not use anything from this module.
export function installProvider(config: ProviderConfig): void {
  type Listener = (payload: unknown) => void;
  type Reply =
    { result: unknown; events: [string, unknown][] } | { error: { code: number; message: string } };
  const scope = window as unknown as Record<string, unknown>;
  const binding = <T>(name: string) => scope[name] as (...args: unknown[]) => Promise<T>;
  const listeners = new Map<string, Set<Listener>>();
  // Each listener runs in its own microtask, so one that throws breaks neither the request nor
  // the other listeners.
  const emit = (name: string, payload: unknown) => {
    for (const listener of listeners.get(name) ?? []) queueMicrotask(() => listener(payload));
  };

  const provider = {
    async request(args: { method: string; params?: unknown }): Promise<unknown> {
      const reply = await binding<Reply>(config.requestBinding)({
        method: args.method,
        params: args.params,
      });
      if ('error' in reply) {
        throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      }
      for (const [name, payload] of reply.events) emit(name, payload);
      return reply.result;
    },
    on(name: string, listener: Listener) {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(listener));
      return provider;
    },
    removeListener(name: string, listener: Listener) {
      listeners.get(name)?.delete(listener);
      return provider;
    },
  };

  Object.defineProperty(window, config.emitFunction, { value: emit });
  scope.ethereum = provider;
  const detail = Object.freeze({ info: Object.freeze({ ...config.info }), provider });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  // EIP-1193: announce the chain once connected to it, as extension wallets do after their
  // own start-up round trip (so listeners added while the page loads still hear it).
  void binding<string>(config.chainIdBinding)().then((chainId) => emit('connect', { chainId }));
}
