// One mechanism for every question a flow asks mid-way (confirm, invite code, network…): a
// promise that a dialog settles, so the flow reads top to bottom. Asking again dismisses the
// question still open.
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

export function createPrompt<T, R>(
  dismissed: () => Error = () => new PromptDismissed(),
): Prompt<T, R> {
  const pendingAtom = atom<Pending<T, R> | null>(null);
  const take = () => {
    const pending = store.get(pendingAtom);
    store.set(pendingAtom, null);
    return pending;
  };
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
      take()?.reject(dismissed());
    },
    fail(error) {
      take()?.reject(error instanceof Error ? error : new Error(String(error)));
    },
  };
}
