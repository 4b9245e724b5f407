// The one word each language uses for each money, card and account concept. The translation
// check (scripts/i18n-check.ts) holds every catalogue entry to it, and docs/glossary/ is
// written from it (scripts/i18n/glossaryDoc.ts), so the list translators read is the list
// the check enforces.

import { CHAIN_AND_ACCOUNT_CONCEPTS } from './conceptsChainAccount.ts';
import { MONEY_CONCEPTS } from './conceptsMoney.ts';
import type { Concept, ForbiddenWord, TargetLocale } from './glossaryTypes.ts';

export const CONCEPTS: readonly Concept[] = [...MONEY_CONCEPTS, ...CHAIN_AND_ACCOUNT_CONCEPTS];

/** Words refused anywhere in a language's catalogue, with the word to use instead. */
export const FORBIDDEN: Partial<Record<TargetLocale, readonly ForbiddenWord[]>> = {
  'zh-TW': [
    { word: '提現', use: '提領', why: 'the Mainland word for withdrawal' },
    { word: '用戶', use: '使用者', why: 'the Mainland word for user' },
    { word: '你', use: '您', why: 'the interface addresses the user politely' },
    { word: '票券', use: '門票', why: 'a voucher, not the ticket' },
  ],
  zh: [
    { word: '你', use: '您', why: 'the interface addresses the user politely' },
    { word: '票券', use: '门票', why: 'a voucher, not the ticket' },
  ],
  ja: [
    { word: '送金', use: '送付', why: 'a money remittance; tickets are sent (送付)' },
    { word: 'サインイン', use: 'ログイン', why: 'one word for signing in' },
    { word: 'サインアウト', use: 'ログアウト', why: 'one word for signing out' },
  ],
  ko: [{ word: '송금', use: '전송', why: 'a money remittance; tickets are sent (전송)' }],
  pt: [
    { word: 'encomenda', use: 'pedido', why: "Portugal's word for an order" },
    { word: 'bilhete', use: 'ticket', why: 'the app says ticket' },
    { word: 'cadeia', use: 'blockchain', why: 'a chain of shops or a prison' },
  ],
  id: [{ word: 'treasury', use: 'kas', why: 'left in English' }],
  ms: [{ word: 'treasury', use: 'perbendaharaan', why: 'left in English' }],
  vi: [{ word: 'chuyển khoản', use: 'chuyển', why: 'a bank transfer' }],
};

/**
 * Deliberate exceptions: an entry (by its English text) that does not use a concept's term,
 * in one language or in all ('*'), and why.
 */
export const EXCEPTIONS: readonly {
  locale: TargetLocale | '*';
  english: string;
  concept: string;
  why: string;
}[] = [
  {
    locale: '*',
    english: 'Release to refresh',
    concept: 'release',
    why: 'letting go of a pull-to-refresh gesture, not a dividend release',
  },
];
