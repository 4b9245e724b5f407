// Wallets let a user speed up or cancel a payment still in the pool: they send another
// transaction with the same sender and nonce and a higher fee, and the chain mines that one
// instead. The first hash then never gets mined. To know what happened, look for the mined
// transaction that used the sender's nonce, in the blocks after the payment was first seen.
import type { Hex, PublicClient } from 'viem';
import { sameAddress } from '../../contract/wallet/addressShape.ts';

/** The most blocks one search reads: a replacement is mined soon after its original. */
export const REPLACEMENT_SEARCH_BLOCKS = 2_000;

export interface MinedReplacement {
  hash: string;
  to: string | null;
  value: bigint;
}

export type ReplacementSearch =
  /** The nonce is still free: nothing replaced the payment (it may yet be mined). */
  | { found: 'nonce_unused' }
  | { found: 'replacement'; replacement: MinedReplacement }
  /** The nonce was used by a transaction that is not within the blocks searched. */
  | { found: 'not_in_range' }
  | { found: 'unreachable' };

export async function findReplacement(
  client: PublicClient,
  search: { sender: string; nonce: bigint; fromBlock: bigint },
): Promise<ReplacementSearch> {
  try {
    const used = await client.getTransactionCount({
      address: search.sender as Hex,
      blockTag: 'latest',
    });
    if (BigInt(used) <= search.nonce) return { found: 'nonce_unused' };
    const latest = await client.getBlockNumber({ cacheTime: 0 });
    const last = min(latest, search.fromBlock + BigInt(REPLACEMENT_SEARCH_BLOCKS));
    for (let number = search.fromBlock; number <= last; number++) {
      const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
      const mined = block.transactions.find(
        (tx) => sameAddress(tx.from, search.sender) && BigInt(tx.nonce) === search.nonce,
      );
      if (mined)
        return {
          found: 'replacement',
          replacement: { hash: mined.hash.toLowerCase(), to: mined.to ?? null, value: mined.value },
        };
    }
    return { found: 'not_in_range' };
  } catch {
    return { found: 'unreachable' };
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
