// The foot of every money form: why it cannot be sent yet, 'Try again' after a lost answer
// (the same intent, so the same idempotency key), the submit button, and the way to the
// records of what the form sends.
import { Trans } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './controls.css';

export interface MoneyFormActionsProps {
  action: { pending: boolean; canRetry: boolean; retry(): Promise<unknown> };
  /** Why the form cannot be sent now (offline, balance loading…), or null. */
  blockedReason: string | null;
  submitLabel: ReactNode;
  /** The screen listing what this form has sent, under the submit button. */
  records?: { to: LinkProps['to']; label: ReactNode };
}

export function MoneyFormActions({
  action,
  blockedReason,
  submitLabel,
  records,
}: MoneyFormActionsProps) {
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
      {records && (
        <Link to={records.to} className="button button-ghost button-block">
          {records.label}
        </Link>
      )}
    </>
  );
}
