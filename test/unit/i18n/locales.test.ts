import { describe, expect, it } from 'vitest';
import linguiConfig from '../../../lingui.config.ts';
import {
  LOCALES,
  langOf,
  localeOfLang,
  pickInitialLocale,
} from '../../../contract/i18n/locales.ts';

describe('locales', () => {
  it('offers the ten languages of the catalogs with the LANG codes of spec §1', () => {
    expect(LOCALES.map((l) => l.locale).sort()).toEqual([...linguiConfig.locales].sort());
    expect(LOCALES.map((l) => l.lang)).toEqual([
      'TW',
      'CN',
      'EN',
      'JP',
      'KO',
      'TH',
      'PT',
      'MS',
      'ID',
      'VN',
    ]);
    expect(langOf('zh')).toBe('CN');
    expect(localeOfLang('vn')).toBe('vi');
    expect(localeOfLang('XX')).toBeUndefined();
  });

  it.each([
    [null, ['fr-FR', 'de'], 'zh-TW'],
    [null, [], 'zh-TW'],
    [null, ['zh-HK'], 'zh-TW'],
    [null, ['zh-Hant'], 'zh-TW'],
    [null, ['zh-CN'], 'zh'],
    [null, ['zh'], 'zh'],
    [null, ['fr', 'pt-BR'], 'pt'],
    [null, ['in-ID'], 'id'],
    [null, ['ja-JP'], 'ja'],
    ['ko', ['ja-JP'], 'ko'],
    ['xx', ['vi-VN'], 'vi'],
  ])('saved %s with browser %j → %s', (saved, browser, expected) => {
    expect(pickInitialLocale(saved, browser)).toBe(expected);
  });
});
