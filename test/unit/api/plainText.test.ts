import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, noControlCharacters } from '../../../contract/api/plainText.ts';
import { transferRequestSchema } from '../../../contract/api/transfer.ts';
import { addressFormSchema } from '../../../contract/api/card/addresses.ts';
import { holderFormSchema } from '../../../contract/api/card/holders.ts';
import { toChecksumAddress } from '../../../contract/wallet/address.ts';

const text = v.pipe(v.string(), noControlCharacters());
const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success
    ? null
    : { message: result.issues[0].message, path: v.getDotPath(result.issues[0]) };
};

const CONTROL = {
  NUL: '\u0000',
  tab: '\t',
  'line feed': '\n',
  'carriage return': '\r',
  escape: '\u001B',
  DEL: '\u007F',
  'C1 next line': '\u0085',
  'C1 control U+009F': '\u009F',
  'left-to-right embedding U+202A': '\u202A',
  'right-to-left embedding U+202B': '\u202B',
  'pop directional formatting U+202C': '\u202C',
  'left-to-right override U+202D': '\u202D',
  'right-to-left override U+202E': '\u202E',
  'left-to-right isolate U+2066': '\u2066',
  'right-to-left isolate U+2067': '\u2067',
  'first strong isolate U+2068': '\u2068',
  'pop directional isolate U+2069': '\u2069',
  'left-to-right mark U+200E': '\u200E',
  'right-to-left mark U+200F': '\u200F',
  'Arabic letter mark U+061C': '\u061C',
  'line separator U+2028': '\u2028',
  'paragraph separator U+2029': '\u2029',
  'byte order mark U+FEFF': '\uFEFF',
};

describe('control characters in typed text', () => {
  it.each(Object.entries(CONTROL))('refuses %s anywhere in the text', (_name, character) => {
    for (const typed of [`${character}Zhang`, `Zh${character}ang`, `Zhang${character}`]) {
      expect(hasControlCharacters(typed)).toBe(true);
      expect(firstIssue(text, typed)).toEqual({ message: 'control_characters', path: null });
    }
  });

  it.each([
    ['Latin with punctuation', "O'Brien-Smith, Flat 3A #12 (rear)"],
    ['Chinese', '广东省深圳市南山区科技园 1 号'],
    ['Japanese', '東京都渋谷区 ３丁目'],
    ['Thai', 'กรุงเทพมหานคร'],
    ['Vietnamese', 'Thành phố Hồ Chí Minh'],
    ['an emoji sequence with a zero-width joiner', 'Thanks 👩‍💻'],
    ['a non-breaking space', 'Nathan\u00A0Road'],
    ['an empty text', ''],
  ])('accepts %s', (_name, typed) => {
    expect(hasControlCharacters(typed)).toBe(false);
    expect(firstIssue(text, typed)).toBeNull();
  });
});

describe('the contract schemas that carry it', () => {
  const holder = {
    first_name: 'San',
    last_name: 'Zhang',
    phone: '+852 5123 4567',
    email: 'zhang.san@example.com',
    province: 'Guangdong',
    city: 'Shenzhen',
    district: 'Nanshan',
    address: '1 Keji Road',
    id_type: 'passport',
    id_number: 'E98765432',
    issue_date: '2025-03-01',
    expiry_date: '2035-02-28',
    photos: ['abcdefghijklmnop'],
  };
  const address = {
    name: 'Zhang San',
    phone: '+852 5123 4567',
    country: 'CN',
    province: '广东',
    city: '深圳',
    district: '南山',
    address: '科技园 1 号',
    zip: '518000',
  };
  const now = () => new Date('2026-01-01T00:00:00Z');

  it('holders: names and billing address fields name the control character, not the alphabet', () => {
    expect(firstIssue(holderFormSchema(now), holder)).toBeNull();
    for (const field of ['first_name', 'last_name', 'province', 'city', 'district', 'address']) {
      expect(firstIssue(holderFormSchema(now), { ...holder, [field]: 'San\u202Eyrk' })).toEqual({
        message: 'control_characters',
        path: field,
      });
    }
    // A leading BOM is named, not trimmed away unseen.
    expect(firstIssue(holderFormSchema(now), { ...holder, first_name: '\uFEFFSan' })).toEqual({
      message: 'control_characters',
      path: 'first_name',
    });
  });

  it('delivery addresses: every typed field', () => {
    expect(firstIssue(addressFormSchema, address)).toBeNull();
    // The country is chosen from a list: anything else is 'country_not_supported'.
    for (const field of Object.keys(address).filter((name) => name !== 'country')) {
      expect(firstIssue(addressFormSchema, { ...address, [field]: '深圳\u0000' })).toEqual({
        message: 'control_characters',
        path: field,
      });
    }
  });

  it('the ticket transfer remark', () => {
    const transfer = {
      address: toChecksumAddress('0x7619c24bb5804bcfd71fb5b0edb1d9c6dc6a6309'),
      amount: '1',
    };
    expect(firstIssue(transferRequestSchema, { ...transfer, remark: 'for lunch' })).toBeNull();
    expect(firstIssue(transferRequestSchema, { ...transfer, remark: 'for \u2067lunch' })).toEqual({
      message: 'control_characters',
      path: 'remark',
    });
  });
});
