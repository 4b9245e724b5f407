import { renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReturningAccount } from '../../../src/signIn/useReturningAccount.ts';
import { lastAddressAtom } from '../../../src/state/preferences.ts';
import { store } from '../../../src/state/store.ts';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const wrapper = ({ children }: { children: ReactNode }) => (
  <Provider store={store}>{children}</Provider>
);

describe('the one-tap sign-in after a reload, an update included', () => {
  afterEach(() => {
    delete window.ethereum;
    store.set(lastAddressAtom, null);
  });

  it('is offered once a wallet that injects itself late is there', async () => {
    store.set(lastAddressAtom, ADDRESS);
    const listening = vi.spyOn(window, 'addEventListener');
    const { result } = renderHook(() => useReturningAccount(), { wrapper });
    expect(result.current).toBeNull();
    // The wallet arrives once the app waits for it.
    await waitFor(() =>
      expect(listening).toHaveBeenCalledWith('ethereum#initialized', expect.any(Function)),
    );
    listening.mockRestore();
    window.ethereum = { request: () => Promise.resolve([ADDRESS]) };
    window.dispatchEvent(new Event('ethereum#initialized'));
    await waitFor(() => expect(result.current).toEqual({ address: ADDRESS, signedInBefore: true }));
  });

  it('is offered at once when the wallet is already there', async () => {
    store.set(lastAddressAtom, ADDRESS);
    window.ethereum = { request: () => Promise.resolve([ADDRESS.toLowerCase()]) };
    const { result } = renderHook(() => useReturningAccount(), { wrapper });
    await waitFor(() => expect(result.current?.signedInBefore).toBe(true));
  });
});
