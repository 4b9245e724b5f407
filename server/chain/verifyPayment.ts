// Is this transaction the payment asked for? The chain's word only. As soon as the node knows
// the transaction — in its pool or mined — its chain, sender, recipient and value are checked:
// a transaction from someone else, to someone else or of another amount is refused at once,
// so nobody can hold a hash they did not send. Once mined, the receipt must say success and
// the block must be buried under enough blocks.
import {
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
} from 'viem';
import type { PaymentFailure } from '../../contract/api/chain.ts';
import { sameAddress } from '../../contract/wallet/addressShape.ts';
import { unitsToWei, weiToWholeUnits } from './client.ts';

export interface ExpectedPayment {
  hash: string;
  /** The address that must have sent it: the user's, or another wallet they proved is theirs. */
  from: string;
  /** The treasury. */
  to: string;
  /** JU units (6 decimals) it must carry; null: any amount of at least one unit (a payment
   * kept for the balance, whose amount is what it carried). */
  units: bigint | null;
  chainId: number;
  confirmations: number;
}

/** What the node showed of a transaction it knows. */
export interface SeenTransaction {
  sender: string;
  nonce: bigint;
  /** The latest block as the node answered: where a search for a replacement starts. */
  latestBlock: bigint;
}

export type PaymentVerdict =
  | ({ status: 'confirmed'; confirmations: number; blockNumber: bigint } & SeenTransaction)
  /** Known to the node and as asked, but in its pool or under too few blocks yet. */
  | ({ status: 'pending'; confirmations: number; blockNumber: bigint | null } & SeenTransaction)
  /** The node does not know this hash (never sent, not arrived yet, dropped or replaced). */
  | { status: 'unseen' }
  /** The node could not be asked: nothing is known. */
  | { status: 'unreachable' }
  | {
      status: 'rejected';
      failure: PaymentFailure;
      /** Who sent it, when the node showed it. */
      sender?: string;
      /** A payment of another amount from the right sender to the treasury: what it carries
       * in whole JU units (what reaches the treasury once it is mined). */
      paidUnits?: bigint;
    };

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
      if (error instanceof TransactionNotFoundError) return { status: 'unseen' };
      throw error;
    }
    const sender = transaction.from;
    if (transaction.chainId !== undefined && transaction.chainId !== expected.chainId)
      return { status: 'rejected', failure: 'payment_wrong_chain', sender };
    if (!sameAddress(sender, expected.from))
      return { status: 'rejected', failure: 'payment_wrong_sender', sender };
    if (!transaction.to || !sameAddress(transaction.to, expected.to))
      return { status: 'rejected', failure: 'payment_wrong_recipient', sender };
    const amountWrong =
      expected.units === null
        ? weiToWholeUnits(transaction.value) < 1n
        : transaction.value !== unitsToWei(expected.units);
    if (amountWrong)
      return {
        status: 'rejected',
        failure: 'payment_wrong_amount',
        sender,
        paidUnits: weiToWholeUnits(transaction.value),
      };
    const seen = {
      sender,
      nonce: BigInt(transaction.nonce),
      latestBlock: await client.getBlockNumber({ cacheTime: 0 }),
    };
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash });
    } catch (error) {
      // Known but not mined yet: in the node's pool.
      if (error instanceof TransactionReceiptNotFoundError)
        return { status: 'pending', confirmations: 0, blockNumber: null, ...seen };
      throw error;
    }
    if (receipt.status !== 'success')
      return { status: 'rejected', failure: 'payment_reverted', sender };
    const confirmations = Number(seen.latestBlock - receipt.blockNumber + 1n);
    if (confirmations < expected.confirmations)
      return { status: 'pending', confirmations, blockNumber: receipt.blockNumber, ...seen };
    return { status: 'confirmed', confirmations, blockNumber: receipt.blockNumber, ...seen };
  } catch {
    // The node is down or answered nonsense: nothing is decided.
    return { status: 'unreachable' };
  }
}
