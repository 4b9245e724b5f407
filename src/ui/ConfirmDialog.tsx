// The confirmation dialog behind ConfirmHost, loaded the first time something asks.
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { pendingConfirmAtom, settleConfirm } from './confirm.ts';
import { Dialog } from './Dialog.tsx';
import { DialogActions } from './DialogActions.tsx';
import './controls.css';

export function ConfirmDialog() {
  const { t } = useLingui();
  const pending = useAtomValue(pendingConfirmAtom);
  return (
    <Dialog
      open={pending !== null}
      title={pending?.title ?? t`Tip`}
      onDismiss={() => settleConfirm(false)}
    >
      <p className="dialog-message">{pending?.message}</p>
      <DialogActions
        onCancel={() => settleConfirm(false)}
        cancelText={pending?.cancelText}
        confirmText={pending?.confirmText ?? t`Confirm`}
        onConfirm={() => settleConfirm(true)}
      />
    </Dialog>
  );
}
