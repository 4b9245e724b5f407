// The type-aware rules must actually fire: lint a deliberately broken fixture.
// @vitest-environment node
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

it('fails a floating promise, a misused promise and an await of a plain value', async () => {
  const eslint = new ESLint({ ignore: false });
  const [result] = await eslint.lintFiles(['test/fixtures/lint/typed/floatingPromise.ts']);
  expect(result!.messages.map((m) => m.ruleId).sort()).toEqual([
    '@typescript-eslint/await-thenable',
    '@typescript-eslint/no-floating-promises',
    '@typescript-eslint/no-misused-promises',
  ]);
}, 60_000);
