// The chain this deployment runs on, as the wallet code wants it, from the runtime settings.
import type { ChainConfig } from '../wallet/eip1193.ts';
import { runtimeConfig } from './runtimeConfig.ts';

export function chainFromConfig(): ChainConfig {
  const { chain } = runtimeConfig();
  return {
    id: chain.id,
    name: chain.name,
    rpcUrl: chain.rpc_url,
    tokenSymbol: chain.token_symbol,
    ...(chain.explorer_url ? { explorerUrl: chain.explorer_url } : {}),
  };
}
