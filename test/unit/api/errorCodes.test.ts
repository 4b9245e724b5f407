// The error catalogue is assembled from each area's refusals (contract/api/errors.ts): one code
// names one error, and one error one code, so a code read from an answer finds the words it
// was sent with; a code starts with its HTTP status, so reading one tells where it belongs;
// and every error reads in all ten languages, on screen and in the server's answer.
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { apiErrorByCode, apiErrors, type ApiErrorName } from '../../../contract/api/errors.ts';
import { LOCALES } from '../../../contract/i18n/locales.ts';

/** Codes the product spec fixes (§7: an unregistered wallet without a code answers 200). */
const SPEC_CODES: Partial<Record<ApiErrorName, number>> = { invite_required: 200 };

const entries = Object.entries(apiErrors) as [ApiErrorName, (typeof apiErrors)[ApiErrorName]][];

async function translations(locale: string): Promise<Record<string, string | undefined>> {
  const path = `locales/${locale}/messages.po`;
  const catalog = (await formatter({ lineNumbers: false }).parse(readFileSync(path, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: path,
  })) as Record<string, { translation?: string; obsolete?: boolean }>;
  return Object.fromEntries(
    Object.entries(catalog).map(([id, entry]) => [id, entry.obsolete ? '' : entry.translation]),
  );
}

describe('the error catalogue', () => {
  it('gives each error a code of its own', () => {
    const byCode = new Map<number, ApiErrorName[]>();
    for (const [name, { code }] of entries) byCode.set(code, [...(byCode.get(code) ?? []), name]);
    const repeated = [...byCode].filter(([, names]) => names.length > 1);
    expect(repeated).toEqual([]);
  });

  it('finds each error by its code and only by it: code to name is one-to-one', () => {
    const nameByCode = new Map(entries.map(([, { code }]) => [code, apiErrorByCode(code)?.name]));
    expect(nameByCode.size).toBe(entries.length);
    expect(new Set(nameByCode.values()).size).toBe(entries.length);
    for (const [name, { code }] of entries) expect(nameByCode.get(code)).toBe(name);
    expect(apiErrorByCode(99999)).toBeUndefined();
  });

  it('starts each code with its HTTP status', () => {
    const astray = entries
      .filter(([name, { code }]) => SPEC_CODES[name] !== code)
      .filter(([, { code, status }]) => !String(code).startsWith(String(status)))
      .map(([name, { code, status }]) => `${name}: ${code} under ${status}`);
    expect(astray).toEqual([]);
  });

  it.each(LOCALES.map(({ locale }) => locale))('reads every error in %s', async (locale) => {
    const catalog = await translations(locale);
    const untranslated = entries
      .filter(([, { message }]) => !catalog[message.id]?.trim())
      .map(([name, { message }]) => `${name} (${message.id})`);
    expect(untranslated).toEqual([]);
  });
});
