import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { walletOnlyFiles } from './scripts/build-graph.ts';
import { catalogParts } from './scripts/catalogParts.ts';
import { precompress } from './scripts/precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

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

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    // Lingui macros must be expanded before the React transform sees the JSX.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    catalogParts(),
    lingui(),
    webManifest(),
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
            const skip = walletOnlyFiles('dist');
            return { manifest: entries.filter((e) => !skip.has(e.url)), warnings: [] };
          },
        ],
      },
    }),
    precompressedCopies(),
  ],
  resolve: {
    // Two libraries web3-onboard imports but JU Wallet does not need (see each stub's header).
    alias: {
      joi: resolve(import.meta.dirname, 'src/wallet/libraryStubs/joi.ts'),
      'svelte-i18n': resolve(import.meta.dirname, 'src/wallet/libraryStubs/svelteI18n.ts'),
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every screen runs on travel as one file: a score of small
              // shared chunks compresses worse and costs the first visit a request each.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|jotai|valibot|use-sync-external-store|@lingui[\\/](core|react)|@tanstack[\\/](history|store|react-store|router-core|react-router|query-core|react-query))[\\/]/,
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
});
