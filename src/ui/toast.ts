import { atom } from 'jotai';
import { store } from '../state/store.ts';

export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

export const toastsAtom = atom<Toast[]>([]);
const TOAST_MS = 3_000;
let nextId = 1;

/**
 * Shows a short message; errors stay a little longer so they can be read, and `durationMs`
 * longer still (a code to copy down).
 */
export function toast(text: string, tone: ToastTone = 'info', durationMs?: number): void {
  if (!text) return;
  const id = nextId++;
  // The same text twice in a row (a burst of failing calls) shows once.
  if (store.get(toastsAtom).some((t) => t.text === text)) return;
  store.set(toastsAtom, (list) => [...list.slice(-2), { id, text, tone }]);
  setTimeout(() => dismissToast(id), durationMs ?? (tone === 'error' ? TOAST_MS * 1.5 : TOAST_MS));
}

export function dismissToast(id: number): void {
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}
