import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrCode } from '../../../src/ui/QrCode.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('QrCode', () => {
  it('paints its box first and draws the code just after; a later visit draws at once', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const value = 'https://wallet.example/index?code=AB12CD';
    const first = render(<QrCode value={value} label="Invite QR" />);
    const box = screen.getByRole('img', { name: 'Invite QR' });
    expect(box.getAttribute('aria-busy')).toBe('true');
    expect(box.querySelector('path')).toBeNull();

    await act(async () => {
      vi.advanceTimersToNextFrame();
    });
    expect(box.getAttribute('aria-busy')).toBe('false');
    const drawn = box.querySelector('path')!.getAttribute('d');
    expect(drawn).toMatch(/^M\d+ \d+h1v1h-1z/);
    first.unmount();

    render(<QrCode value={value} label="Invite QR" />);
    const again = screen.getByRole('img', { name: 'Invite QR' });
    expect(again.getAttribute('aria-busy')).toBe('false');
    expect(again.querySelector('path')!.getAttribute('d')).toBe(drawn);
  });
});
