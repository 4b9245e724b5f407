// GET /config.json: deployment settings for the app (contract/api/runtimeConfig.ts). The same
// settings are written into index.html when the server sends it (http/staticApp.ts), so the
// app starts without waiting for this request.
import type { FastifyRequest } from 'fastify';
import { runtimeConfigEndpoint, type RuntimeConfig } from '../../contract/api/runtimeConfig.ts';
import type { ServerSettings } from '../config.ts';
import type { EnvelopeService } from '../envelope/service.ts';
import { boundedMemo } from './boundedMemo.ts';
import { realtimeOrigin, requireSite } from './origin.ts';
import { defineRoute } from './route.ts';

export const REALTIME_PATH = '/ws';

function realtimeUrl(request: FastifyRequest, publicUrl: string | null): string {
  return realtimeOrigin(requireSite(request, publicUrl)) + REALTIME_PATH;
}

/**
 * Each server's answers so far, by realtime URL (the site) and published keys: a handful per
 * server, built once each, so /config.json's bytes and ETag are too (preparedAnswer.ts).
 */
const builtConfigs = new WeakMap<ServerSettings, ReturnType<typeof boundedMemo<RuntimeConfig>>>();

/**
 * The app's settings; also written into index.html when it is sent (http/staticApp.ts).
 * `envelope` is the running envelope, when it is on. The same frozen object for the same
 * site and keys.
 */
export function runtimeConfigFor(
  request: FastifyRequest,
  settings: ServerSettings,
  envelope: EnvelopeService | undefined,
): RuntimeConfig {
  const realtime = realtimeUrl(request, settings.publicUrl);
  const keys = envelope?.keys.published() ?? null;
  let built = builtConfigs.get(settings);
  if (!built) builtConfigs.set(settings, (built = boundedMemo<RuntimeConfig>(64)));
  return built(`${realtime} ${keys ?? ''}`, () =>
    Object.freeze(buildRuntimeConfig(realtime, keys, settings)),
  );
}

function buildRuntimeConfig(
  realtime: string,
  keys: string | null,
  settings: ServerSettings,
): RuntimeConfig {
  return {
    api_base: '',
    realtime_url: realtime,
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
    envelope: keys !== null,
    server_public_key: keys,
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
    // One answer per site and key list: its bytes and ETag built once (preparedAnswer.ts).
    prebuilt: true,
    // Deployments change it without a new build, so browsers must always revalidate.
    headers: { 'cache-control': 'no-cache' },
    async handler({ context, request }): Promise<RuntimeConfig> {
      return runtimeConfigFor(request, context.settings, context.envelope);
    },
  }),
];
