// The confirm popup of spec §2: confirm resolves true; cancel or a tap on the overlay rejects.
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
