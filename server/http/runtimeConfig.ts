// GET /config.json: deployment settings for the app (contract/api/runtimeConfig.ts). The same
// settings are written into index.html when the server sends it (http/staticApp.ts), so the
// app starts without waiting for this request.
import type { FastifyRequest } from 'fastify';
import { runtimeConfigEndpoint, type RuntimeConfig } from '../../contract/api/runtimeConfig.ts';
import type { ServerSettings } from '../config.ts';
import type { EnvelopeService } from '../envelope/service.ts';
import { realtimeOrigin, requireSite, type Site } from './origin.ts';
import { defineRoute } from './route.ts';

export const REALTIME_PATH = '/ws';

/** The answer built for one site, with the key list it was built with. */
interface BuiltConfig {
  keys: string | null;
  config: RuntimeConfig;
}

/**
 * Each server's answers by site (the realtime URL is the site's), each rebuilt only when the
 * published keys change: a handful per server, built once each, so /config.json's bytes and
 * ETag are too (preparedAnswer.ts). Looked up by reference, not by a key string built and
 * hashed per request.
 */
const builtConfigs = new WeakMap<ServerSettings, WeakMap<Site, BuiltConfig>>();

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
  const site = requireSite(request, settings.publicUrl);
  const keys = envelope?.keys.published() ?? null;
  let bySite = builtConfigs.get(settings);
  if (!bySite) builtConfigs.set(settings, (bySite = new WeakMap()));
  let built = bySite.get(site);
  if (built?.keys !== keys) {
    const realtime = realtimeOrigin(site) + REALTIME_PATH;
    built = { keys, config: Object.freeze(buildRuntimeConfig(realtime, keys, settings)) };
    bySite.set(site, built);
  }
  return built.config;
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
