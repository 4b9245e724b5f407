import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { confirmExpectedAtom, pendingConfirmAtom } from './confirm.ts';
import { useOnceTrue } from './useOnceTrue.ts';

// The dialog's code loads when a screen that will ask comes on (expectConfirm), or at the
// latest the first time a confirmation is asked: the first screen asks none.
const ConfirmDialog = lazy(() =>
  import('./ConfirmDialog.tsx').then(({ ConfirmDialog }) => ({ default: ConfirmDialog })),
);

export function ConfirmHost() {
  const expected = useAtomValue(confirmExpectedAtom);
  const asked = useOnceTrue(useAtomValue(pendingConfirmAtom) !== null || expected);
  return asked ? (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  ) : null;
}
