import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PinEntry, pinMatch } from '../../../../src/features/card/PinEntry.tsx';
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

const withI18n = (node: ReactNode) => <I18nProvider i18n={i18n}>{node}</I18nProvider>;

describe('PinEntry', () => {
  it('keeps digits only, shows the match state, sends once and forgets the PIN', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(withI18n(<PinEntry onSubmit={onSubmit} submitLabel="Set PIN" />));
    const first = screen.getByLabelText('New PIN (6 digits)') as HTMLInputElement;
    const second = screen.getByLabelText('Enter the PIN again') as HTMLInputElement;
    const status = screen.getByTestId('pin-match');
    fireEvent.change(first, { target: { value: '12a34567' } });
    expect(first.value).toBe('123456');
    expect(status.getAttribute('data-match')).toBe('waiting');
    fireEvent.change(second, { target: { value: '123450' } });
    expect(status.getAttribute('data-match')).toBe('mismatch');
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The two PINs do not match');

    fireEvent.change(second, { target: { value: '123456' } });
    expect(status.getAttribute('data-match')).toBe('match');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    });
    expect(onSubmit).toHaveBeenCalledWith('123456');
    expect(first.value).toBe('');
    expect(second.value).toBe('');
  });

  it('refuses fewer than 6 digits', () => {
    const onSubmit = vi.fn(async () => undefined);
    render(withI18n(<PinEntry onSubmit={onSubmit} submitLabel="Set PIN" />));
    fireEvent.change(screen.getByLabelText('New PIN (6 digits)'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The PIN must be 6 digits');
  });
});
