// The chain of a browser test file: a local Anvil node (server/chain/localNode.ts) that the
// server reads payments from and the test wallet sends them to. The test gives wallets JU
// and mines blocks directly on the node.
import { randomBytes } from 'node:crypto';
import { createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startLocalNode } from '../../../server/chain/localNode.ts';
import { toChecksumAddress } from '../../../contract/wallet/address.ts';

export interface TestChain {
  rpcUrl: string;
  chainId: number;
  /** Where the server wants payments (a fresh address nobody holds the key of). */
  treasury: string;
  /** Sets `address`'s JU on the chain to exactly `ju`. */
  setBalance(address: string, ju: string): Promise<void>;
  /** The address's JU on the chain, in wei. */
  balance(address: string): Promise<bigint>;
  /** Mines `blocks` blocks (with what waits in the pool). */
  mine(blocks: number): Promise<void>;
  /** Off: sent transactions wait in the node's pool until `mine`. */
  setAutomine(on: boolean): Promise<void>;
  /** Pays `ju` from the key's account to `to` outside the app (another wallet of the user's). */
  payFrom(privateKey: string, to: string, ju: string): Promise<string>;
  stop(): Promise<void>;
}

const WEI_PER_JU = 10n ** 18n;

function juToWei(ju: string): bigint {
  const [whole = '0', fraction = ''] = ju.split('.');
  return BigInt(whole) * WEI_PER_JU + BigInt(fraction.padEnd(18, '0').slice(0, 18));
}

export async function startTestChain(chainId: number): Promise<TestChain> {
  const node = await startLocalNode({ chainId });
  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  }
  return {
    rpcUrl: node.rpcUrl,
    chainId,
    treasury: toChecksumAddress(`0x${randomBytes(20).toString('hex')}`),
    async setBalance(address, ju) {
      await rpc('anvil_setBalance', [address, `0x${juToWei(ju).toString(16)}`]);
    },
    async balance(address) {
      return BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string);
    },
    async mine(blocks) {
      await rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
    },
    async setAutomine(on) {
      await rpc('evm_setAutomine', [on]);
    },
    async payFrom(privateKey, to, ju) {
      const client = createWalletClient({
        account: privateKeyToAccount(privateKey as Hex),
        chain: defineChain({
          id: chainId,
          name: 'JuChain (test)',
          nativeCurrency: { name: 'JU', symbol: 'JU', decimals: 18 },
          rpcUrls: { default: { http: [node.rpcUrl] } },
        }),
        transport: http(node.rpcUrl),
      });
      return client.sendTransaction({ to: to as Hex, value: juToWei(ju) });
    },
    stop: () => node.stop(),
  };
}
