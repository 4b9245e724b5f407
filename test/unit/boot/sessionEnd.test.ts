import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installSessionEndHandler } from '../../../src/boot/sessionEnd.ts';
import { keepRecordsAtSignOut } from '../../../src/offline/keepOnSignOut.ts';
import { dispatchSessionAtom } from '../../../src/state/session.ts';
import { store } from '../../../src/state/store.ts';
import { toastsAtom } from '../../../src/ui/toast.ts';
import { activateEnglish } from '../support/i18n.ts';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(activateEnglish);

function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['wallet', 'balances', ADDRESS], { balances: [] });
  const deps = {
    queryClient,
    navigate: vi.fn(async () => undefined),
    stopWalletWatch: vi.fn(),
    forgetRecords: vi.fn(async () => undefined),
  };
  const uninstall = installSessionEndHandler(deps);
  store.set(dispatchSessionAtom, {
    type: 'signedIn',
    token: 't',
    expiresAt: 'x',
    address: ADDRESS,
  });
  return { deps, uninstall };
}

describe('the one session-end handler', () => {
  let uninstall: () => void = () => undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    uninstall();
    vi.useRealTimers();
  });

  it('after sign-out: clears queries and saved records, stops the wallet watch, goes home', () => {
    const setup = setUp();
    uninstall = setup.uninstall;
    store.set(dispatchSessionAtom, { type: 'signedOut' });
    expect(setup.deps.queryClient.getQueryData(['wallet', 'balances', ADDRESS])).toBeUndefined();
    expect(setup.deps.forgetRecords).toHaveBeenCalledWith(ADDRESS);
    expect(setup.deps.stopWalletWatch).toHaveBeenCalledOnce();
    expect(setup.deps.navigate).toHaveBeenCalledWith('/index');
  });

  it("keeps the address's records when the user ticked 'Keep for reading offline', once", () => {
    const setup = setUp();
    uninstall = setup.uninstall;
    keepRecordsAtSignOut(ADDRESS.toLowerCase());
    store.set(dispatchSessionAtom, { type: 'signedOut' });
    expect(setup.deps.forgetRecords).not.toHaveBeenCalled();
    expect(setup.deps.navigate).toHaveBeenCalledWith('/index');

    // The next sign-out, without the tick, forgets them.
    store.set(dispatchSessionAtom, {
      type: 'signedIn',
      token: 't',
      expiresAt: 'x',
      address: ADDRESS,
    });
    store.set(dispatchSessionAtom, { type: 'signedOut' });
    expect(setup.deps.forgetRecords).toHaveBeenCalledWith(ADDRESS);
  });

  it("a tick for another address keeps nothing of this one's", () => {
    const setup = setUp();
    uninstall = setup.uninstall;
    keepRecordsAtSignOut('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
    store.set(dispatchSessionAtom, { type: 'signedOut' });
    expect(setup.deps.forgetRecords).toHaveBeenCalledWith(ADDRESS);
  });

  it("after a 401: keeps saved records, shows the server's message, leaves after 1.5 s", () => {
    const setup = setUp();
    uninstall = setup.uninstall;
    store.set(dispatchSessionAtom, {
      type: 'unauthorized',
      message: 'Session expired',
      leavePage: true,
    });
    expect(setup.deps.forgetRecords).not.toHaveBeenCalled();
    expect(setup.deps.stopWalletWatch).toHaveBeenCalledOnce();
    expect(store.get(toastsAtom).map((t) => t.text)).toContain('Session expired');
    expect(setup.deps.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_500);
    expect(setup.deps.navigate).toHaveBeenCalledWith('/');
  });

  it('a 401 long before the session was to end says it was ended from another device', () => {
    const setup = setUp();
    uninstall = setup.uninstall;
    const inADay = new Date(Date.now() + 86_400_000).toISOString();
    store.set(dispatchSessionAtom, {
      type: 'signedIn',
      token: 't',
      expiresAt: inADay,
      address: ADDRESS,
    });
    store.set(dispatchSessionAtom, {
      type: 'unauthorized',
      message: 'You are not signed in or your session has expired. Please sign in again.',
      leavePage: true,
    });
    const texts = store.get(toastsAtom).map((t) => t.text);
    expect(texts).toContain('Your session was ended from another device. Please sign in again.');
    expect(texts.some((text) => text.includes('has expired'))).toBe(false);
  });

  it("a 401 at the time the session was to end says it expired (the server's words)", () => {
    const setup = setUp();
    uninstall = setup.uninstall;
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    store.set(dispatchSessionAtom, {
      type: 'signedIn',
      token: 't',
      expiresAt: inAMinute,
      address: ADDRESS,
    });
    store.set(dispatchSessionAtom, {
      type: 'unauthorized',
      message: 'Session expired',
      leavePage: true,
    });
    expect(store.get(toastsAtom).map((t) => t.text)).toContain('Session expired');
  });

  it('does nothing when no session was open', () => {
    const setup = setUp();
    uninstall = setup.uninstall;
    store.set(dispatchSessionAtom, { type: 'signedOut' });
    setup.deps.navigate.mockClear();
    store.set(dispatchSessionAtom, { type: 'unauthorized', message: 'x', leavePage: true });
    vi.advanceTimersByTime(2_000);
    expect(setup.deps.navigate).not.toHaveBeenCalled();
  });
});
