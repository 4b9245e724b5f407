import { useAtomValue } from 'jotai';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { confirmExpectedAtom, pendingConfirmAtom, settleConfirm } from './confirm.ts';
import { useOnceTrue } from './useOnceTrue.ts';

// The dialog's code loads when a screen that will ask comes on (expectConfirm), or at the
// latest the first time a confirmation is asked: the first screen asks none.
const ConfirmDialog = lazy(() =>
  import('./ConfirmDialog.tsx').then(({ ConfirmDialog }) => ({ default: ConfirmDialog })),
);

export function ConfirmHost() {
  const expected = useAtomValue(confirmExpectedAtom);
  const asking = useAtomValue(pendingConfirmAtom) !== null;
  const asked = useOnceTrue(asking || expected);
  return asked ? (
    <DialogCodeMissing asking={asking}>
      <Suspense fallback={null}>
        <ConfirmDialog />
      </Suspense>
    </DialogCodeMissing>
  ) : null;
}

/**
 * The dialog's code could not be loaded (say, a new version was deployed while this page was
 * open and no service worker kept the old files): the question is cancelled, so nothing it
 * guards goes ahead, and the rest of the app stays as it is.
 */
class DialogCodeMissing extends Component<
  { asking: boolean; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    settleConfirm(false);
  }

  // Each later question is cancelled too: none can be shown.
  override componentDidUpdate() {
    if (this.state.failed && this.props.asking) settleConfirm(false);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
