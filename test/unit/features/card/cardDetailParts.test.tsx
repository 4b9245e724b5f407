import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RechargeRecord } from '../../../../contract/api/card/recharges.ts';
import type { ConsumeRecord } from '../../../../contract/api/card/records.ts';
import { rechargeQuote, RechargeRules } from '../../../../src/features/card/cards/RechargeForm.tsx';
import { recordsCsv } from '../../../../src/features/card/cards/recordsCsv.ts';
import { useRevealed } from '../../../../src/features/card/cards/useRevealed.ts';

const headings = {
  kind: 'Kind',
  time: 'Time',
  amount: 'Amount',
  fee: 'Fee',
  total: 'Total',
  coin: 'Coin',
  status: 'Status',
  merchant: 'Merchant',
  consumption: 'Consumption',
  recharge: 'Recharge',
};

describe('recordsCsv', () => {
  it('writes one row per record, quotes commas and quotes, and defuses formulas', () => {
    const consume: ConsumeRecord[] = [
      {
        id: '1',
        card_id: '9',
        amount: '12.5',
        coin: 'USDT',
        merchant: 'Cafe "Nice", Taipei',
        status: 'success',
        created_at: '2026-01-02T03:04:05Z',
      },
      {
        id: '2',
        card_id: '9',
        amount: '1',
        coin: 'USDT',
        merchant: '=HYPERLINK("http://evil")',
        status: 'success',
        created_at: '2026-01-03T00:00:00Z',
      },
    ];
    const recharge: RechargeRecord[] = [
      {
        id: '3',
        card_id: '9',
        amount: '100',
        fee: '1',
        total: '101',
        coin: 'USDT',
        status: 'success',
        failure_reason: null,
        created_at: '2026-01-01T00:00:00Z',
        finished_at: null,
      },
    ];
    const csv = recordsCsv(consume, recharge, headings, (s) => s.toUpperCase());
    expect(csv.split('\r\n')).toEqual([
      'Kind,Time,Amount,Fee,Total,Coin,Status,Merchant',
      'Consumption,2026-01-02T03:04:05Z,12.5,0,12.5,USDT,SUCCESS,"Cafe ""Nice"", Taipei"',
      `Consumption,2026-01-03T00:00:00Z,1,0,1,USDT,SUCCESS,"'=HYPERLINK(""http://evil"")"`,
      'Recharge,2026-01-01T00:00:00Z,100,1,101,USDT,SUCCESS,',
      '',
    ]);
  });
});

describe('rechargeQuote', () => {
  const rule = { fee_rate_bps: 100, fee_minimum: '0.5', minimum: '10', quick_amounts: ['50'] };
  it('charges the rate rounded up, never less than the minimum fee', () => {
    expect(rechargeQuote('100', rule)).toMatchObject({ fee: '1', total: '101' });
    expect(rechargeQuote('10', rule)).toMatchObject({ fee: '0.5', total: '10.5' });
    expect(rechargeQuote('100.000001', rule)).toMatchObject({ fee: '1.000001' });
  });
  it('gives nothing for an amount that is not one', () => {
    expect(rechargeQuote('', rule)).toBeNull();
    expect(rechargeQuote('abc', rule)).toBeNull();
    expect(rechargeQuote('0', rule)).toBeNull();
  });
});

describe('useRevealed', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('hides the revealed details again after the set time', () => {
    const { result } = renderHook(() => useRevealed<string>(30_000));
    act(() => result.current.show('4111111111111111'));
    expect(result.current.value).toBe('4111111111111111');
    act(() => {
      vi.advanceTimersByTime(29_999);
    });
    expect(result.current.value).toBe('4111111111111111');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.value).toBeNull();
  });

  it('forgets at once when hidden or when the screen is left', () => {
    const { result, unmount } = renderHook(() => useRevealed<string>(30_000));
    act(() => result.current.show('x'));
    act(() => result.current.hide());
    expect(result.current.value).toBeNull();
    act(() => result.current.show('y'));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('RechargeRules', () => {
  const rule = {
    fee_rate_bps: 150,
    fee_minimum: '1',
    minimum: '10',
    quick_amounts: ['50'],
  };
  const rules = (overrides: Partial<typeof rule>) => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <RechargeRules rule={{ ...rule, ...overrides }} />
      </I18nProvider>,
    );
    return container.textContent;
  };

  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it('says the minimum and the fee rule before anything is typed', () => {
    expect(rules({})).toBe('Minimum recharge: 10 USDT. Fee: 1.5% of the amount, at least 1 USDT.');
    expect(rules({ fee_minimum: '0' })).toBe('Minimum recharge: 10 USDT. Fee: 1.5% of the amount.');
    expect(rules({ fee_rate_bps: 0, fee_minimum: '2.5' })).toBe(
      'Minimum recharge: 10 USDT. Fee: 2.5 USDT.',
    );
    expect(rules({ fee_rate_bps: 0, fee_minimum: '0', minimum: '0.5' })).toBe(
      'Minimum recharge: 0.5 USDT. No fee.',
    );
  });
});
