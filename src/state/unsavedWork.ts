// What the user has started and not finished, app-wide, so that nothing that reloads the page
// (a new version of the app) throws it away. Each piece of work holds its own key while it is
// unsaved; the forms feed it through useForm, so no screen has to.
import { atom } from 'jotai';
import { store } from './store.ts';

const unsavedAtom = atom<ReadonlySet<symbol>>(new Set<symbol>());

/** True while any form holds changes that were neither sent nor cleared. */
export const hasUnsavedWorkAtom = atom((get) => get(unsavedAtom).size > 0);

export function markUnsaved(key: symbol, unsaved: boolean): void {
  const current = store.get(unsavedAtom);
  if (current.has(key) === unsaved) return;
  const next = new Set(current);
  if (unsaved) next.add(key);
  else next.delete(key);
  store.set(unsavedAtom, next);
}
