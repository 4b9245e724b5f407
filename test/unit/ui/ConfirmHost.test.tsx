// The confirm dialog's code failing to load cancels the question instead of breaking the app.
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { store } from '../../../src/state/store.ts';
import { confirm, ConfirmCancelled, expectConfirm } from '../../../src/ui/confirm.ts';
import { ConfirmHost } from '../../../src/ui/ConfirmHost.tsx';

vi.mock('../../../src/ui/ConfirmDialog.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('ConfirmHost without its dialog code', () => {
  it('cancels each question, so nothing it guards goes ahead, and keeps the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = render(
      <Provider store={store}>
        <main>
          <p>The form</p>
          <ConfirmHost />
        </main>
      </Provider>,
    );
    await act(async () => {
      expectConfirm();
    });
    for (const message of ['Send 2 TICKET?', 'Send 3 TICKET?']) {
      const outcome = { cancelled: false };
      act(() => {
        confirm({ message }).catch((error: unknown) => {
          outcome.cancelled = error instanceof ConfirmCancelled;
        });
      });
      await waitFor(() => expect(outcome.cancelled).toBe(true));
    }
    expect(page.getByText('The form')).toBeTruthy();
  });
});
