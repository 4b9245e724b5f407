// /admin/v1/{chain,ticket,cycle,release}/*: the operator's side of payments on the chain.
import { formatEther, parseEther, type Hex } from 'viem';
import type { CyclePoolData } from '../../contract/api/cycle.ts';
import {
  type AdminApplicationsData,
  type ChainFundData,
  type ChainJobsData,
  type ChainStatusData,
  type PoolFundData,
  type TicketReviewData,
  adminChainEndpoints,
} from '../admin/contractChain.ts';
import { chainClient } from './client.ts';
import { runChainJobs } from './jobs.ts';
import type { ServerContext } from '../context.ts';
import { poolCoverage } from '../cycle/coverage.ts';
import { fundPool, poolBalance, type PoolKind } from '../cycle/pool.ts';
import { DomainError } from '../domainError.ts';
import { parseAddress, parsePositiveAmount } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';
import { ACCOUNT_KIND } from '../ledger/accounts.ts';
import { wireAmount } from '../money/wireAmounts.ts';
import { applicationWire, listApplications, reviewApplication } from '../ticket/applications.ts';

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

async function fund(
  context: ServerContext,
  kind: PoolKind,
  body: { amount: string; idempotency_key: string },
): Promise<PoolFundData> {
  const units = parsePositiveAmount(body.amount, 'JU');
  const transfer = await fundPool(context.db, kind, units, body.idempotency_key, context.now());
  return {
    transfer_id: String(transfer.id),
    amount: wireAmount('JU', units),
    pool_balance: wireAmount('JU', await poolBalance(context.db, kind)),
    replayed: transfer.replayed,
  };
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
  defineRoute({
    endpoint: adminChainEndpoints.ticketApplications,
    async handler({ context: { db }, input }): Promise<AdminApplicationsData> {
      const { rows, total } = await listApplications(db, { status: input.status }, 1, 500);
      const users = await db.kysely
        .selectFrom('users')
        .select(['id', 'address'])
        .where('id', 'in', rows.length ? rows.map((row) => row.user_id) : [0n])
        .execute();
      const addressOf = new Map(users.map((user) => [user.id, user.address]));
      return {
        total,
        list: rows.map((row) => ({
          ...applicationWire(row),
          address: addressOf.get(row.user_id)!,
        })),
      };
    },
  }),
  defineRoute({
    endpoint: adminChainEndpoints.ticketReview,
    async handler({ context, input }): Promise<TicketReviewData> {
      return reviewApplication(
        context,
        BigInt(input.id),
        input.approve ? { approve: true } : { approve: false, reason: input.reason || 'rejected' },
      );
    },
  }),
  defineRoute({
    endpoint: adminChainEndpoints.cycleFund,
    async handler({ context, input }): Promise<PoolFundData> {
      return fund(context, ACCOUNT_KIND.cycle_pool, input);
    },
  }),
  defineRoute({
    endpoint: adminChainEndpoints.cyclePool,
    async handler({ context }): Promise<CyclePoolData> {
      return poolCoverage(context.db);
    },
  }),
  defineRoute({
    endpoint: adminChainEndpoints.releaseFund,
    async handler({ context, input }): Promise<PoolFundData> {
      return fund(context, ACCOUNT_KIND.release_pool, input);
    },
  }),
];
