// The browser's id sent with sign-in: made once, kept, and still there when storage is not.
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceIdSchema } from '../../../contract/api/auth.ts';
import { deviceId } from '../../../src/state/deviceId.ts';

describe('deviceId', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('is made once per browser and kept in localStorage', () => {
    const first = deviceId();
    expect(v.is(deviceIdSchema, first)).toBe(true);
    expect(localStorage.getItem('ju.deviceId')).toBe(first);
    expect(deviceId()).toBe(first);
  });

  it('differs between browsers', () => {
    const first = deviceId();
    localStorage.clear();
    expect(deviceId()).not.toBe(first);
  });

  it('replaces a stored value the server would refuse', () => {
    localStorage.setItem('ju.deviceId', 'not an id');
    const id = deviceId();
    expect(v.is(deviceIdSchema, id)).toBe(true);
    expect(localStorage.getItem('ju.deviceId')).toBe(id);
  });

  it('lasts as long as the page where storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const id = deviceId();
    expect(v.is(deviceIdSchema, id)).toBe(true);
    expect(deviceId()).toBe(id);
  });
});
