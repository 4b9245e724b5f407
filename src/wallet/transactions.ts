// Paying on the chain through the user's own wallet: the app asks the wallet to send native
// JU (EIP-1193 `eth_sendTransaction`). The app never holds a key; the wallet signs, and the
// server follows the transaction on the chain.
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

export type Delay = (ms: number) => Promise<void>;

export const realDelay: Delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
