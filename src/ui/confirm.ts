// The confirm popup of spec §2: confirm resolves true; cancel or a tap on the overlay rejects.
import { atom } from 'jotai';
import { store } from '../state/store.ts';
import { createPrompt, PromptDismissed } from './prompt.ts';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
}

export class ConfirmCancelled extends PromptDismissed {
  override name = 'ConfirmCancelled';
}

const confirmPrompt = createPrompt<ConfirmOptions, true>(() => new ConfirmCancelled());

export const pendingConfirmAtom = confirmPrompt.requestAtom;

export function confirm(options: ConfirmOptions): Promise<true> {
  return confirmPrompt.ask(options);
}

export function settleConfirm(accepted: boolean): void {
  if (accepted) confirmPrompt.answer(true);
  else confirmPrompt.dismiss();
}

/** Set once a screen that asks for confirmation is on: the dialog's code is fetched then. */
export const confirmExpectedAtom = atom(false);

/**
 * A screen that will ask is on screen: load the dialog now, so the first tap shows it at
 * once instead of waiting for its code (and for React's hold on a revealed fallback).
 */
export function expectConfirm(): void {
  if (!store.get(confirmExpectedAtom)) store.set(confirmExpectedAtom, true);
}
