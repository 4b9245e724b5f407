import { describe, expect, it } from 'vitest';
import {
  connectStepFiles,
  firstScreenFiles,
  firstScreenScripts,
  walletOnly,
} from '../../../scripts/build-graph.ts';

// A build manifest in Vite's shape: the entry, the home route, a lazy page, the default
// catalog, and the wallet chunk with a dependency of its own and one it shares.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: [
      'src/routes/[index].tsx?tsr-split=component',
      'src/routes/_auth/user.tsx',
      'src/wallet/onboard.ts',
      'locales/zh-TW/messages.po?part=first',
      'locales/zh-TW/messages.po?part=rest',
      'locales/ja/messages.po?part=first',
    ],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'src/routes/[index].tsx?tsr-split=component': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
  },
  'src/routes/_auth/user.tsx': {
    file: 'assets/user.js',
    isDynamicEntry: true,
    imports: ['_qr.js'],
  },
  '_qr.js': { file: 'assets/qr.js' },
  'locales/zh-TW/messages.po?part=first': { file: 'assets/messages-tw.js', isDynamicEntry: true },
  'locales/zh-TW/messages.po?part=rest': {
    file: 'assets/messages-tw-rest.js',
    isDynamicEntry: true,
  },
  'locales/ja/messages.po?part=first': { file: 'assets/messages-ja.js', isDynamicEntry: true },
  'src/wallet/onboard.ts': {
    file: 'assets/onboard.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_viem.js'],
    dynamicImports: ['_icons.js'],
  },
  '_viem.js': { file: 'assets/viem.js' },
  '_icons.js': { file: 'assets/icons.js', isDynamicEntry: true },
};

describe('build graph', () => {
  it('counts the entry, its imports, the home route and the default catalog (first part) as the first screen', () => {
    expect(firstScreenScripts(manifest).sort()).toEqual([
      'assets/home.js',
      'assets/index.js',
      'assets/messages-tw.js',
      'assets/shared.js',
    ]);
  });

  it('finds the files only the wallet needs, leaving shared ones out', () => {
    expect([...walletOnly(manifest)].sort()).toEqual([
      'assets/icons.js',
      'assets/onboard.js',
      'assets/viem.js',
    ]);
  });

  it('leaves the entry out of the wallet files when the wallet chunk imports from it', () => {
    // The bundler may move modules the wallet shares with the app into the entry chunk.
    const importsEntry = {
      ...manifest,
      'src/wallet/onboard.ts': {
        ...manifest['src/wallet/onboard.ts'],
        imports: ['index.html', '_viem.js'],
      },
    };
    expect([...walletOnly(importsEntry)].sort()).toEqual([
      'assets/icons.js',
      'assets/onboard.js',
      'assets/viem.js',
    ]);
  });

  it('counts the style sheet in the first screen, and only new static files in the connect step', () => {
    expect(firstScreenFiles(manifest)).toContain('assets/index.css');
    // The wallet's lazily loaded icons come later; the shared chunk is already there.
    expect(connectStepFiles(manifest).sort()).toEqual(['assets/onboard.js', 'assets/viem.js']);
  });
});
