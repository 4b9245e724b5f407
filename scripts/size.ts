// Bundle-size report: gzip bytes of the JavaScript the first screen loads and of the wallet
// chunk. Fails when the first screen needs more than the budget, or when the wallet library
// leaks into the first screen or into the service worker's precache.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstScreenScripts, readManifest, walletOnly } from './build-graph.ts';

const DIST = 'dist';
const FIRST_SCREEN_BUDGET = 160 * 1024;

const manifest = readManifest(DIST);
if (!manifest) {
  console.error('No dist/.vite/manifest.json: run `npm run build` first.');
  process.exit(1);
}

const gzipBytes = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gzipBytes(f), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const firstScreen = firstScreenScripts(manifest);
const wallet = [...walletOnly(manifest)].filter((f) => f.endsWith('.js'));
const firstBytes = sum(firstScreen);
const walletBytes = sum(wallet);

console.log(
  `first screen JavaScript: ${kb(firstBytes)} gzip in ${firstScreen.length} files (budget ${kb(FIRST_SCREEN_BUDGET)})`,
);
for (const f of firstScreen) console.log(`  ${f}  ${kb(gzipBytes(f))}`);
console.log(`wallet chunk (loaded on connect): ${kb(walletBytes)} gzip in ${wallet.length} files`);

const problems: string[] = [];
if (firstBytes > FIRST_SCREEN_BUDGET)
  problems.push(`first screen is over budget by ${kb(firstBytes - FIRST_SCREEN_BUDGET)}`);
if (wallet.length === 0)
  problems.push('no wallet chunk found: is src/wallet/onboard.ts still loaded on demand?');
const leaked = wallet.filter((f) => firstScreen.includes(f));
if (leaked.length > 0) problems.push(`wallet files in the first screen: ${leaked.join(', ')}`);
const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
const precached = wallet.filter((f) => sw.includes(f));
if (precached.length > 0)
  problems.push(`wallet files in the service worker precache: ${precached.join(', ')}`);

if (problems.length > 0) {
  for (const p of problems) console.error(`size check failed: ${p}`);
  process.exit(1);
}
console.log('size check passed');
