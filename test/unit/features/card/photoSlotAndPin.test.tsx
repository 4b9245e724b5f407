import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../src/api/client.ts';
import type { AnyEndpoint } from '../../../../contract/api/endpoint.ts';
import { ApiError } from '../../../../src/api/requestErrors.ts';
import { PinEntry, pinMatch } from '../../../../src/features/card/PinEntry.tsx';
import { ApiProvider } from '../../../../src/state/apiContext.tsx';
import { signInTestSession } from '../../support/session.ts';
import { PhotoError } from '../../../../src/features/card/photos/preparePhoto.ts';
import { UploadError } from '../../../../src/features/card/photos/uploadFile.ts';
import { usePhotoSlot } from '../../../../src/features/card/photos/usePhotoSlot.ts';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

const prepared = {
  blob: new Blob(['small']),
  type: 'image/jpeg' as const,
  width: 10,
  height: 10,
};

function deps(upload: ReturnType<typeof vi.fn>) {
  return {
    prepare: vi.fn(async () => prepared),
    upload: upload as never,
    createObjectURL: () => 'blob:preview',
    revokeObjectURL: vi.fn(),
  };
}

describe('usePhotoSlot', () => {
  it('prepares, uploads with progress and ends with the server file reference', async () => {
    const upload = vi.fn(async (options: { onProgress?: (p: number) => void; url: string }) => {
      options.onProgress?.(0.5);
    });
    const requestUpload = vi.fn(async () => ({ url: '/put/1', file: 'file-1' }));
    const { result } = renderHook(() => usePhotoSlot(null, requestUpload, deps(upload)));
    expect(result.current.state.status).toBe('empty');
    await act(() => result.current.choose(new Blob(['photo'])));
    expect(result.current.state).toEqual({
      status: 'done',
      file: 'file-1',
      preview: 'blob:preview',
    });
    expect(result.current.file).toBe('file-1');
    expect(upload.mock.calls[0]![0]).toMatchObject({ url: '/put/1', body: prepared.blob });
  });

  it('after a failed upload retries with a fresh signed URL, without picking the file again', async () => {
    const upload = vi
      .fn()
      .mockRejectedValueOnce(new UploadError(0))
      .mockResolvedValueOnce(undefined);
    let n = 0;
    const requestUpload = vi.fn(async () => {
      n += 1;
      return { url: `/put/${n}`, file: `file-${n}` };
    });
    const slotDeps = deps(upload);
    const { result } = renderHook(() => usePhotoSlot(null, requestUpload, slotDeps));
    await act(() => result.current.choose(new Blob(['photo'])));
    expect(result.current.state).toMatchObject({ status: 'failed', problem: 'upload' });
    expect(result.current.canRetry).toBe(true);
    await act(() => result.current.retry());
    expect(result.current.file).toBe('file-2');
    expect(upload.mock.calls[1]![0]).toMatchObject({ url: '/put/2' });
    expect(slotDeps.prepare).toHaveBeenCalledTimes(1);
  });

  it('names the problem of a refused image and offers no upload retry', async () => {
    const slotDeps = deps(vi.fn());
    slotDeps.prepare.mockRejectedValueOnce(new PhotoError('too_many_pixels'));
    const { result } = renderHook(() => usePhotoSlot(null, vi.fn(), slotDeps));
    await act(() => result.current.choose(new Blob(['bomb'])));
    expect(result.current.state).toMatchObject({ status: 'failed', problem: 'too_many_pixels' });
    expect(result.current.canRetry).toBe(false);
  });

  it('starts from the reference a holder already has', () => {
    const { result } = renderHook(() => usePhotoSlot('file-9', vi.fn()));
    expect(result.current.file).toBe('file-9');
  });
});

describe('pinMatch', () => {
  it('waits until both entries are complete, then says match or mismatch', () => {
    expect(pinMatch('', '')).toBe('waiting');
    expect(pinMatch('12345', '12345')).toBe('waiting');
    expect(pinMatch('123456', '1234')).toBe('waiting');
    expect(pinMatch('123456', '123456')).toBe('match');
    expect(pinMatch('123456', '123457')).toBe('mismatch');
  });
});

function renderPin(pinSet: boolean, answer: () => Promise<unknown> = async () => null) {
  const call = vi.fn((_endpoint: AnyEndpoint, _input?: unknown) => answer());
  const api = { call } as unknown as ApiClient;
  // A PIN is set by a signed-in holder: signed out, writes are refused before they are sent.
  const store = createStore();
  signInTestSession(store);
  render(
    <JotaiProvider store={store}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <ApiProvider api={api}>
            <PinEntry cardId="7" pinSet={pinSet} />
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>
    </JotaiProvider>,
  );
  const sent = () => call.mock.calls.map(([, input]) => input);
  return { sent };
}

const submit = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PinEntry', () => {
  it('keeps digits only; a mismatch is said once, on the second entry, which gets the focus', async () => {
    const { sent } = renderPin(false);
    const first = screen.getByLabelText('New PIN (6 digits)') as HTMLInputElement;
    const second = screen.getByLabelText('Enter the PIN again') as HTMLInputElement;
    const status = screen.getByTestId('pin-match');
    type('New PIN (6 digits)', '48a291567');
    expect(first.value).toBe('482915');
    expect(status.getAttribute('data-match')).toBe('waiting');
    type('Enter the PIN again', '482910');
    expect(status.getAttribute('data-match')).toBe('mismatch');
    await submit('Set PIN');
    expect(sent()).toEqual([]);
    expect(screen.queryAllByText(/do not match/)).toHaveLength(1);
    expect(status.textContent).toBe('The PINs do not match');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-invalid')).toBe('true');

    type('Enter the PIN again', '482915');
    expect(status.getAttribute('data-match')).toBe('match');
    expect(second.getAttribute('aria-invalid')).toBe('false');
    await submit('Set PIN');
    expect(sent()).toEqual([{ id: '7', pin: '482915', confirm_pin: '482915' }]);
    expect(first.value).toBe('');
    expect(second.value).toBe('');
  });

  it('refuses fewer than 6 digits', async () => {
    const { sent } = renderPin(false);
    type('New PIN (6 digits)', '123');
    await submit('Set PIN');
    expect(sent()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('The PIN must be 6 digits');
  });

  it.each(['111111', '123456', '654321', '345678'])(
    'refuses %s with a clear message on the new PIN, gone once the PIN is changed',
    async (simple) => {
      const { sent } = renderPin(false);
      type('New PIN (6 digits)', simple);
      type('Enter the PIN again', simple);
      await submit('Set PIN');
      expect(sent()).toEqual([]);
      expect(screen.getByRole('alert').textContent).toBe(
        'Choose a PIN that is not one digit repeated or a run such as 123456 or 654321',
      );
      expect(document.activeElement).toBe(screen.getByLabelText('New PIN (6 digits)'));
      type('New PIN (6 digits)', '482915');
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('a change asks for the current PIN and sends it; a wrong one is said on its field', async () => {
    let refuse = true;
    const { sent } = renderPin(true, async () => {
      if (refuse)
        throw new ApiError(40038, 'The current PIN is wrong', 400, { field: 'current_pin' });
      return null;
    });
    type('New PIN (6 digits)', '739264');
    type('Enter the PIN again', '739264');
    await submit('Change PIN');
    expect(sent()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Enter the current PIN to change it');
    const current = screen.getByLabelText('Current PIN');
    expect(document.activeElement).toBe(current);

    type('Current PIN', '482916');
    expect(screen.queryByRole('alert')).toBeNull();
    await submit('Change PIN');
    expect(sent()).toEqual([
      { id: '7', current_pin: '482916', pin: '739264', confirm_pin: '739264' },
    ]);
    expect(screen.getByRole('alert').textContent).toBe('The current PIN is wrong');
    expect(document.activeElement).toBe(current);
    expect((current as HTMLInputElement).value).toBe('');

    refuse = false;
    type('Current PIN', '482915');
    type('New PIN (6 digits)', '739264');
    type('Enter the PIN again', '739264');
    await submit('Change PIN');
    expect(sent()).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
