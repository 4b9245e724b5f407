import { describe, expect, it } from 'vitest';
import { store } from '../../../src/state/store.ts';
import {
  ConfirmCancelled,
  confirm,
  pendingConfirmAtom,
  settleConfirm,
} from '../../../src/ui/confirm.ts';
import { createPrompt, dismissOpenPrompts, PromptDismissed } from '../../../src/ui/prompt.ts';

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

describe('leaving the screen (Back)', () => {
  it('dismisses every open question, each as its Cancel would', async () => {
    const other = createPrompt<string, string>();
    const asked = confirm({ message: 'Send 2 TICKET?' });
    const code = other.ask('invite code');
    expect(dismissOpenPrompts()).toBe(true);
    await expect(asked).rejects.toBeInstanceOf(ConfirmCancelled);
    await expect(code).rejects.toBeInstanceOf(PromptDismissed);
    expect(store.get(pendingConfirmAtom)).toBeNull();
    expect(store.get(other.requestAtom)).toBeNull();
    // Nothing open: nothing to close, and a confirm answered later goes nowhere.
    expect(dismissOpenPrompts()).toBe(false);
    settleConfirm(true);
  });
});
