import { describe, expect, it } from 'vitest';
import { store } from '../../../src/state/store.ts';
import {
  ConfirmCancelled,
  confirm,
  pendingConfirmAtom,
  settleConfirm,
} from '../../../src/ui/confirm.ts';

describe('confirm popup (spec §2)', () => {
  it('resolves true on confirm', async () => {
    const answer = confirm({ message: 'Delete this address?' });
    expect(store.get(pendingConfirmAtom)?.message).toBe('Delete this address?');
    settleConfirm(true);
    await expect(answer).resolves.toBe(true);
    expect(store.get(pendingConfirmAtom)).toBeNull();
  });

  it('rejects on cancel or overlay', async () => {
    const answer = confirm({ message: 'Sure?' });
    settleConfirm(false);
    await expect(answer).rejects.toBeInstanceOf(ConfirmCancelled);
  });

  it('a second confirm cancels the first', async () => {
    const first = confirm({ message: 'one' });
    const second = confirm({ message: 'two' });
    await expect(first).rejects.toBeInstanceOf(ConfirmCancelled);
    settleConfirm(true);
    await expect(second).resolves.toBe(true);
  });
});
