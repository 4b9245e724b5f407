import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eip1193Provider } from '../../../src/wallet/eip1193.ts';
import { sendTransaction, toWei } from '../../../src/wallet/transactions.ts';
import { WalletError } from '../../../src/wallet/walletErrors.ts';

const HASH = `0x${'ab'.repeat(32)}`;
const FROM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TREASURY = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

function provider(handler: (method: string, params: unknown) => unknown): Eip1193Provider & {
  calls: { method: string; params: unknown }[];
} {
  const calls: { method: string; params: unknown }[] = [];
  return {
    calls,
    async request({ method, params }) {
      calls.push({ method, params });
      return handler(method, params);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toWei', () => {
  it.each([
    ['60', 60n * 10n ** 18n],
    ['90.6', 906n * 10n ** 17n],
    ['0.000000000000000001', 1n],
  ])('%s JU', (amount, wei) => {
    expect(toWei(amount)).toBe(wei);
  });

  it.each(['', '-1', '1e3', '1.', '.5', '0.0000000000000000001', '1,5'])('refuses %j', (amount) => {
    expect(() => toWei(amount)).toThrow(RangeError);
  });
});

describe('sendTransaction', () => {
  it('asks the wallet to send native JU to the treasury and answers the hash', async () => {
    const wallet = provider(() => HASH.toUpperCase().replace('0X', '0x'));
    const hash = await sendTransaction(wallet, { from: FROM, to: TREASURY, amount: '60' });
    expect(hash).toBe(HASH);
    expect(wallet.calls).toEqual([
      {
        method: 'eth_sendTransaction',
        params: [{ from: FROM, to: TREASURY, value: `0x${(60n * 10n ** 18n).toString(16)}` }],
      },
    ]);
  });

  it.each([
    [{ code: 4001, message: 'User rejected the request.' }, 'pay_rejected'],
    [{ code: -32000, message: 'insufficient funds for gas * price + value' }, 'insufficient_funds'],
    [
      {
        code: -32603,
        message: 'Internal JSON-RPC error.',
        data: { message: 'intrinsic gas too low' },
      },
      'insufficient_gas',
    ],
    [
      { code: 4100, message: 'The requested account has not been authorized' },
      'insufficient_authorization',
    ],
    [{ code: 4901, message: 'Chain disconnected' }, 'unsupported_network'],
    [{ code: 1234, message: 'Something odd' }, 'pay_failed'],
  ])('a wallet refusal %j is %s', async (refusal, kind) => {
    const wallet = provider(() => {
      throw refusal;
    });
    const failure = await sendTransaction(wallet, { from: FROM, to: TREASURY, amount: '1' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(WalletError);
    expect((failure as WalletError).kind).toBe(kind);
  });

  it('a wallet answering something other than a hash is a wallet error', async () => {
    const wallet = provider(() => 'done');
    await expect(
      sendTransaction(wallet, { from: FROM, to: TREASURY, amount: '1' }),
    ).rejects.toMatchObject({ kind: 'wallet_internal' });
  });
});
