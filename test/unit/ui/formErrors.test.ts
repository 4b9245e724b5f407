import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../../contract/api/errors.ts';
import { ApiError } from '../../../src/api/requestErrors.ts';
import { transferRequestSchema } from '../../../contract/api/transfer.ts';
import { withdrawApplyRequestSchema } from '../../../contract/api/withdraw.ts';
import { checkForm, fieldErrorsFromAnswer } from '../../../src/ui/formErrors.ts';
import { activateEnglish } from '../support/i18n.ts';

const GOOD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(activateEnglish);

describe('form schema → field messages', () => {
  it('names each wrong field with the catalogue message the server uses', () => {
    const check = checkForm(transferRequestSchema, { address: '0x1234', amount: '0', remark: '' });
    expect(check).toEqual({
      ok: false,
      errors: {
        address: apiErrors.invalid_address.message.message,
        amount: apiErrors.amount_not_positive.message.message,
      },
    });
  });

  it('fills the placeholders of a message', () => {
    const check = checkForm(
      transferRequestSchema,
      { address: GOOD, amount: '1.1234567', remark: '' },
      { decimals: 6 },
    );
    expect(check.ok || check.errors).toEqual({
      amount: 'The amount can have at most 6 decimal places',
    });
  });

  it('an empty amount asks for one; a wrong-checksum address is refused', () => {
    const check = checkForm(withdrawApplyRequestSchema, {
      coin: 'JU',
      address: GOOD.replace('a', 'A'),
      amount: '',
    });
    expect(check.ok || check.errors).toEqual({
      address: apiErrors.invalid_address.message.message,
      amount: apiErrors.amount_required.message.message,
    });
  });

  it('a USDT withdrawal needs a TRON address', () => {
    const check = checkForm(withdrawApplyRequestSchema, {
      coin: 'USDT',
      address: GOOD,
      amount: '5',
    });
    expect(check.ok || check.errors).toEqual({
      address: apiErrors.invalid_tron_address.message.message,
    });
  });

  it('passes good input through', () => {
    const check = checkForm(transferRequestSchema, {
      address: GOOD,
      amount: '2.5',
      remark: ' hi ',
    });
    expect(check).toEqual({ ok: true, output: { address: GOOD, amount: '2.5', remark: 'hi' } });
  });
});

describe("the server's validation answer lands on the field", () => {
  it('uses the answer message for its field and catalogue messages for other issues', () => {
    const error = new ApiError(40004, 'Ungültiger Betrag', 400, {
      field: 'amount',
      issues: [
        { field: 'amount', message: 'amount_too_large' },
        { field: 'address', message: 'invalid_address' },
      ],
    });
    expect(fieldErrorsFromAnswer(error, ['address', 'amount'])).toEqual({
      amount: 'Ungültiger Betrag',
      address: apiErrors.invalid_address.message.message,
    });
  });

  it('a named error with data.field lands on that field', () => {
    const error = new ApiError(40010, 'Balance not enough', 400, { field: 'amount' });
    expect(fieldErrorsFromAnswer(error, ['amount'])).toEqual({ amount: 'Balance not enough' });
  });

  it('ignores answers about no field of the form', () => {
    expect(fieldErrorsFromAnswer(new ApiError(500, 'x', 500), ['amount'])).toBeNull();
    const other = new ApiError(40004, 'bad', 400, { field: 'page' });
    expect(fieldErrorsFromAnswer(other, ['amount'])).toBeNull();
  });
});
