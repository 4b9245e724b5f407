// The card records export in every language: a spreadsheet with two columns of the same name
// ("Jumlah, Yuran, Jumlah") cannot be read, so every heading differs from the others.
import { msg } from '@lingui/core/macro';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator, type Translator } from '../../../../server/i18n/catalogs.ts';
import { csvHeadings, recordsCsv } from '../../../../src/features/card/cards/recordsCsv.ts';
import { LOCALES } from '../../../../contract/i18n/locales.ts';

let translator: Translator;
beforeAll(async () => {
  translator = await loadTranslator('locales');
});

describe('the card records export', () => {
  it.each(LOCALES.map((l) => l.locale))('has distinct headings in %s', (locale) => {
    const headings = csvHeadings((message) =>
      translator.translate(locale, { id: message.id, message: message.message ?? message.id }),
    );
    const header = recordsCsv([], [], headings, (status) => status)
      .split('\r\n')[0]!
      .split(',');
    expect(header).toHaveLength(8);
    expect(new Set(header).size, header.join(', ')).toBe(header.length);
    expect(headings.consumption).not.toBe(headings.recharge);
  });
});

describe('the order detail', () => {
  it.each(LOCALES.map((l) => l.locale))('tells the amount from the quantity in %s', (locale) => {
    const say = (message: { id: string; message?: string }) =>
      translator.translate(locale, { id: message.id, message: message.message ?? message.id });
    const amount = say(msg`Amount`);
    const quantity = say(msg`Quantity`);
    const total = say(msg`Total`);
    expect(new Set([amount, quantity, total]).size, `${amount}, ${quantity}, ${total}`).toBe(3);
  });
});
