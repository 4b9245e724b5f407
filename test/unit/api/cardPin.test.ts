import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isSimplePin, updatePinRequestSchema } from '../../../contract/api/card/cards.ts';

describe('isSimplePin', () => {
  it.each([
    '000000',
    '111111',
    '777777',
    '012345',
    '123456',
    '456789',
    '987654',
    '654321',
    '543210',
  ])('%s is one a thief tries first', (pin) => expect(isSimplePin(pin)).toBe(true));

  it.each([
    '123457',
    '112233',
    '121212',
    '135790',
    '901234',
    '890123',
    '482915',
    '12345',
    'abcdef',
  ])('%s is not', (pin) => expect(isSimplePin(pin)).toBe(false));
});

describe('updatePin request', () => {
  const issue = (input: object) => {
    const result = v.safeParse(updatePinRequestSchema, { id: '7', ...input });
    return result.success ? null : [v.getDotPath(result.issues[0]), result.issues[0].message];
  };

  it('names the field and the catalogue error of each problem', () => {
    expect(issue({ pin: '222222', confirm_pin: '222222' })).toEqual(['pin', 'pin_too_simple']);
    expect(issue({ pin: '482915', confirm_pin: '482916' })).toEqual([
      'confirm_pin',
      'pin_mismatch',
    ]);
    expect(issue({ current_pin: '', pin: '482915', confirm_pin: '482915' })).toEqual([
      'current_pin',
      'pin_current_required',
    ]);
    expect(issue({ current_pin: '12', pin: '482915', confirm_pin: '482915' })).toEqual([
      'current_pin',
      'pin_invalid',
    ]);
    // The current PIN may be a simple one set before the rule: it is only compared.
    expect(issue({ current_pin: '111111', pin: '482915', confirm_pin: '482915' })).toBeNull();
    expect(issue({ pin: '482915', confirm_pin: '482915' })).toBeNull();
  });
});
