// The layer rules and the cycle check must actually fire: lint deliberately broken fixtures.
// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

async function lintFixture(path: string) {
  const eslint = new ESLint({ ignore: false });
  const [result] = await eslint.lintFiles([`test/fixtures/lint/src/${path}`]);
  return result!.messages.map((m) => m.ruleId);
}

describe('import boundaries', () => {
  it('fails an import cycle', async () => {
    expect(await lintFixture('state/cycleA.ts')).toContain('import-x/no-cycle');
  }, 30_000);

  it('fails a lower layer importing a feature', async () => {
    expect(await lintFixture('state/upward.ts')).toContain('no-restricted-imports');
  }, 30_000);

  it('fails a shared layer importing the payment or sign-in layer above it', async () => {
    expect(await lintFixture('state/intoPayment.ts')).toContain('no-restricted-imports');
  }, 30_000);

  it('fails a feature importing a route', async () => {
    expect(await lintFixture('features/x/screen.ts')).toContain('no-restricted-imports');
  }, 30_000);

  it('fails a feature importing another feature', async () => {
    expect(await lintFixture('features/y/borrowed.ts')).toContain('import-x/no-restricted-paths');
    expect(await lintFixture('features/y/own.ts')).not.toContain('import-x/no-restricted-paths');
  }, 30_000);
});
