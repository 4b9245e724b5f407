// `/config.json`: the deployment settings the app reads at start-up, so one build serves
// every deployment (spec §7 "Configuration holds a base API host … and a realtime URL").
import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';

export const RUNTIME_CONFIG_PATH = '/config.json';
/** The id of the `<script type="application/json">` holding the same settings in index.html. */
export const INLINE_CONFIG_ELEMENT_ID = 'ju-runtime-config';

export const runtimeConfigSchema = v.object({
  /** Prefix for API paths; '' means the same origin as the app. */
  api_base: v.string(),
  realtime_url: v.string(),
  chain: v.object({
    id: v.number(),
    name: v.string(),
    rpc_url: v.string(),
    token_symbol: v.string(),
    explorer_url: v.optional(v.string()),
    /** Where payments on chain go (EIP-55); absent when the server takes none. */
    treasury: v.optional(v.string()),
  }),
  /** Whether requests go wrapped in the signed, encrypted envelope (spec §7). */
  envelope: v.boolean(),
  /** While the envelope is on: the server's key list (contract/api/envelope/transport.ts). */
  server_public_key: v.nullable(v.string()),
  /** Whether a new wallet needs an invite code to register. */
  invite_required: v.boolean(),
  /** The operator's WalletConnect project id; absent when WalletConnect is not offered. */
  walletconnect_project_id: v.optional(v.string()),
});

export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;

/** GET /config.json: the bare document (no envelope), read before the app speaks the API. */
export const runtimeConfigEndpoint = defineEndpoint({
  method: 'GET',
  path: RUNTIME_CONFIG_PATH,
  auth: 'none',
  output: runtimeConfigSchema,
});
