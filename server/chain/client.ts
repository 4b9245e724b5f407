// The server's one reader of the chain: viem's public client over JSON-RPC, one per RPC URL.
import { createPublicClient, http, type PublicClient } from 'viem';

const clients = new Map<string, PublicClient>();

/** Each RPC call gives up after this, so a dead node never holds a request for long. */
const RPC_TIMEOUT_MS = 10_000;

export function chainClient(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createPublicClient({
      transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }),
    }) as PublicClient;
    clients.set(rpcUrl, client);
  }
  return client;
}

/** JU has 18 decimals on chain and 6 in the ledger. */
const WEI_PER_UNIT = 10n ** 12n;

export function unitsToWei(units: bigint): bigint {
  return units * WEI_PER_UNIT;
}

/** The whole ledger units a chain value carries (finer dust below a unit is left out). */
export function weiToWholeUnits(wei: bigint): bigint {
  return wei / WEI_PER_UNIT;
}
