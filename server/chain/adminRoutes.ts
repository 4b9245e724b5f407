// /admin/v1/chain/*: the operator's side of payments on the chain (the areas paid on chain
// have their own: ticket/, cycle/, release/adminRoutes.ts).
import { formatEther, parseEther, type Hex } from 'viem';
import {
  type ChainFundData,
  type ChainJobsData,
  type ChainStatusData,
  adminChainEndpoints,
} from '../admin/contractChain.ts';
import { chainClient } from './client.ts';
import { runChainJobs } from './jobs.ts';
import { DomainError } from '../domainError.ts';
import { parseAddress, parsePositiveAmount } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';

/** Anvil says so in its client version; a real chain never does. */
export async function isDevelopmentChain(rpcUrl: string): Promise<boolean> {
  try {
    const version: unknown = await chainClient(rpcUrl).request({
      method: 'web3_clientVersion',
    } as never);
    return typeof version === 'string' && version.toLowerCase().startsWith('anvil');
  } catch {
    return false;
  }
}

export const adminChainRoutes = [
  defineRoute({
    endpoint: adminChainEndpoints.status,
    async handler({ context: { db, settings } }): Promise<ChainStatusData> {
      const client = chainClient(settings.chain.rpcUrl);
      const pending = await db.kysely
        .selectFrom('chain_payments')
        .select((eb) => eb.fn.countAll<bigint>().as('count'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const base = {
        chain_id: settings.chain.id,
        rpc_url: settings.chain.rpcUrl,
        embedded: settings.chain.embedded,
        treasury: settings.chain.treasury,
        required_confirmations: settings.chain.confirmations,
        pending_payments: Number(pending.count),
      };
      try {
        const [nodeChainId, block, balance] = await Promise.all([
          client.getChainId(),
          client.getBlockNumber({ cacheTime: 0 }),
          settings.chain.treasury
            ? client.getBalance({ address: settings.chain.treasury as Hex })
            : Promise.resolve(null),
        ]);
        return {
          ...base,
          reachable: true,
          node_chain_id: nodeChainId,
          block_number: String(block),
          treasury_balance: balance === null ? null : formatEther(balance),
        };
      } catch {
        return {
          ...base,
          reachable: false,
          node_chain_id: null,
          block_number: null,
          treasury_balance: null,
        };
      }
    },
  }),
  defineRoute({
    endpoint: adminChainEndpoints.fund,
    async handler({ context: { settings }, input }): Promise<ChainFundData> {
      const address = parseAddress(input.address) as Hex;
      parsePositiveAmount(input.amount, 'JU');
      const client = chainClient(settings.chain.rpcUrl);
      try {
        const balance = (await client.getBalance({ address })) + parseEther(input.amount);
        // Anvil's own method: only a development chain lets anyone mint its coin.
        await client.request({
          method: 'anvil_setBalance',
          params: [address, `0x${balance.toString(16)}`],
        } as never);
        return { address, balance: formatEther(balance) };
      } catch (error) {
        throw new DomainError('chain_unreachable', {
          data: { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) },
        });
      }
    },
  }),
  defineRoute({
    endpoint: adminChainEndpoints.runJobs,
    async handler({ context, input }): Promise<ChainJobsData> {
      if (input.at === undefined) return runChainJobs(context);
      const at = new Date(input.at);
      if (!(at > context.now()))
        throw new DomainError('validation', { values: { field: 'at' }, data: { field: 'at' } });
      if (!(await isDevelopmentChain(context.settings.chain.rpcUrl)))
        throw new DomainError('forbidden');
      return runChainJobs(context, at);
    },
  }),
];
