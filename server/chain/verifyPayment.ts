// Is this transaction the payment asked for? The chain's word only: the receipt must say
// success, the transaction must come from the user's address, go to the treasury, carry
// exactly the price, be on the configured chain, and be buried under enough blocks.
import {
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
} from 'viem';
import type { PaymentFailure } from '../../src/api/chain.ts';
import { unitsToWei } from './client.ts';

export interface ExpectedPayment {
  hash: string;
  /** The signed-in user's address. */
  from: string;
  /** The treasury. */
  to: string;
  /** JU units (6 decimals). */
  units: bigint;
  chainId: number;
  confirmations: number;
}

export type PaymentVerdict =
  | { status: 'confirmed'; confirmations: number; blockNumber: bigint }
  | {
      status: 'pending';
      confirmations: number;
      blockNumber: bigint | null;
      /** The node knows the transaction (mined or in its pool). */
      seen: boolean;
      /** The node could not be asked at all; nothing is known. */
      unreachable: boolean;
    }
  | { status: 'rejected'; failure: PaymentFailure };

const same = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

export async function verifyPayment(
  client: PublicClient,
  expected: ExpectedPayment,
): Promise<PaymentVerdict> {
  const hash = expected.hash as Hex;
  try {
    const chainId = await client.getChainId();
    if (chainId !== expected.chainId) return { status: 'rejected', failure: 'payment_wrong_chain' };
    let transaction;
    try {
      transaction = await client.getTransaction({ hash });
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return unseen();
      throw error;
    }
    if (transaction.chainId !== undefined && transaction.chainId !== expected.chainId)
      return { status: 'rejected', failure: 'payment_wrong_chain' };
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash });
    } catch (error) {
      // Known but not mined yet: in the node's pool.
      if (error instanceof TransactionReceiptNotFoundError)
        return {
          status: 'pending',
          confirmations: 0,
          blockNumber: null,
          seen: true,
          unreachable: false,
        };
      throw error;
    }
    if (receipt.status !== 'success') return { status: 'rejected', failure: 'payment_reverted' };
    if (!same(transaction.from, expected.from))
      return { status: 'rejected', failure: 'payment_wrong_sender' };
    if (!same(transaction.to, expected.to))
      return { status: 'rejected', failure: 'payment_wrong_recipient' };
    if (transaction.value !== unitsToWei(expected.units))
      return { status: 'rejected', failure: 'payment_wrong_amount' };
    const latest = await client.getBlockNumber({ cacheTime: 0 });
    const confirmations = Number(latest - receipt.blockNumber + 1n);
    if (confirmations < expected.confirmations) {
      return {
        status: 'pending',
        confirmations,
        blockNumber: receipt.blockNumber,
        seen: true,
        unreachable: false,
      };
    }
    return { status: 'confirmed', confirmations, blockNumber: receipt.blockNumber };
  } catch {
    // The node is down or answered nonsense: nothing is decided; the payment stays pending.
    return {
      status: 'pending',
      confirmations: 0,
      blockNumber: null,
      seen: false,
      unreachable: true,
    };
  }
}

function unseen(): PaymentVerdict {
  return {
    status: 'pending',
    confirmations: 0,
    blockNumber: null,
    seen: false,
    unreachable: false,
  };
}
