import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chainPaths,
  PAID_TO_BALANCE_FIELD,
  type ChainPayment,
} from '../../../contract/api/chain.ts';
import type { ApiClient, CallArgs } from '../../../src/api/client.ts';
import type { AnyEndpoint, EndpointOutput } from '../../../contract/api/endpoint.ts';
import { apiErrors } from '../../../contract/api/errors.ts';
import { ApiError, NoResponseError } from '../../../src/api/requestErrors.ts';
import { ticketPaths } from '../../../contract/api/ticket.ts';
import type { PaymentDeps } from '../../../src/payment/paymentFlow.ts';
import {
  followedPaymentsAtom,
  NOT_SEEN_RETRY_MS,
  paymentsAtom,
  sentPaymentsAtom,
} from '../../../src/payment/paymentSlots.ts';
import { usePayment } from '../../../src/payment/usePayment.ts';
import { ApiProvider } from '../../../src/state/apiContext.tsx';
import { store } from '../../../src/state/store.ts';
import { dispatchSessionAtom } from '../../../src/state/session.ts';
import { pendingConfirmAtom, settleConfirm } from '../../../src/ui/confirm.ts';
import { PromptDismissed } from '../../../src/ui/prompt.ts';
import { toastsAtom } from '../../../src/ui/toast.ts';
import type { WalletConnection } from '../../../src/wallet/connect.ts';
import type { Eip1193Provider } from '../../../src/wallet/eip1193.ts';
import { activateEnglish } from '../support/i18n.ts';
import { signInTestSession } from '../support/session.ts';

beforeAll(activateEnglish);
afterEach(() => {
  store.set(paymentsAtom, {});
  store.set(sentPaymentsAtom, {});
  store.set(followedPaymentsAtom, {});
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

/** A wallet on a chain of its own: pays, or refuses. It is never asked about receipts. */
class FakeWallet implements Eip1193Provider {
  chainId = CHAIN.id;
  sent = 0;
  refusal: unknown = null;
  asked: string[] = [];
  async request({ method }: { method: string; params?: unknown }): Promise<unknown> {
    this.asked.push(method);
    switch (method) {
      case 'eth_chainId':
        return `0x${this.chainId.toString(16)}`;
      case 'eth_sendTransaction':
        if (this.refusal) throw this.refusal;
        this.sent += 1;
        return HASH;
      default:
        throw { code: 4200, message: 'unsupported' };
    }
  }
}

function chainPayment(status: ChainPayment['status']): ChainPayment {
  return {
    id: '1',
    hash: HASH,
    mined_hash: null,
    purpose: 'ticket',
    amount: '60',
    status,
    failure: null,
    confirmations: status === 'confirmed' ? 1 : 0,
    required_confirmations: 1,
    created_at: '2026-11-25T10:00:00.000Z',
    confirmed_at: null,
    explorer_url: null,
  };
}

/** The server, as far as a payment goes: ticket/buy answers what the test says. */
function fakeServer(handIn: (hash: string, key: string) => Promise<unknown>) {
  const calls: { path: string; body: unknown; key: string | undefined }[] = [];
  const api: ApiClient = {
    async call<E extends AnyEndpoint>(endpoint: E, ...[input, options]: CallArgs<E>) {
      const key = (options as { idempotencyKey?: string } | undefined)?.idempotencyKey;
      calls.push({ path: endpoint.path, body: input, key });
      const answer = (data: unknown) => v.parse(endpoint.output, data) as EndpointOutput<E>;
      if (endpoint.path === ticketPaths.buy) {
        const { hash } = input as { hash: string };
        return answer(await handIn(hash, key!));
      }
      if (endpoint.path === chainPaths.payment) return answer(chainPayment('pending'));
      throw new Error(`unexpected call ${endpoint.path}`);
    },
    image: () => Promise.reject(new Error('no images in a payment')),
  };
  return { api, calls };
}

const bought = (status: ChainPayment['status']) => ({
  payment: chainPayment(status),
  ticket: {
    id: '7',
    status: status === 'confirmed' ? 'valid' : 'pending_payment',
    price: '60',
    hash: HASH,
    bought_at: '2026-11-25T10:00:00.000Z',
    last_operation_at: '2026-11-25T10:00:00.000Z',
    expires_at: null,
  },
});

/** A timer the test moves by hand: every wait resolves when the test says so. */
function manualTimer() {
  const waits: number[] = [];
  const waiting: (() => void)[] = [];
  return {
    delay: (ms: number) =>
      new Promise<void>((resolve) => {
        waits.push(ms);
        waiting.push(resolve);
      }),
    tick() {
      waiting.splice(0).forEach((resolve) => resolve());
    },
    waits,
  };
}

function setUp(options: { handIn?: (hash: string, key: string) => Promise<unknown> } = {}) {
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
  };
  const handIn = vi.fn(options.handIn ?? (async () => bought('confirmed')));
  const server = fakeServer(handIn);
  const onSuccess = vi.fn();
  const hook = renderHook(
    () =>
      usePayment({
        kind: 'ticket',
        confirm: () => ({ message: 'Pay 60 JU?' }),
        payment: () => ({ treasury: TREASURY, amount: '60' }),
        successMessage: (result) =>
          result.payment.status === 'confirmed' ? 'Ticket bought' : 'Payment received',
        failureMessage: () => 'Ticket purchase failed, try again',
        onSuccess,
        deps,
      }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <JotaiProvider store={store}>
          <ApiProvider api={server.api}>
            <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
          </ApiProvider>
        </JotaiProvider>
      ),
    },
  );
  return { hook, wallet, timer, handIn, onSuccess, askNetworkSwitch, server };
}

type Hook = ReturnType<typeof setUp>['hook'];

/** Submits, accepts the confirm popup and answers the running flow (not awaited). */
async function pay(hook: Hook): Promise<{ done: Promise<void> }> {
  let done: Promise<void> = Promise.resolve();
  act(() => {
    done = hook.result.current.submit({});
  });
  await waitFor(() => expect(store.get(pendingConfirmAtom)?.message).toBe('Pay 60 JU?'));
  act(() => settleConfirm(true));
  return { done };
}

/** Moves the manual timer until the flow settles. */
async function settle(timer: ReturnType<typeof manualTimer>, done: Promise<void>) {
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

const notSeen = () =>
  new ApiError(apiErrors.payment_not_seen.code, 'The chain has not seen this transaction yet', 400);

beforeEach(() => signInTestSession(store));
afterEach(() => store.set(dispatchSessionAtom, { type: 'signedOut' }));

describe('usePayment', () => {
  it('pays once and hands the hash to the server at once, without waiting for the chain', async () => {
    const { hook, wallet, timer, handIn, onSuccess } = setUp();
    const { done } = await pay(hook);
    await settle(timer, done);
    expect(wallet.sent).toBe(1);
    // The wallet is never asked for a receipt: the server follows the chain.
    expect(wallet.asked).not.toContain('eth_getTransactionReceipt');
    expect(timer.waits).toEqual([]);
    expect(handIn).toHaveBeenCalledExactlyOnceWith(HASH, expect.any(String));
    expect(onSuccess).toHaveBeenCalledWith(bought('confirmed'), HASH);
    expect(hook.result.current.stage).toEqual({ step: 'idle' });
    expect(hook.result.current.failure).toBeNull();
    expect(hook.result.current.following).toMatchObject({ hash: HASH, status: 'confirmed' });
    expect(store.get(toastsAtom).map((t) => t.text)).toContain('Ticket bought');
    expect(store.get(sentPaymentsAtom)).toEqual({});
  });

  it('keeps the hash in local storage from the moment the wallet returns it', async () => {
    let answer: (value: unknown) => void = () => {};
    const { hook } = setUp({ handIn: () => new Promise((resolve) => (answer = resolve)) });
    await pay(hook);
    await waitFor(() =>
      expect(hook.result.current.stage).toEqual({ step: 'submitting', hash: HASH }),
    );
    // A reload now would find it: the JU has left the wallet.
    expect(JSON.parse(localStorage.getItem('ju.sentPayments') ?? '{}')).toEqual({
      [`${USER}:ticket`]: expect.objectContaining({ kind: 'ticket', hash: HASH }),
    });
    await act(async () => answer(bought('pending')));
    await waitFor(() => expect(hook.result.current.following?.status).toBe('pending'));
    expect(localStorage.getItem('ju.sentPayments')).toBe('{}');
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
  ])('a wallet refusal %j says %j and hands in nothing', async (refusal, text) => {
    const { hook, wallet, handIn } = setUp();
    wallet.refusal = refusal;
    const { done } = await pay(hook);
    await act(() => done);
    expect(hook.result.current.failure).toBe(text);
    expect(hook.result.current.canRetry).toBe(false);
    expect(handIn).not.toHaveBeenCalled();
    expect(store.get(toastsAtom).map((t) => t.text)).toContain(text);
  });

  it('on the wrong network asks to switch first, then pays', async () => {
    const { hook, wallet, timer, askNetworkSwitch, handIn } = setUp();
    wallet.chainId = 1;
    const { done } = await pay(hook);
    await settle(timer, done);
    expect(askNetworkSwitch).toHaveBeenCalledWith(expect.objectContaining({ currentChainId: 1 }));
    expect(wallet.sent).toBe(1);
    expect(handIn).toHaveBeenCalledOnce();
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

  it("asks again while the server's node has not seen the transaction yet", async () => {
    let calls = 0;
    const { hook, timer, handIn } = setUp({
      handIn: async () => {
        calls += 1;
        if (calls < 3) throw notSeen();
        return bought('pending');
      },
    });
    const { done } = await pay(hook);
    await settle(timer, done);
    expect(handIn).toHaveBeenCalledTimes(3);
    expect(timer.waits).toEqual(NOT_SEEN_RETRY_MS.slice(0, 2));
    expect(hook.result.current.following?.status).toBe('pending');
    expect(store.get(toastsAtom).map((t) => t.text)).toContain('Payment received');
  });

  it('still not seen after a few seconds: the payment stays open to hand in later', async () => {
    const { hook, timer, handIn } = setUp({
      handIn: async () => {
        throw notSeen();
      },
    });
    const { done } = await pay(hook);
    await settle(timer, done);
    expect(handIn).toHaveBeenCalledTimes(NOT_SEEN_RETRY_MS.length + 1);
    expect(hook.result.current.canRetry).toBe(true);
    expect(hook.result.current.openHash).toBe(HASH);
    expect(hook.result.current.failure).toMatch(/has not seen this transaction yet/);
  });

  it('a lost answer keeps the payment open: Try again hands in the same hash and key, never pays twice', async () => {
    let calls = 0;
    const { hook, wallet, timer, handIn } = setUp({
      handIn: async () => {
        calls += 1;
        if (calls === 1) throw new NoResponseError('timeout');
        return bought('confirmed');
      },
    });
    const { done } = await pay(hook);
    await settle(timer, done);
    expect(hook.result.current.canRetry).toBe(true);
    expect(hook.result.current.openHash).toBe(HASH);
    expect(hook.result.current.failure).toContain('Ticket purchase failed, try again');
    // Paying again for the same thing resumes the open payment instead.
    await settle(timer, hook.result.current.submit({}));
    expect(wallet.sent).toBe(1);
    const [first, second] = handIn.mock.calls;
    expect(second).toEqual(first);
    expect(hook.result.current.canRetry).toBe(false);
    expect(hook.result.current.openHash).toBeNull();
  });

  it('a sent payment survives a reload: the next visit hands in the same hash and key', async () => {
    const first = setUp({
      handIn: async () => {
        throw new NoResponseError('timeout');
      },
    });
    const { done } = await pay(first.hook);
    await settle(first.timer, done);
    expect(first.hook.result.current.openHash).toBe(HASH);
    const [[, key]] = first.handIn.mock.calls as [[string, string]];
    first.hook.unmount();

    // A reload: the in-memory state is gone, the sent payment is not.
    store.set(paymentsAtom, {});
    const second = setUp();
    expect(second.hook.result.current.canRetry).toBe(true);
    expect(second.hook.result.current.openHash).toBe(HASH);
    await settle(second.timer, second.hook.result.current.retry());
    expect(second.wallet.sent).toBe(0);
    expect(second.handIn).toHaveBeenCalledWith(HASH, key);
    expect(second.hook.result.current.openHash).toBeNull();
    expect(JSON.parse(localStorage.getItem('ju.sentPayments') ?? '{}')).toEqual({});
  });

  it("the server's refusal of the hash is shown in its words and ends the payment", async () => {
    const { hook, timer } = setUp({
      handIn: async () => {
        throw new ApiError(apiErrors.hash_already_exists.code, 'Hash already exists', 400);
      },
    });
    const { done } = await pay(hook);
    await settle(timer, done);
    expect(hook.result.current.failure).toBe('Hash already exists');
    expect(hook.result.current.canRetry).toBe(false);
    expect(hook.result.current.failedHash).toBe(HASH);
  });

  it('a refusal after paying says the paid JU goes to the balance', async () => {
    const { hook, timer } = setUp({
      handIn: async () => {
        throw new ApiError(40050, 'This ticket is no longer valid', 400, {
          [PAID_TO_BALANCE_FIELD]: true,
        });
      },
    });
    const { done } = await pay(hook);
    await settle(timer, done);
    expect(hook.result.current.failure).toBe(
      'This ticket is no longer valid\nThe JU you paid will be added to your balance once the chain confirms the payment.',
    );
    expect(hook.result.current.canRetry).toBe(false);
  });
});
