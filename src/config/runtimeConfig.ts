// Deployment settings come from the server at start-up, so one build serves every deployment.
// The server writes them into index.html, so the app normally starts without a request; a
// page without them (the dev server) fetches /config.json.
import * as v from 'valibot';
import {
  INLINE_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PATH,
  runtimeConfigSchema,
  type RuntimeConfig,
} from '../../contract/api/runtimeConfig.ts';

let current: RuntimeConfig | null = null;

async function fetchRuntimeConfig(fetchImpl: typeof fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return v.parse(runtimeConfigSchema, await response.json());
}

function inlineRuntimeConfig(): RuntimeConfig | null {
  const text = document.getElementById(INLINE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = v.safeParse(runtimeConfigSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const inline = inlineRuntimeConfig();
  if (inline) {
    current = inline;
    // A page from the service worker's precache carries the settings of the day it was
    // cached: refresh them quietly, keeping the inlined copy if the network is away.
    if (navigator.serviceWorker?.controller) reloadRuntimeConfig(fetchImpl).catch(() => undefined);
    return inline;
  }
  return reloadRuntimeConfig(fetchImpl);
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration is not loaded yet');
  return current;
}

/** Reads the settings from the server and keeps them (also when the envelope's key rotated). */
export async function reloadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  return (current = await fetchRuntimeConfig(fetchImpl));
}
