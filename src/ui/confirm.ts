// The confirm popup of spec §2: confirm resolves true; cancel or a tap on the overlay rejects.
import { atom } from 'jotai';
import { store } from '../state/store.ts';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
}

export class ConfirmCancelled extends Error {
  override name = 'ConfirmCancelled';
}

interface PendingConfirm extends ConfirmOptions {
  resolve: (value: true) => void;
  reject: (reason: ConfirmCancelled) => void;
}

export const pendingConfirmAtom = atom<PendingConfirm | null>(null);

export function confirm(options: ConfirmOptions): Promise<true> {
  store.get(pendingConfirmAtom)?.reject(new ConfirmCancelled());
  return new Promise<true>((resolve, reject) => {
    store.set(pendingConfirmAtom, { ...options, resolve, reject });
  });
}

export function settleConfirm(accepted: boolean): void {
  const pending = store.get(pendingConfirmAtom);
  if (!pending) return;
  store.set(pendingConfirmAtom, null);
  if (accepted) pending.resolve(true);
  else pending.reject(new ConfirmCancelled());
}
