// The server's and the scripts' import rules must actually fire: lint deliberately broken
// fixtures, and walk the real import graph for cycles that eslint cannot see (type-only ones).
// @vitest-environment node
import { relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/importCycles.ts';

async function lintFixture(path: string) {
  const eslint = new ESLint({ ignore: false });
  const [result] = await eslint.lintFiles([`test/fixtures/lint/${path}`]);
  return result!.messages.map((m) => m.ruleId);
}

const cyclesUnder = (...roots: string[]) =>
  importCycles(importGraph(roots)).map((cycle) =>
    cycle.map((file) => relative(process.cwd(), file)),
  );

describe('server and scripts boundaries', () => {
  it('fails an import cycle in the server', async () => {
    expect(await lintFixture('server/cycleA.ts')).toContain('import-x/no-cycle');
  }, 30_000);

  it('finds a cycle of type-only imports, which eslint lets through', async () => {
    expect(await lintFixture('server/typeCycleA.ts')).toEqual([]);
    expect(cyclesUnder('test/fixtures/lint/server')).toContainEqual([
      'test/fixtures/lint/server/typeCycleA.ts',
      'test/fixtures/lint/server/typeCycleB.ts',
    ]);
  });

  it('has no import cycle in server/ or scripts/, type-only imports included', () => {
    expect(cyclesUnder('server', 'scripts')).toEqual([]);
  });

  it('fails the database layer importing the domain', async () => {
    expect(await lintFixture('server/db/readsDomain.ts')).toContain('import-x/no-restricted-paths');
  }, 30_000);

  it('fails domain code importing an HTTP handler', async () => {
    expect(await lintFixture('server/ledger/callsHandler.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  }, 30_000);

  it('fails an area importing an area on a higher floor, and infrastructure importing an area', async () => {
    expect(await lintFixture('server/ledger/readsMoney.ts')).toEqual([
      'import-x/no-restricted-paths',
    ]);
    // A type is a dependency too.
    expect(await lintFixture('server/realtime/readsAuth.ts')).toEqual([
      'import-x/no-restricted-paths',
    ]);
    // The floor below is allowed.
    expect(await lintFixture('server/money/plain.ts')).toEqual([]);
  }, 30_000);

  it('fails the operator CLI importing a server area', async () => {
    expect(await lintFixture('server/admin/readsArea.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  }, 30_000);

  it('fails the server or a script importing the app, and allows the shared contract', async () => {
    // One refusal each: contract/api/assets.ts passes, src/wallet/eip1193.ts does not.
    expect(await lintFixture('server/importsApp.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(await lintFixture('scripts/importsApp.ts')).toEqual(['import-x/no-restricted-paths']);
  }, 30_000);

  it('fails a contract module importing the app or the server', async () => {
    expect(await lintFixture('contract/api/upward.ts')).toContain('import-x/no-restricted-paths');
  }, 30_000);
});
