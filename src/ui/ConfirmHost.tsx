import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { pendingConfirmAtom } from './confirm.ts';
import { useOnceTrue } from './useOnceTrue.ts';

// The dialog's code loads the first time a confirmation is asked: the first screen asks none.
const ConfirmDialog = lazy(() =>
  import('./ConfirmDialog.tsx').then(({ ConfirmDialog }) => ({ default: ConfirmDialog })),
);

export function ConfirmHost() {
  const asked = useOnceTrue(useAtomValue(pendingConfirmAtom) !== null);
  return asked ? (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  ) : null;
}
