import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../../src/router/router.ts';
import { parseSearch, stringifySearch } from '../../../src/router/searchParams.ts';

const HASH = `0x${'ab12'.repeat(16)}`;

describe('search parameters in the URL', () => {
  it('writes text as it is: ?ticket=1, not ?ticket=%221%22', () => {
    expect(stringifySearch({ ticket: '1' })).toBe('?ticket=1');
    expect(stringifySearch({ hash: HASH })).toBe(`?hash=${HASH}`);
    expect(stringifySearch({ code: '123456' })).toBe('?code=123456');
    expect(stringifySearch({ redirect: '/ticket/cycle?ticket=2' })).toBe(
      '?redirect=%2Fticket%2Fcycle%3Fticket%3D2',
    );
    expect(stringifySearch({ status: undefined })).toBe('');
  });

  it('reads every value back as text, numbers and true/false included', () => {
    expect(parseSearch('?ticket=1&code=123456&hash=' + HASH + '&flag=true')).toEqual({
      ticket: '1',
      code: '123456',
      hash: HASH,
      flag: 'true',
    });
    expect(parseSearch('?redirect=%2Fticket%2Fcycle%3Fticket%3D2')).toEqual({
      redirect: '/ticket/cycle?ticket=2',
    });
    // Links written before still open: a quoted text is read as the text.
    expect(parseSearch('?ticket=%221%22')).toEqual({ ticket: '1' });
    expect(Object.keys(parseSearch('?__proto__=x'))).toEqual(['__proto__']);
  });

  it("is the app router's: links carry plain values, and routes get them as text", async () => {
    const router = createAppRouter();
    expect(router.buildLocation({ to: '/ticket/cycle', search: { ticket: '1' } }).href).toBe(
      '/ticket/cycle?ticket=1',
    );
    expect(router.buildLocation({ to: '/ticket/apply', search: { hash: HASH } }).href).toBe(
      `/ticket/apply?hash=${HASH}`,
    );
    expect(router.buildLocation({ to: '/index', search: { code: '123456' } }).href).toBe(
      '/index?code=123456',
    );
    expect(router.buildLocation({ to: '/bank/addHolders', search: { id: '7' } }).href).toBe(
      '/bank/addHolders?id=7',
    );
  });
});
