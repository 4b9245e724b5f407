import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { pendingConfirmAtom, settleConfirm } from './confirm.ts';
import { Dialog } from './Dialog.tsx';

export function ConfirmHost() {
  const { t } = useLingui();
  const pending = useAtomValue(pendingConfirmAtom);
  return (
    <Dialog
      open={pending !== null}
      title={pending?.title ?? t`Tip`}
      onDismiss={() => settleConfirm(false)}
    >
      <p className="dialog-message">{pending?.message}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={() => settleConfirm(false)}>
          {pending?.cancelText ?? t`Cancel`}
        </button>
        <button type="button" className="button button-primary" onClick={() => settleConfirm(true)}>
          {pending?.confirmText ?? t`Confirm`}
        </button>
      </div>
    </Dialog>
  );
}
