// Paying on the chain through the user's own wallet: the app asks the wallet to send native
// JU (EIP-1193 `eth_sendTransaction`) and reads the receipt through the same provider. The app
// never holds a key; the wallet signs, and the server checks the result against the chain.
import type { Eip1193Provider } from './eip1193.ts';
import { classifyWalletError, WalletError } from './walletErrors.ts';

/** Native JU has 18 decimals on the chain (the ledger keeps 6, see api/assets.ts). */
export const NATIVE_DECIMALS = 18;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export function isTransactionHash(value: unknown): value is string {
  return typeof value === 'string' && TX_HASH.test(value);
}

/** '60.5' JU → its value in wei. Refuses anything that is not a plain positive decimal. */
export function toWei(amount: string): bigint {
  const match = DECIMAL.exec(amount);
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || fraction.length > NATIVE_DECIMALS) {
    throw new RangeError(`Not a JU amount: ${JSON.stringify(amount.slice(0, 40))}`);
  }
  return BigInt(whole + fraction.padEnd(NATIVE_DECIMALS, '0'));
}

export interface NativePayment {
  from: string;
  to: string;
  /** Decimal JU, e.g. '60'. */
  amount: string;
}

/** Asks the wallet to pay; answers the transaction hash once the wallet has sent it. */
export async function sendTransaction(
  provider: Eip1193Provider,
  payment: NativePayment,
): Promise<string> {
  const value = `0x${toWei(payment.amount).toString(16)}`;
  let hash: unknown;
  try {
    hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: payment.from, to: payment.to, value }],
    });
  } catch (error) {
    throw new WalletError(classifyWalletError(error, 'pay'), error);
  }
  if (!isTransactionHash(hash)) throw new WalletError('wallet_internal');
  return hash.toLowerCase();
}

export interface TransactionReceipt {
  hash: string;
  /** 'reverted' means the chain took the transaction but it moved nothing. */
  status: 'success' | 'reverted';
  blockNumber: bigint;
}

/** The chain has not mined the transaction within the wait: it may still be. */
export class ReceiptTimeout extends Error {
  override name = 'ReceiptTimeout';
  readonly hash: string;
  constructor(hash: string) {
    super(`No receipt yet for ${hash}`);
    this.hash = hash;
  }
}

export type Delay = (ms: number) => Promise<void>;

export const realDelay: Delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReceiptWaitOptions {
  /** Between two looks at the chain. */
  intervalMs?: number;
  /** How long to look before giving up with ReceiptTimeout. */
  timeoutMs?: number;
  /** The timer, injectable so tests run on fake time. */
  delay?: Delay;
  /** Stops waiting (the screen went away); rejects with the signal's reason. */
  signal?: AbortSignal;
}

function readReceipt(hash: string, value: unknown): TransactionReceipt | null {
  if (value === null || value === undefined) return null;
  const receipt = value as { status?: unknown; blockNumber?: unknown };
  if (typeof receipt.blockNumber !== 'string') return null;
  return {
    hash,
    status: receipt.status === '0x1' || receipt.status === 1 ? 'success' : 'reverted',
    blockNumber: BigInt(receipt.blockNumber),
  };
}

/**
 * Polls `eth_getTransactionReceipt` until the transaction is mined. A failed look (the node
 * briefly away) is retried like a missing receipt; only the timeout ends the wait.
 */
export async function waitForReceipt(
  provider: Eip1193Provider,
  hash: string,
  options: ReceiptWaitOptions = {},
): Promise<TransactionReceipt> {
  const { intervalMs = 2_000, timeoutMs = 180_000, delay = realDelay, signal } = options;
  let waited = 0;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const receipt = readReceipt(
        hash,
        await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] }),
      );
      if (receipt) return receipt;
    } catch (error) {
      // A wallet that cannot read receipts at all will not learn to: say so at once.
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 4200 || code === 4100) throw new WalletError('wallet_internal', error);
    }
    if (waited >= timeoutMs) throw new ReceiptTimeout(hash);
    await delay(intervalMs);
    waited += intervalMs;
  }
}
