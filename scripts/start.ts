// `npm start`: build the app if the build is missing or older than its sources, then run
// the server in production mode, serving the app and the API from one origin.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_INDEX = path.join(ROOT, 'dist', 'index.html');
const SOURCES = ['src', 'locales', 'public', 'sw', 'index.html', 'vite.config.ts'];

/** The newest modification time under `entry` (a file or a directory), 0 if absent. */
function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIsStale(): boolean {
  const built = newestMtime(BUILT_INDEX);
  if (built === 0) return true;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

function build(): void {
  console.log('Building the app (dist/ is missing or older than its sources)…');
  // Vite's own CLI, run by this same Node, so the build never depends on which `node` is first on PATH.
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const result = spawnSync(process.execPath, [viteBin, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; not starting the server.');
    process.exit(result.status ?? 1);
  }
}

// Refuse a configuration that cannot start before spending a minute on the build.
const { checkSettings, ConfigError } = await import('../server/config.ts');
const { readSettings } = await import('../server/settings.ts');
try {
  checkSettings(readSettings(process.env));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

if (buildIsStale()) build();
process.env.NODE_ENV = 'production';
const { runFromCommandLine } = await import('../server/main.ts');
await runFromCommandLine();
