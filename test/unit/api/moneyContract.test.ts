import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isApiErrorName } from '../../../contract/api/errors.ts';
import { AMOUNT_ERRORS, checkAmountLimits, checkAmountText } from '../../../contract/api/money.ts';
import { transferRequestSchema } from '../../../contract/api/transfer.ts';
import { withdrawApplyRequestSchema } from '../../../contract/api/withdraw.ts';
import { toChecksumAddress } from '../../../contract/wallet/address.ts';

const TRON = 'TLjfbTbpZYDQ4EoA4N5CLNgGjfbF8ZWz38';
const EVM = toChecksumAddress('0x7619c24bb5804bcfd71fb5b0edb1d9c6dc6a6309');
const wrongCase = (address: string) => address.replace(/[a-f]/, (letter) => letter.toUpperCase());
const issueOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success
    ? null
    : { message: result.issues[0].message, path: v.getDotPath(result.issues[0]) };
};

describe('amount rules', () => {
  it('names every amount error in the catalogue', () => {
    for (const name of Object.values(AMOUNT_ERRORS)) expect(isApiErrorName(name)).toBe(true);
  });

  it.each([
    ['', 'amount_required'],
    ['abc', 'invalid_amount'],
    ['1e3', 'invalid_amount'],
    ['0', 'amount_not_positive'],
    ['-1', 'amount_not_positive'],
    ['0.0000001', 'amount_too_precise'],
    ['99999999999999999999', 'amount_too_large'],
  ])('refuses %j with %s', (text, error) => {
    expect(checkAmountText(text, 6)).toEqual({ ok: false, error });
  });

  it('accepts a plain amount in units and checks limits', () => {
    expect(checkAmountText('1.5', 6)).toEqual({ ok: true, units: 1_500_000n });
    expect(checkAmountLimits(5n, { available: 4n })).toBe('insufficient_balance');
    expect(checkAmountLimits(5n, { available: 10n, minimum: 6n })).toBe('amount_below_minimum');
    expect(checkAmountLimits(5n, { available: 5n })).toBeNull();
  });
});

describe('money request schemas', () => {
  it('carries the catalogue error name for bad fields', () => {
    expect(issueOf(transferRequestSchema, { address: EVM, amount: '1' })).toBeNull();
    expect(issueOf(transferRequestSchema, { address: wrongCase(EVM), amount: '1' })).toEqual({
      message: 'invalid_address',
      path: 'address',
    });
    expect(issueOf(transferRequestSchema, { address: EVM, amount: '1.1234567' })).toEqual({
      message: 'amount_too_precise',
      path: 'amount',
    });
  });

  it('checks the withdrawal address by coin', () => {
    expect(
      issueOf(withdrawApplyRequestSchema, { coin: 'USDT', address: TRON, amount: '10' }),
    ).toBeNull();
    expect(
      issueOf(withdrawApplyRequestSchema, { coin: 'JU', address: EVM, amount: '10' }),
    ).toBeNull();
    expect(
      issueOf(withdrawApplyRequestSchema, { coin: 'USDT', address: EVM, amount: '10' }),
    ).toEqual({
      message: 'invalid_tron_address',
      path: 'address',
    });
    // A one-character typo in a T… address: the checksum is named, not the shape.
    const typo = TRON.slice(0, 10) + (TRON[10] === 'a' ? 'b' : 'a') + TRON.slice(11);
    expect(
      issueOf(withdrawApplyRequestSchema, { coin: 'USDT', address: typo, amount: '10' }),
    ).toEqual({
      message: 'tron_address_checksum',
      path: 'address',
    });
    expect(
      issueOf(withdrawApplyRequestSchema, { coin: 'JU', address: TRON, amount: '10' }),
    ).toEqual({
      message: 'invalid_address',
      path: 'address',
    });
    expect(
      issueOf(withdrawApplyRequestSchema, { coin: 'TICKET', address: TRON, amount: '10' }),
    ).toEqual({
      message: 'coin_not_withdrawable',
      path: 'coin',
    });
  });
});
