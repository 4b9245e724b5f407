// Why a payment on chain cannot start, in the order the ticket and cycle screens tell it.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../../contract/api/errors.ts';
import { paymentBlockedReason } from '../../../src/payment/chainUnavailable.ts';
import { activateEnglish } from '../support/i18n.ts';

beforeAll(activateEnglish);

const loaded = { isError: false, error: null, data: { treasury: '0xTreasury' } };

describe('paymentBlockedReason', () => {
  it('is null once the settings name a treasury and the payment may start', () => {
    expect(paymentBlockedReason(null, loaded, 'Loading…')).toBeNull();
  });

  it("puts the payment's own reason first", () => {
    const failed = { isError: true, error: new Error('down'), data: undefined };
    expect(paymentBlockedReason('Offline', failed, 'Loading…')).toBe('Offline');
  });

  it('says the settings are loading until they are there', () => {
    const loading = { isError: false, error: null, data: undefined };
    expect(paymentBlockedReason(null, loading, 'Loading ticket settings…')).toBe(
      'Loading ticket settings…',
    );
  });

  it('says payments on chain are off when the server names no treasury', () => {
    const off = { isError: false, error: null, data: { treasury: null } };
    expect(paymentBlockedReason(null, off, 'Loading…')).toBe(
      apiErrors.chain_payments_unavailable.message.message,
    );
  });

  it('says why the settings failed to load', () => {
    const failed = { isError: true, error: new Error('down'), data: undefined };
    const reason = paymentBlockedReason(null, failed, 'Loading…');
    expect(reason).not.toBeNull();
    expect(reason).not.toBe('Loading…');
  });
});
