// Issue 32: "可用： 0 JU" — the translation check catches a space after a full-width colon, and
// the English fragment that caused it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FULL_WIDTH_LOCALES,
  fullWidthColonProblems,
  gluedLabelProblems,
} from '../../../scripts/i18n/punctuation.ts';

describe('colon spacing in the catalogues', () => {
  it('flags a space after a full-width colon in zh-TW, zh and ja only', () => {
    expect(fullWidthColonProblems('zh-TW', ['可用： 0 JU'])).toHaveLength(1);
    expect(fullWidthColonProblems('ja', ['状態：\u3000承認'])).toHaveLength(1);
    expect(fullWidthColonProblems('zh', ['可用：{amount}'])).toEqual([]);
    expect(fullWidthColonProblems('ko', ['상태： 승인'])).toEqual([]);
  });

  it('flags an English label ending in a colon', () => {
    expect(gluedLabelProblems(['Available:', 'Available: {amount}'])).toHaveLength(1);
  });

  it('finds none in the committed catalogues', () => {
    for (const locale of FULL_WIDTH_LOCALES) {
      const po = readFileSync(`locales/${locale}/messages.po`, 'utf8');
      const texts = [...po.matchAll(/^msgstr "(.*)"$/gm)].map((m) => m[1]!);
      expect(fullWidthColonProblems(locale, texts)).toEqual([]);
    }
  });
});
