// GET /config.json: deployment settings for the app (contract/api/runtimeConfig.ts). The same
// settings are written into index.html when the server sends it (http/staticApp.ts), so the
// app starts without waiting for this request.
import type { FastifyRequest } from 'fastify';
import { runtimeConfigEndpoint, type RuntimeConfig } from '../../contract/api/runtimeConfig.ts';
import type { ServerSettings } from '../config.ts';
import type { EnvelopeService } from '../envelope/service.ts';
import { realtimeOrigin, requireSite } from './origin.ts';
import { defineRoute } from './route.ts';

export const REALTIME_PATH = '/ws';

function realtimeUrl(request: FastifyRequest, publicUrl: string | null): string {
  return realtimeOrigin(requireSite(request, publicUrl)) + REALTIME_PATH;
}

/**
 * The app's settings; also written into index.html when it is sent (http/staticApp.ts).
 * `envelope` is the running envelope, when it is on.
 */
export function runtimeConfigFor(
  request: FastifyRequest,
  settings: ServerSettings,
  envelope: EnvelopeService | undefined,
): RuntimeConfig {
  return {
    api_base: '',
    realtime_url: realtimeUrl(request, settings.publicUrl),
    chain: {
      id: settings.chain.id,
      name: settings.chain.name,
      rpc_url: settings.chain.rpcUrl,
      token_symbol: settings.chain.tokenSymbol,
      ...(settings.chain.explorerUrl ? { explorer_url: settings.chain.explorerUrl } : {}),
      ...(settings.chain.treasury ? { treasury: settings.chain.treasury } : {}),
    },
    // While on: the live keys' configurations (contract/api/envelope/transport.ts), two during a
    // rotation. The app seals every call to the first and POSTs it to ENVELOPE_PATH.
    envelope: envelope !== undefined,
    server_public_key: envelope?.keys.published() ?? null,
    invite_required: settings.inviteRequired,
    ...(settings.walletConnectProjectId
      ? { walletconnect_project_id: settings.walletConnectProjectId }
      : {}),
  };
}

export const runtimeConfigRoutes = [
  defineRoute({
    endpoint: runtimeConfigEndpoint,
    // The app reads it before it speaks the API, so it is the bare document.
    bare: true,
    // Deployments change it without a new build, so browsers must always revalidate.
    headers: { 'cache-control': 'no-cache' },
    async handler({ context, request }): Promise<RuntimeConfig> {
      return runtimeConfigFor(request, context.settings, context.envelope);
    },
  }),
];
