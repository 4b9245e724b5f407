import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { walletOnlyFiles } from './scripts/build-graph.ts';
import { catalogParts } from './scripts/catalogParts.ts';
import { precompress } from './scripts/precompress.ts';
import { qrScannerWorker } from './scripts/qrScannerWorker.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

// Which build the page runs, in a <meta name="ju-build"> (and so in the service worker's
// precache of index.html): the release by default, JU_BUILD_ID when the builder names one.
const buildId =
  process.env.JU_BUILD_ID ??
  (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
// Where this build is written (`vite build --outDir` may name another folder than dist/).
let outDir = 'dist';

function buildIdentity(): Plugin {
  return {
    name: 'ju-build-id',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'ju-build', content: buildId }, injectTo: 'head' },
    ],
  };
}

// The web manifest lives at the top of the repository; ship it as is.
function webManifest(): Plugin {
  return {
    name: 'ju-web-manifest',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: readFileSync('manifest.webmanifest', 'utf8'),
      });
    },
  };
}

// Brotli and gzip copies of every asset, written last (after the service worker is built).
function precompressedCopies(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ju-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompress(outDir);
      },
    },
  };
}

// The server writes the home page's first paint with the app's own components, compiled for
// Node into .first-paint/ beside the app's files (served to no one: the static server skips
// dot folders). Built right after the app, so every `vite build` leaves both in step.
function firstPaintRenderer(): Plugin {
  let appDir = 'dist';
  return {
    name: 'ju-first-paint',
    apply: 'build',
    configResolved(config) {
      appDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({
          configFile: resolve(import.meta.dirname, 'vite.config.ts'),
          logLevel: 'warn',
          build: { ssr: 'src/boot/firstPaint.tsx', outDir: resolve(appDir, '.first-paint') },
        });
      },
    },
  };
}

// What the Node build of the first paint leaves out: everything that makes the app's files.
const appFilesOnly = (plugins: (Plugin | Plugin[])[], ssr: boolean) => (ssr ? [] : plugins);

export default defineConfig(({ isSsrBuild = false }) => ({
  publicDir: isSsrBuild ? false : 'public',
  ssr: {
    // One file with its libraries in it: the server runs it whatever is installed beside it.
    noExternal: true,
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    // Lingui macros must be expanded before the React transform sees the JSX.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    catalogParts(),
    qrScannerWorker(),
    lingui(),
    ...appFilesOnly(
      [
        webManifest(),
        buildIdentity(),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          injectRegister: false,
          manifest: false,
          injectManifest: {
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
            // The wallet library loads only when the user connects; keep it out of the precache.
            manifestTransforms: [
              (entries) => {
                const skip = walletOnlyFiles(outDir);
                return { manifest: entries.filter((e) => !skip.has(e.url)), warnings: [] };
              },
            ],
          },
        }),
        precompressedCopies(),
        firstPaintRenderer(),
      ],
      isSsrBuild,
    ),
  ],
  resolve: {
    alias: [
      // Two libraries web3-onboard imports but JU Wallet does not need (see each stub's header).
      { find: 'joi', replacement: resolve(import.meta.dirname, 'src/wallet/libraryStubs/joi.ts') },
      {
        find: 'svelte-i18n',
        replacement: resolve(import.meta.dirname, 'src/wallet/libraryStubs/svelteI18n.ts'),
      },
      // The React 17 shim of useSyncExternalStore, which React 19 needs no more.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: resolve(import.meta.dirname, 'src/boot/reactShims.ts'),
      },
    ],
  },
  build: {
    manifest: !isSsrBuild,
    target: 'es2022',
    // The first screen's own files are still preloaded from the page; a later screen's
    // chunks are not listed in the entry (a list of every route's files cost ~3 KB gzip of
    // the first screen): they load as the route's code asks, from the service worker's
    // cache after the first visit, and route code is fetched on intent (router preload).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  // Everything the first screen runs (libraries, the shell, the home page)
                  // travels as one file, the entry: one request, and one compression context (a
                  // score of small shared chunks compresses worse). What only later screens need
                  // is left to the automatic splitting, so it loads with them.
                  name: 'core',
                  test: () => true,
                  tags: ['$initial'],
                },
              ],
            },
          },
        },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/admin': apiTarget,
      '/config.json': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
}));
