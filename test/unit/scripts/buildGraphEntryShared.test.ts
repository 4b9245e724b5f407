import { describe, expect, it } from 'vitest';
import { connectStepFiles, walletOnly } from '../../../scripts/build-graph.ts';

// The bundler may put a module the wallet shares with the page (its error table, the chain
// helpers) into the page's entry chunk, so the wallet chunk imports the entry itself.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    dynamicImports: ['src/routes/_auth/node.tsx', 'src/wallet/onboard.ts'],
  },
  'src/routes/_auth/node.tsx': { file: 'assets/node.js', isDynamicEntry: true },
  'src/wallet/onboard.ts': {
    file: 'assets/onboard.js',
    isDynamicEntry: true,
    imports: ['index.html', '_viem.js'],
  },
  '_viem.js': { file: 'assets/viem.js' },
};

describe('build graph, wallet chunk importing the entry', () => {
  it('keeps the entry and the pages out of the wallet-only files', () => {
    expect([...walletOnly(manifest)].sort()).toEqual(['assets/onboard.js', 'assets/viem.js']);
    expect(connectStepFiles(manifest).sort()).toEqual(['assets/onboard.js', 'assets/viem.js']);
  });
});
