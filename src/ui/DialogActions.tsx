import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './controls.css';

interface DialogActionsProps {
  onCancel: () => void;
  cancelText?: ReactNode;
  confirmText: ReactNode;
  /** Without it the confirm button submits the surrounding form. */
  onConfirm?: () => void;
  busy?: boolean;
}

/** The one row of buttons under every question: cancel on the left, the action on the right. */
export function DialogActions({
  onCancel,
  cancelText,
  confirmText,
  onConfirm,
  busy = false,
}: DialogActionsProps) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button button-ghost" onClick={onCancel}>
        {cancelText ?? <Trans>Cancel</Trans>}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="button button-primary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onConfirm}
      >
        {confirmText}
      </button>
    </div>
  );
}
