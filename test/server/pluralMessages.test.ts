// Counts in messages follow each language's plural rules: '1 node', not '1 nodes'.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { loadTranslator, type Translator } from '../../server/i18n/catalogs.ts';

describe('plural rules in server messages', () => {
  let translator: Translator;
  beforeAll(async () => {
    translator = await loadTranslator('locales');
  });
  const limit = (locale: 'en' | 'pt' | 'ja', count: number) =>
    translator.translate(locale, apiErrors.node_limit_reached.message, { limit: count });

  it('says one node and several nodes', () => {
    expect(limit('en', 1)).toBe('This would take you over the limit of 1 node per user');
    expect(limit('en', 10)).toBe('This would take you over the limit of 10 nodes per user');
    expect(limit('pt', 1)).toBe('Isso ultrapassaria o limite de 1 nó por usuário');
    expect(limit('pt', 2)).toBe('Isso ultrapassaria o limite de 2 nós por usuário');
    expect(limit('ja', 1)).toBe('1人あたり 1 ノードの上限を超えます');
  });
});
