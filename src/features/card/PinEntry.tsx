// The 6-digit card PIN (spec §5): numeric, entered twice, and the screen says whether the
// second entry is still awaited, matches or does not. The digits live only in this component
// until submit and are wiped right after, whatever the answer.
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { catalogueMessage } from '../../ui/formErrors.ts';

export const PIN_LENGTH = 6;
const PIN_PATTERN = /^\d{6}$/;

export type PinMatch = 'waiting' | 'match' | 'mismatch';

/** Waiting until both entries are complete, then match or mismatch. */
export function pinMatch(first: string, second: string): PinMatch {
  if (!PIN_PATTERN.test(first) || second.length < PIN_LENGTH) return 'waiting';
  return first === second ? 'match' : 'mismatch';
}

export interface PinEntryProps {
  /** Sends the PIN; the entries are cleared when it settles, success or not. */
  onSubmit(pin: string): Promise<unknown>;
  submitLabel: ReactNode;
  disabled?: boolean;
  /** Why submitting is not possible now, or null. */
  blockedReason?: string | null;
}

export function PinEntry({ onSubmit, submitLabel, disabled, blockedReason }: PinEntryProps) {
  const id = useId();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const match = pinMatch(first, second);
  const onlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, PIN_LENGTH);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!PIN_PATTERN.test(first)) {
      setError(catalogueMessage('pin_invalid'));
      return;
    }
    if (match !== 'match') {
      setError(catalogueMessage('pin_mismatch'));
      return;
    }
    setError(null);
    setSending(true);
    const pin = first;
    setFirst('');
    setSecond('');
    try {
      await onSubmit(pin);
    } finally {
      setSending(false);
    }
  }

  const statusText =
    match === 'waiting' ? (
      <Trans>Waiting for input</Trans>
    ) : match === 'match' ? (
      <Trans>The PINs match</Trans>
    ) : (
      <Trans>The PINs do not match</Trans>
    );

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-first`}>
          <Trans>New PIN (6 digits)</Trans>
        </label>
        <input
          id={`${id}-first`}
          className="field-input mono"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={PIN_LENGTH}
          value={first}
          aria-invalid={error !== null && !PIN_PATTERN.test(first)}
          onChange={(event) => setFirst(onlyDigits(event.target.value))}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-second`}>
          <Trans>Enter the PIN again</Trans>
        </label>
        <input
          id={`${id}-second`}
          className="field-input mono"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={PIN_LENGTH}
          value={second}
          aria-invalid={match === 'mismatch'}
          aria-describedby={`${id}-match`}
          onChange={(event) => setSecond(onlyDigits(event.target.value))}
        />
      </div>
      <p
        id={`${id}-match`}
        className={match === 'mismatch' ? 'form-error' : 'field-hint'}
        role="status"
        data-testid="pin-match"
        data-match={match}
      >
        {statusText}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {blockedReason && (
        <p className="field-hint" role="status">
          {blockedReason}
        </p>
      )}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={Boolean(disabled) || sending || Boolean(blockedReason)}
      >
        {sending ? <Trans>Sending…</Trans> : submitLabel}
      </button>
    </form>
  );
}
