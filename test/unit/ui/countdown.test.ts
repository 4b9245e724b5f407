import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeLeft, useNow } from '../../../src/ui/countdown.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('timeLeft', () => {
  const now = Date.parse('2026-11-22T00:00:00.000Z');

  it('splits what is left into days, hours, minutes and seconds', () => {
    const until = new Date(now + ((2 * 24 + 23) * 3600 + 59 * 60 + 30) * 1000).toISOString();
    expect(timeLeft(until, now)).toEqual({
      days: 2,
      hours: 23,
      minutes: 59,
      seconds: 30,
      ms: ((2 * 24 + 23) * 3600 + 59 * 60 + 30) * 1000,
    });
  });

  it('is zero once the moment has passed', () => {
    expect(timeLeft(now - 1, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ms: 0 });
  });
});

describe('useNow (fake timers)', () => {
  it('ticks every interval and stops when unmounted', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { result, unmount } = renderHook(() => useNow(1_000));
    expect(result.current).toBe(1_000_000);
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(result.current).toBe(1_003_000);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
