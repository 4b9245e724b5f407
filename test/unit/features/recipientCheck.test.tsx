import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { NoResponseError } from '../../../src/api/requestErrors.ts';
import { useRecipientCheck } from '../../../src/features/transfer/useRecipientCheck.ts';
import { ApiProvider } from '../../../src/state/apiContext.tsx';

const KNOWN = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const UNKNOWN = `0x${'ab'.repeat(20)}`;

function setUp(answer: (address: string) => Promise<unknown>) {
  const request = vi.fn((_endpoint: unknown, input: { address: string }) => answer(input.address));
  const api = { call: request } as unknown as ApiClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider api={api}>{children}</ApiProvider>
  );
  const { result } = renderHook(() => useRecipientCheck(), { wrapper });
  return { check: result.current, request };
}

const registration = (registered: boolean) => ({ registered, invite_required: true });

describe('recipient check (isRegister)', () => {
  it('asks the server once per address, whatever its letter case', async () => {
    const { check, request } = setUp(async (address) => registration(address === KNOWN));
    expect(await check(KNOWN)).toBe(true);
    expect(await check(UNKNOWN)).toBe(false);
    expect(await check(UNKNOWN.toUpperCase().replace('0X', '0x'))).toBe(false);
    expect(await check(KNOWN)).toBe(true);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('does not ask about what is not an address', async () => {
    const { check, request } = setUp(async () => registration(false));
    expect(await check('0x12')).toBeNull();
    expect(await check('')).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it('decides nothing without an answer, and asks again next time', async () => {
    let fail = true;
    const { check, request } = setUp(async () => {
      if (fail) throw new NoResponseError();
      return registration(false);
    });
    expect(await check(UNKNOWN)).toBeNull();
    fail = false;
    expect(await check(UNKNOWN)).toBe(false);
    expect(request).toHaveBeenCalledTimes(2);
  });
});
