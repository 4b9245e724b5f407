import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAID_TO_BALANCE_FIELD } from '../../../src/api/chain.ts';
import { ApiError, NoResponseError } from '../../../src/api/requestErrors.ts';
import type { PaymentDeps } from '../../../src/features/payment/paymentFlow.ts';
import {
  paymentsAtom,
  sentPaymentsAtom,
  usePayment,
} from '../../../src/features/payment/usePayment.ts';
import { store } from '../../../src/state/store.ts';
import { pendingConfirmAtom, settleConfirm } from '../../../src/ui/confirm.ts';
import { PromptDismissed } from '../../../src/ui/prompt.ts';
import { toastsAtom } from '../../../src/ui/toast.ts';
import type { WalletConnection } from '../../../src/wallet/connect.ts';
import type { Eip1193Provider } from '../../../src/wallet/eip1193.ts';
import { activateEnglish } from '../support/i18n.ts';

beforeAll(activateEnglish);
afterEach(() => {
  store.set(paymentsAtom, {});
  store.set(sentPaymentsAtom, {});
  store.set(toastsAtom, []);
});

const CHAIN = {
  id: 210000,
  name: 'JuChain Local',
  rpcUrl: 'http://127.0.0.1:8545',
  tokenSymbol: 'JU',
};
const USER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TREASURY = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const HASH = `0x${'cd'.repeat(32)}`;

/** A wallet on a chain of its own: pays, mines after `mineAfter` looks, or refuses. */
class FakeWallet implements Eip1193Provider {
  chainId = CHAIN.id;
  sent = 0;
  looks = 0;
  mineAfter = 2;
  receiptStatus = '0x1';
  refusal: unknown = null;
  async request({ method }: { method: string; params?: unknown }): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return `0x${this.chainId.toString(16)}`;
      case 'eth_sendTransaction':
        if (this.refusal) throw this.refusal;
        this.sent += 1;
        return HASH;
      case 'eth_getTransactionReceipt':
        this.looks += 1;
        return this.looks > this.mineAfter
          ? { status: this.receiptStatus, blockNumber: '0x5' }
          : null;
      default:
        throw { code: 4200, message: 'unsupported' };
    }
  }
}

/** A timer the test moves by hand: every wait resolves when the test says so. */
function manualTimer() {
  const waiting: (() => void)[] = [];
  return {
    delay: () => new Promise<void>((resolve) => waiting.push(resolve)),
    tick() {
      waiting.splice(0).forEach((resolve) => resolve());
    },
    get waiting() {
      return waiting.length;
    },
  };
}

function setUp(options: { submit?: (hash: string, key: string) => Promise<string> } = {}) {
  const wallet = new FakeWallet();
  const timer = manualTimer();
  const connection: WalletConnection = {
    address: USER,
    chainId: CHAIN.id,
    provider: wallet,
    label: 'Fake',
  };
  const askNetworkSwitch = vi.fn(async () => {
    wallet.chainId = CHAIN.id;
  });
  const deps: PaymentDeps = {
    wallet: async () => connection,
    chain: () => CHAIN,
    address: () => USER,
    askNetworkSwitch,
    delay: timer.delay,
    receiptTimeoutMs: 3_000,
    receiptIntervalMs: 1_000,
  };
  const submit = vi.fn(options.submit ?? (async () => 'recorded'));
  const onSuccess = vi.fn();
  const hook = renderHook(
    () =>
      usePayment({
        purpose: 'ticket',
        confirm: () => ({ message: 'Pay 60 JU?' }),
        payment: () => ({ treasury: TREASURY, amount: '60' }),
        submit: (_input: { item: string }, hash, key) => submit(hash, key),
        successMessage: () => 'Ticket bought',
        failureMessage: () => 'Ticket purchase failed, try again',
        onSuccess,
        deps,
      }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <JotaiProvider store={store}>
          <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
        </JotaiProvider>
      ),
    },
  );
  return { hook, wallet, timer, submit, onSuccess, askNetworkSwitch };
}

type Hook = ReturnType<typeof setUp>['hook'];

/** Submits, accepts the confirm popup and answers the running flow (not awaited). */
async function pay(hook: Hook): Promise<{ done: Promise<void> }> {
  let done: Promise<void> = Promise.resolve();
  act(() => {
    done = hook.result.current.submit({ item: 'ticket' });
  });
  await waitFor(() => expect(store.get(pendingConfirmAtom)?.message).toBe('Pay 60 JU?'));
  act(() => settleConfirm(true));
  return { done };
}

/** Moves the manual timer until the flow settles. */
async function mine(timer: ReturnType<typeof manualTimer>, done: Promise<void>) {
  let settled = false;
  void done.then(() => (settled = true));
  for (let i = 0; i < 20 && !settled; i++) {
    await act(async () => {
      await Promise.resolve();
      timer.tick();
    });
  }
  await act(() => done);
}

describe('usePayment', () => {
  it('pays once, shows processing with the hash while the chain mines, then submits the hash', async () => {
    const { hook, wallet, timer, submit, onSuccess } = setUp();
    const { done } = await pay(hook);
    await waitFor(() =>
      expect(hook.result.current.stage).toEqual({ step: 'processing', hash: HASH }),
    );
    expect(submit).not.toHaveBeenCalled();
    await mine(timer, done);
    expect(wallet.sent).toBe(1);
    expect(wallet.looks).toBe(3);
    expect(submit).toHaveBeenCalledExactlyOnceWith(HASH, expect.any(String));
    expect(onSuccess).toHaveBeenCalledWith('recorded', HASH);
    expect(hook.result.current.stage).toEqual({ step: 'idle' });
    expect(hook.result.current.failure).toBeNull();
    expect(store.get(toastsAtom).map((t) => t.text)).toContain('Ticket bought');
  });

  it.each([
    [{ code: 4001, message: 'User rejected the request.' }, 'You rejected the payment'],
    [
      { code: -32000, message: 'insufficient funds for gas * price + value' },
      'Payment failed: insufficient funds',
    ],
    [{ code: -32000, message: 'intrinsic gas too low' }, 'Payment failed: insufficient gas'],
    [{ code: 4100, message: 'Unauthorized' }, 'Payment failed: insufficient authorization'],
    [{ code: 77, message: '???' }, 'Ticket purchase failed, try again'],
  ])('a wallet refusal %j says %j and submits nothing', async (refusal, text) => {
    const { hook, wallet, submit } = setUp();
    wallet.refusal = refusal;
    const { done } = await pay(hook);
    await act(() => done);
    expect(hook.result.current.failure).toBe(text);
    expect(hook.result.current.canRetry).toBe(false);
    expect(submit).not.toHaveBeenCalled();
    expect(store.get(toastsAtom).map((t) => t.text)).toContain(text);
  });

  it('on the wrong network asks to switch first, then pays', async () => {
    const { hook, wallet, timer, askNetworkSwitch, submit } = setUp();
    wallet.chainId = 1;
    const { done } = await pay(hook);
    await mine(timer, done);
    expect(askNetworkSwitch).toHaveBeenCalledWith(expect.objectContaining({ currentChainId: 1 }));
    expect(wallet.sent).toBe(1);
    expect(submit).toHaveBeenCalledOnce();
  });

  it('declining the network switch pays nothing and says why', async () => {
    const { hook, wallet, askNetworkSwitch } = setUp();
    wallet.chainId = 1;
    askNetworkSwitch.mockRejectedValueOnce(new PromptDismissed());
    const { done } = await pay(hook);
    await act(() => done);
    expect(wallet.sent).toBe(0);
    expect(hook.result.current.failure).toBe('Unsupported network');
  });

  it('a lost answer keeps the payment open: Try again resubmits the same hash and key, never pays twice', async () => {
    let calls = 0;
    const { hook, wallet, timer, submit } = setUp({
      submit: async () => {
        calls += 1;
        if (calls === 1) throw new NoResponseError('timeout');
        return 'recorded';
      },
    });
    const { done } = await pay(hook);
    await mine(timer, done);
    expect(hook.result.current.canRetry).toBe(true);
    expect(hook.result.current.openHash).toBe(HASH);
    expect(hook.result.current.failure).toContain('Ticket purchase failed, try again');
    // Paying again for the same thing resumes the open payment instead.
    await mine(timer, hook.result.current.submit({ item: 'ticket' }));
    expect(wallet.sent).toBe(1);
    const [first, second] = submit.mock.calls;
    expect(second).toEqual(first);
    expect(hook.result.current.canRetry).toBe(false);
    expect(hook.result.current.openHash).toBeNull();
  });

  it('a sent payment survives a reload: the next visit hands in the same hash and key', async () => {
    const first = setUp({
      submit: async () => {
        throw new NoResponseError('timeout');
      },
    });
    const { done } = await pay(first.hook);
    await mine(first.timer, done);
    expect(first.hook.result.current.openHash).toBe(HASH);
    const [[, key]] = first.submit.mock.calls as [[string, string]];
    expect(JSON.parse(localStorage.getItem('ju.sentPayments') ?? '{}')).toEqual({
      [`:ticket`]: expect.objectContaining({ hash: HASH, key }),
    });
    first.hook.unmount();

    // A reload: the in-memory state is gone, the sent payment is not.
    store.set(paymentsAtom, {});
    const second = setUp();
    expect(second.hook.result.current.canRetry).toBe(true);
    expect(second.hook.result.current.openHash).toBe(HASH);
    await mine(second.timer, second.hook.result.current.retry());
    expect(second.wallet.sent).toBe(0);
    expect(second.submit).toHaveBeenCalledWith(HASH, key);
    expect(second.hook.result.current.openHash).toBeNull();
    expect(JSON.parse(localStorage.getItem('ju.sentPayments') ?? '{}')).toEqual({});
  });

  it('a slow chain keeps the payment open and Try again looks again', async () => {
    const { hook, wallet, timer, submit } = setUp();
    wallet.mineAfter = 100;
    const { done } = await pay(hook);
    await mine(timer, done);
    expect(hook.result.current.failure).toMatch(/has not confirmed it yet/);
    expect(hook.result.current.canRetry).toBe(true);
    expect(submit).not.toHaveBeenCalled();
    wallet.mineAfter = 0;
    await mine(timer, hook.result.current.retry());
    expect(wallet.sent).toBe(1);
    expect(submit).toHaveBeenCalledExactlyOnceWith(HASH, expect.any(String));
  });

  it('a reverted transaction ends the payment, keeps its hash and submits nothing', async () => {
    const { hook, wallet, timer, submit } = setUp();
    wallet.receiptStatus = '0x0';
    const { done } = await pay(hook);
    await mine(timer, done);
    expect(hook.result.current.failure).toMatch(/transaction reverted/);
    expect(hook.result.current.canRetry).toBe(false);
    expect(hook.result.current.failedHash).toBe(HASH);
    expect(submit).not.toHaveBeenCalled();
  });

  it("the server's refusal of the hash is shown in its words and ends the payment", async () => {
    const { hook, timer } = setUp({
      submit: async () => {
        throw new ApiError(40061, 'Hash already exists', 400);
      },
    });
    const { done } = await pay(hook);
    await mine(timer, done);
    expect(hook.result.current.failure).toBe('Hash already exists');
    expect(hook.result.current.canRetry).toBe(false);
    expect(hook.result.current.failedHash).toBe(HASH);
  });

  it('a refusal after paying says the paid JU goes to the balance', async () => {
    const { hook, timer } = setUp({
      submit: async () => {
        throw new ApiError(40083, 'This ticket is no longer valid', 400, {
          [PAID_TO_BALANCE_FIELD]: true,
        });
      },
    });
    const { done } = await pay(hook);
    await mine(timer, done);
    expect(hook.result.current.failure).toBe(
      'This ticket is no longer valid\nThe JU you paid will be added to your balance once the chain confirms the payment.',
    );
    expect(hook.result.current.canRetry).toBe(false);
  });
});
