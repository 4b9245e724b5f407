// Deployment settings come from the server at start-up, so one build serves every deployment.
import * as v from 'valibot';
import {
  RUNTIME_CONFIG_PATH,
  runtimeConfigSchema,
  type RuntimeConfig,
} from '../api/runtimeConfig.ts';

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  current = v.parse(runtimeConfigSchema, await response.json());
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration is not loaded yet');
  return current;
}
