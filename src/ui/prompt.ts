// One mechanism for every question a flow asks mid-way (confirm, invite code, network…): a
// promise that a dialog settles, so the flow reads top to bottom. Asking again dismisses the
// question still open; leaving the screen (Back) dismisses every open one (dismissOpenPrompts).
import { atom, type Atom } from 'jotai';
import { store } from '../state/store.ts';

export class PromptDismissed extends Error {
  override name = 'PromptDismissed';
}

interface Pending<T, R> {
  request: T;
  resolve: (value: R) => void;
  reject: (reason: Error) => void;
}

export interface Prompt<T, R> {
  /** The open question, or null. */
  requestAtom: Atom<T | null>;
  ask(request: T): Promise<R>;
  answer(value: R): void;
  dismiss(): void;
  /** Ends the question with an error the asking flow should handle. */
  fail(error: unknown): void;
}

/** Every prompt made, each by its way of being dismissed: answers whether one was open. */
const dismissers = new Set<() => boolean>();

/**
 * Dismisses every open question, as its Cancel would: nothing a question guards goes ahead.
 * Answers whether any was open.
 */
export function dismissOpenPrompts(): boolean {
  let any = false;
  for (const dismiss of dismissers) any = dismiss() || any;
  return any;
}

export function createPrompt<T, R>(
  dismissed: () => Error = () => new PromptDismissed(),
): Prompt<T, R> {
  const pendingAtom = atom<Pending<T, R> | null>(null);
  const take = () => {
    const pending = store.get(pendingAtom);
    store.set(pendingAtom, null);
    return pending;
  };
  const dismiss = () => {
    const pending = take();
    pending?.reject(dismissed());
    return pending !== null;
  };
  dismissers.add(dismiss);
  return {
    requestAtom: atom((get) => get(pendingAtom)?.request ?? null),
    ask(request) {
      take()?.reject(dismissed());
      return new Promise<R>((resolve, reject) =>
        store.set(pendingAtom, { request, resolve, reject }),
      );
    },
    answer(value) {
      take()?.resolve(value);
    },
    dismiss() {
      dismiss();
    },
    fail(error) {
      take()?.reject(error instanceof Error ? error : new Error(String(error)));
    },
  };
}
