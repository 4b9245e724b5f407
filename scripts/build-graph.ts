// Reads Vite's build manifest to answer two questions about the built app: which files the
// first screen loads, and which files only the wallet connection needs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const WALLET_ENTRY = 'src/wallet/onboard.ts';
export const ENVELOPE_ENTRY = 'src/api/envelope/browserEnvelope.ts';
// What `/` needs before it can render: the redirect route, the home route and the catalog of
// the default language.
const FIRST_SCREEN = [
  /^src\/routes\/index\.tsx/,
  /^src\/routes\/\[index\]\.tsx/,
  /^locales\/zh-TW\/messages\.po\?part=first$/,
];

export function readManifest(distDir: string): Manifest | undefined {
  const path = join(distDir, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined;
}

function closure(
  manifest: Manifest,
  roots: string[],
  followDynamic: boolean,
  stopAt: (key: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key] || stopAt(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    stack.push(...(chunk.imports ?? []));
    if (followDynamic) stack.push(...(chunk.dynamicImports ?? []));
  }
  return seen;
}

function filesOf(manifest: Manifest, keys: Iterable<string>, withCss = true): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    files.add(chunk.file);
    if (withCss) for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

/** JavaScript files the first screen (`/` → `/index`) loads before it can render. */
export function firstScreenScripts(manifest: Manifest): string[] {
  const roots = Object.keys(manifest).filter(
    (key) => manifest[key]!.isEntry || FIRST_SCREEN.some((pattern) => pattern.test(key)),
  );
  return [...filesOf(manifest, closure(manifest, roots, false), false)].filter((f) =>
    f.endsWith('.js'),
  );
}

/** Files the first screen loads: its scripts and the entry's style sheets. */
export function firstScreenFiles(manifest: Manifest): string[] {
  const roots = Object.keys(manifest).filter(
    (key) => manifest[key]!.isEntry || FIRST_SCREEN.some((pattern) => pattern.test(key)),
  );
  return [...filesOf(manifest, closure(manifest, roots, false), true)];
}

/**
 * Files fetched between tapping 'Connect wallet' and the wallet list: the wallet chunk and
 * what it imports statically, less what the first screen already loaded.
 */
export function connectStepFiles(manifest: Manifest): string[] {
  return onDemandFiles(manifest, WALLET_ENTRY);
}

/** Files the request envelope's chunk adds with the first call while the envelope is on. */
export function envelopeFiles(manifest: Manifest): string[] {
  return onDemandFiles(manifest, ENVELOPE_ENTRY);
}

/** A chunk loaded on demand and what it imports statically, less the first screen's files. */
function onDemandFiles(manifest: Manifest, entry: string): string[] {
  if (!manifest[entry]) return [];
  const first = new Set(firstScreenFiles(manifest));
  return [...filesOf(manifest, closure(manifest, [entry], false), true)].filter(
    (file) => !first.has(file),
  );
}

/** Files reachable only through the wallet connection chunk. */
export function walletOnly(manifest: Manifest): Set<string> {
  if (!manifest[WALLET_ENTRY]) return new Set();
  // The page's entry chunk is loaded before the wallet ever is, even when the bundler puts a
  // module the wallet shares into it: never walk from the wallet through an entry.
  const wallet = closure(manifest, [WALLET_ENTRY], true, (key) => Boolean(manifest[key]?.isEntry));
  const otherRoots = Object.keys(manifest).filter(
    (key) => (manifest[key]!.isEntry || manifest[key]!.isDynamicEntry) && !wallet.has(key),
  );
  const elsewhere = closure(manifest, otherRoots, true, (key) => key === WALLET_ENTRY);
  return filesOf(
    manifest,
    [...wallet].filter((key) => !elsewhere.has(key)),
  );
}

export function walletOnlyFiles(distDir: string): Set<string> {
  const manifest = readManifest(distDir);
  return manifest ? walletOnly(manifest) : new Set();
}
