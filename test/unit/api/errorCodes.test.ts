// The error catalogue is numbered by hand: one code names one error (apiErrorByCode takes the
// first match, so a repeated code would answer with another error's words), and a code starts
// with its HTTP status, so reading one tells where it belongs.
import { describe, expect, it } from 'vitest';
import { apiErrorByCode, apiErrors, type ApiErrorName } from '../../../contract/api/errors.ts';

/** Codes the product spec fixes (§7: an unregistered wallet without a code answers 200). */
const SPEC_CODES: Partial<Record<ApiErrorName, number>> = { invite_required: 200 };

const entries = Object.entries(apiErrors) as [ApiErrorName, (typeof apiErrors)[ApiErrorName]][];

describe('the error catalogue', () => {
  it('gives each error a code of its own', () => {
    const byCode = new Map<number, ApiErrorName[]>();
    for (const [name, { code }] of entries) byCode.set(code, [...(byCode.get(code) ?? []), name]);
    const repeated = [...byCode].filter(([, names]) => names.length > 1);
    expect(repeated).toEqual([]);
    for (const [name, { code }] of entries) expect(apiErrorByCode(code)?.name).toBe(name);
  });

  it('starts each code with its HTTP status', () => {
    const astray = entries
      .filter(([name, { code }]) => SPEC_CODES[name] !== code)
      .filter(([, { code, status }]) => !String(code).startsWith(String(status)))
      .map(([name, { code, status }]) => `${name}: ${code} under ${status}`);
    expect(astray).toEqual([]);
  });
});
