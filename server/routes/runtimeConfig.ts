// GET /config.json: deployment settings for the app (src/api/runtimeConfig.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../src/api/runtimeConfig.ts';
import type { ServerContext } from '../context.ts';
import { realtimeOrigin, requireSite } from '../http/origin.ts';

export const REALTIME_PATH = '/ws';

function realtimeUrl(request: FastifyRequest, publicUrl: string | null): string {
  return realtimeOrigin(requireSite(request, publicUrl)) + REALTIME_PATH;
}

export function registerRuntimeConfigRoute(app: FastifyInstance, context: ServerContext): void {
  const { settings } = context;
  app.get(RUNTIME_CONFIG_PATH, async (request, reply) => {
    const config: RuntimeConfig = {
      api_base: '',
      realtime_url: realtimeUrl(request, settings.publicUrl),
      chain: {
        id: settings.chain.id,
        name: settings.chain.name,
        rpc_url: settings.chain.rpcUrl,
        token_symbol: settings.chain.tokenSymbol,
        ...(settings.chain.explorerUrl ? { explorer_url: settings.chain.explorerUrl } : {}),
      },
      // The encrypted envelope is not built yet; until it is, requests travel plain.
      envelope: false,
      server_public_key: null,
      invite_required: settings.inviteRequired,
    };
    // Deployments change it without a new build, so browsers must always revalidate.
    return reply.header('cache-control', 'no-cache').send(config);
  });
}
