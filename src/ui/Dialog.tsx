import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { installDoubleTapGuard, noteDialogOpened } from './doubleTapGuard.ts';
import './controls.css';

interface DialogProps {
  open: boolean;
  title: ReactNode;
  onDismiss: () => void;
  children: ReactNode;
  /** `sheet` slides up from the bottom, as on a phone. */
  variant?: 'center' | 'sheet';
}

/**
 * A modal on the native <dialog>: focus is trapped and Esc dismisses, for free. Back dismisses
 * it too (router/backClosesDialogs.ts), and the second tap of a double tap that opened or closed
 * it is dropped (doubleTapGuard.ts).
 */
export function Dialog({ open, title, onDismiss, children, variant = 'center' }: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      installDoubleTapGuard();
      dialog.showModal();
      noteDialogOpened(dialog);
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${variant}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === event.currentTarget) onDismiss();
      }}
    >
      {open && (
        <div className="dialog-body">
          <div className="dialog-head">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {variant === 'sheet' && (
              <button
                type="button"
                className="icon-button"
                aria-label={t`Close`}
                onClick={onDismiss}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
