// The server's settings: the infrastructure's (config.ts) and every area's own, by the reader
// each declares in its area.ts. Above the registry, so config.ts itself names no area.
import { SERVER_AREAS } from './areas.ts';
import { readSettings as readWithAreas, type Env, type ServerSettings } from './config.ts';

export function readSettings(env: Env): ServerSettings {
  return readWithAreas(
    env,
    SERVER_AREAS.flatMap((area) => (area.settings ? [area.settings] : [])),
  );
}
