import { describe, expect, it } from 'vitest';
import { lookalikeOf } from '../../../src/features/transfer/lookalike.ts';
import { addressFromQr } from '../../../src/features/transfer/QrScanDialog.tsx';

const PAID = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
// Same first and last four hex digits, different in between.
const POISON = `0x5aae${'0'.repeat(32)}eaed`;

describe('address poisoning guard', () => {
  it('flags an address that starts and ends like one already paid', () => {
    expect(lookalikeOf(POISON, [PAID])).toBe(PAID);
  });

  it('does not flag the paid address itself, in any case', () => {
    expect(lookalikeOf(PAID.toLowerCase(), [PAID])).toBeNull();
    expect(lookalikeOf(PAID, [PAID])).toBeNull();
  });

  it('does not flag unrelated or unfinished addresses', () => {
    expect(lookalikeOf(`0x1234${'0'.repeat(32)}eaed`, [PAID])).toBeNull();
    expect(lookalikeOf('0x5aae', [PAID])).toBeNull();
    expect(lookalikeOf(POISON, [])).toBeNull();
  });
});

describe('address from a QR code', () => {
  it.each([
    [PAID, PAID],
    [`ethereum:${PAID}`, PAID],
    [`ethereum:${PAID}@210000?value=1e18`, PAID],
    [`ethereum:pay-${PAID}@210000/transfer`, PAID],
    [`  ${PAID}\n`, PAID],
    ['not an address', 'not an address'],
  ])('%s → %s', (text, expected) => {
    expect(addressFromQr(text)).toBe(expected);
  });
});
