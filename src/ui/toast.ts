import { atom } from 'jotai';
import { store } from '../state/store.ts';

export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
  /** Toasts with the same key are the same message (see `toast`). */
  key: string;
}

export interface ToastOptions {
  /** How long it stays: longer than usual for a code to copy down. */
  durationMs?: number;
  /** What makes two toasts the same message; the text by default. */
  key?: string;
}

export const toastsAtom = atom<Toast[]>([]);
const TOAST_MS = 3_000;
let nextId = 1;

/** Shows a short message; errors stay a little longer so they can be read. */
export function toast(text: string, tone: ToastTone = 'info', options: ToastOptions = {}): void {
  if (!text) return;
  const id = nextId++;
  const key = options.key ?? text;
  // The same message twice in a row (a burst of failing calls) shows once.
  if (store.get(toastsAtom).some((t) => t.key === key)) return;
  store.set(toastsAtom, (list) => [...list.slice(-2), { id, text, tone, key }]);
  const durationMs = options.durationMs ?? (tone === 'error' ? TOAST_MS * 1.5 : TOAST_MS);
  setTimeout(() => dismissToast(id), durationMs);
}

export function dismissToast(id: number): void {
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}
