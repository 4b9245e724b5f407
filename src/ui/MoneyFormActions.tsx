// The foot of every money form: why it cannot be sent yet, 'Try again' after a lost answer
// (the same intent, so the same idempotency key), and the submit button.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './controls.css';

export interface MoneyFormActionsProps {
  action: { pending: boolean; canRetry: boolean; retry(): Promise<unknown> };
  /** Why the form cannot be sent now (offline, balance loading…), or null. */
  blockedReason: string | null;
  submitLabel: ReactNode;
}

export function MoneyFormActions({ action, blockedReason, submitLabel }: MoneyFormActionsProps) {
  const disabled = action.pending || blockedReason !== null;
  return (
    <>
      {blockedReason && (
        <p className="field-hint" role="status">
          {blockedReason}
        </p>
      )}
      {action.canRetry && (
        <button
          type="button"
          className="button button-ghost button-block"
          onClick={() => void action.retry()}
          disabled={disabled}
        >
          <Trans>Try again</Trans>
        </button>
      )}
      <button type="submit" className="button button-primary button-block" disabled={disabled}>
        {action.pending ? <Trans>Sending…</Trans> : submitLabel}
      </button>
    </>
  );
}
