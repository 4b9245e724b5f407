import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkForUpdatesRegularly,
  UPDATE_CHECK_EVERY_MS,
} from '../../../src/offline/updateChecks.ts';
import { updateOffer, type WorkInProgress } from '../../../src/offline/updates.ts';
import { hasUnsavedWorkAtom } from '../../../src/state/unsavedWork.ts';
import { store } from '../../../src/state/store.ts';
import { useForm } from '../../../src/ui/useForm.ts';

const IDLE: WorkInProgress = { unsavedForm: false, paymentInFlight: false, signingIn: false };

describe('when a waiting version may be applied', () => {
  it('offers nothing while no new version waits', () => {
    expect(updateOffer(false, IDLE)).toBe('hidden');
    expect(updateOffer(false, { ...IDLE, unsavedForm: true })).toBe('hidden');
  });

  it('offers it when nothing is under way', () => {
    expect(updateOffer(true, IDLE)).toBe('ready');
  });

  it('keeps it waiting, and says so, while a form is half-filled or a payment is in flight', () => {
    expect(updateOffer(true, { ...IDLE, unsavedForm: true })).toBe('afterWork');
    expect(updateOffer(true, { ...IDLE, paymentInFlight: true })).toBe('afterWork');
  });

  it('stays out of the way during a sign-in', () => {
    expect(updateOffer(true, { ...IDLE, signingIn: true })).toBe('hidden');
    expect(updateOffer(true, { ...IDLE, signingIn: true, unsavedForm: true })).toBe('hidden');
  });
});

function Transfer({ initial = '' }: { initial?: string }) {
  const form = useForm<{ address: string; amount: string }>({
    initial: { address: initial, amount: '' },
    check: () => ({}),
  });
  return (
    <form onSubmit={form.onSubmit(() => form.reset({ address: initial, amount: '' }))}>
      <input
        aria-label="address"
        value={form.values.address}
        onChange={(e) => form.set('address', e.target.value)}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('unsaved work, as the forms report it', () => {
  it('counts a form whose fields differ from how it opened, until it is cleared or sent', () => {
    render(<Transfer />);
    expect(store.get(hasUnsavedWorkAtom)).toBe(false);
    const address = screen.getByLabelText('address');

    fireEvent.change(address, { target: { value: '0x12' } });
    expect(store.get(hasUnsavedWorkAtom)).toBe(true);
    // Cleared by hand: nothing would be lost.
    fireEvent.change(address, { target: { value: '' } });
    expect(store.get(hasUnsavedWorkAtom)).toBe(false);

    fireEvent.change(address, { target: { value: '0x34' } });
    expect(store.get(hasUnsavedWorkAtom)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(store.get(hasUnsavedWorkAtom)).toBe(false);
  });

  it('forgets a form that is closed, and a prefilled form counts only once changed', () => {
    const first = render(<Transfer />);
    fireEvent.change(screen.getByLabelText('address'), { target: { value: '0x12' } });
    expect(store.get(hasUnsavedWorkAtom)).toBe(true);
    first.unmount();
    expect(store.get(hasUnsavedWorkAtom)).toBe(false);

    render(<Transfer initial="0xab" />);
    expect(store.get(hasUnsavedWorkAtom)).toBe(false);
  });

  it('stays unsaved while any one of two forms holds changes', () => {
    render(
      <>
        <Transfer />
        <Transfer />
      </>,
    );
    const [one, two] = screen.getAllByLabelText('address');
    fireEvent.change(one!, { target: { value: 'a' } });
    fireEvent.change(two!, { target: { value: 'b' } });
    fireEvent.change(one!, { target: { value: '' } });
    expect(store.get(hasUnsavedWorkAtom)).toBe(true);
    fireEvent.change(two!, { target: { value: '' } });
    expect(store.get(hasUnsavedWorkAtom)).toBe(false);
  });
});

describe('looking for a new version', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const becomes = (state: DocumentVisibilityState) => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('checks every hour, and not before', async () => {
    const update = vi.fn(() => Promise.resolve());
    const stop = checkForUpdatesRegularly(update);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_EVERY_MS - 1);
    expect(update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK_EVERY_MS);
    expect(update).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5 * UPDATE_CHECK_EVERY_MS);
    expect(update).toHaveBeenCalledTimes(3);
  });

  it('checks when the page is shown again, not when it is hidden', async () => {
    const update = vi.fn(() => Promise.resolve());
    const stop = checkForUpdatesRegularly(update);
    becomes('hidden');
    expect(update).not.toHaveBeenCalled();
    becomes('visible');
    expect(update).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(0);
    becomes('hidden');
    becomes('visible');
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('runs one check at a time, and a failed check (offline) does not stop the next', async () => {
    let finish: (ok: boolean) => void = () => {};
    const update = vi.fn(
      () => new Promise<void>((resolve, reject) => (finish = (ok) => (ok ? resolve() : reject()))),
    );
    const stop = checkForUpdatesRegularly(update);
    becomes('visible');
    becomes('visible');
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_EVERY_MS);
    expect(update).toHaveBeenCalledTimes(1);
    await act(async () => finish(false));
    becomes('visible');
    expect(update).toHaveBeenCalledTimes(2);
    stop();
  });
});
