// GET /config.json: deployment settings for the app (src/api/runtimeConfig.ts). The same
// settings are written into index.html when the server sends it (http/staticApp.ts), so the
// app starts without waiting for this request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../src/api/runtimeConfig.ts';
import type { ServerSettings } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { publicOrigin } from '../http/origin.ts';

export const REALTIME_PATH = '/ws';

function realtimeUrl(request: FastifyRequest, publicUrl: string | null): string {
  const url = new URL(REALTIME_PATH, publicOrigin(request, publicUrl));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function runtimeConfigFor(request: FastifyRequest, settings: ServerSettings): RuntimeConfig {
  return {
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
}

export function registerRuntimeConfigRoute(app: FastifyInstance, context: ServerContext): void {
  app.get(RUNTIME_CONFIG_PATH, async (request, reply) =>
    // Deployments change it without a new build, so browsers must always revalidate.
    reply.header('cache-control', 'no-cache').send(runtimeConfigFor(request, context.settings)),
  );
}
