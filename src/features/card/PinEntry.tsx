// The 6-digit card PIN (spec §5): numeric, entered twice, and the screen says whether the
// second entry is still awaited, matches or does not — in one line, the only message about
// the second entry. A new PIN may not be one digit repeated or a run (123456, 654321); a
// change of a PIN already set asks for the current one, which the server checks. The
// digits live only in this form until the answer and are wiped then, except the new PIN when
// only the current one was refused (with how many tries are left): it need not be typed again.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../api/requestErrors.ts';
import {
  cardEndpoints,
  pinWrongDataSchema,
  updatePinRequestSchema,
} from '../../../contract/api/card/cards.ts';
import { useAction } from '../../state/actions/useAction.ts';
import { Field } from '../../ui/Field.tsx';
import { schemaCheck, useForm } from '../../ui/useForm.ts';
import '../../ui/controls.css';

export const PIN_LENGTH = 6;
const PIN_PATTERN = /^\d{6}$/;

export type PinMatch = 'waiting' | 'match' | 'mismatch';

/** Waiting until both entries are complete, then match or mismatch. */
export function pinMatch(first: string, second: string): PinMatch {
  if (!PIN_PATTERN.test(first) || second.length < PIN_LENGTH) return 'waiting';
  return first === second ? 'match' : 'mismatch';
}

interface PinEntries {
  current_pin: string;
  pin: string;
  confirm_pin: string;
}
type PinField = keyof PinEntries;
const NO_ENTRIES: PinEntries = { current_pin: '', pin: '', confirm_pin: '' };
const checkPin = schemaCheck<typeof updatePinRequestSchema, PinField>(updatePinRequestSchema);

/** A refused current PIN, with how many tries are left; null for any other failure. */
function wrongCurrentPin(error: unknown) {
  if (!(error instanceof ApiError)) return null;
  const parsed = v.safeParse(pinWrongDataSchema, error.data);
  return parsed.success ? parsed.output : null;
}

export interface PinEntryProps {
  cardId: string;
  /** The card has a PIN: this is a change, and the current PIN is asked for. */
  pinSet: boolean;
  /** Why submitting is not possible now, or null. */
  blockedReason?: string | null;
}

export function PinEntry({ cardId, pinSet, blockedReason }: PinEntryProps) {
  const { t } = useLingui();
  const id = useId();
  const form = useForm<PinEntries>({
    initial: NO_ENTRIES,
    check: ({ current_pin, pin, confirm_pin }) =>
      checkPin({ id: cardId, ...(pinSet ? { current_pin } : {}), pin, confirm_pin }),
  });
  const { values: entries, errors } = form;
  const match = pinMatch(entries.pin, entries.confirm_pin);
  const onlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, PIN_LENGTH);

  const call = useAction(cardEndpoints.updatePin, {
    successMessage: () => (pinSet ? t`PIN changed` : t`PIN set`),
    failureMessage: () => t`PIN setting failed`,
    onSuccess: () => form.reset(NO_ENTRIES),
    onFailure: (error) => {
      const wrong = wrongCurrentPin(error);
      // Only the current PIN was refused: the new one stays, to try again with the right one.
      form.reset(
        wrong ? { ...NO_ENTRIES, pin: entries.pin, confirm_pin: entries.confirm_pin } : NO_ENTRIES,
      );
      if (!wrong) return form.refusedFields(error);
      const left = wrong.attempts_left;
      // The server's words, then the count; punctuation is the translation's.
      const reason = (error as ApiError).message;
      form.show({
        current_pin: t`${reason}. ${plural(left, {
          one: '# try left before PIN changes lock.',
          other: '# tries left before PIN changes lock.',
        })}`,
      });
      return true;
    },
  });

  function submit({ current_pin, pin }: PinEntries) {
    const body = { id: cardId, ...(pinSet ? { current_pin } : {}), pin, confirm_pin: pin };
    return call.submit(body);
  }

  const mismatch = match === 'mismatch';
  // The second entry has one line: what is wrong with it, else whether it matches.
  const secondError = mismatch ? undefined : errors.confirm_pin;
  const matchText: Record<PinMatch, ReactNode> = {
    waiting: <Trans>Waiting for input</Trans>,
    match: <Trans>The PINs match</Trans>,
    mismatch: <Trans>The PINs do not match</Trans>,
  };
  const pinInput = (field: PinField) => ({
    className: 'field-input mono',
    type: 'password',
    inputMode: 'numeric' as const,
    pattern: '[0-9]*',
    autoComplete: 'off',
    maxLength: PIN_LENGTH,
    value: entries[field],
    onChange: (event: { target: { value: string } }) =>
      form.set(field, onlyDigits(event.target.value)),
  });

  return (
    <form className="stack" onSubmit={form.onSubmit(submit)} noValidate>
      {pinSet && (
        <Field label={<Trans>Current PIN</Trans>} error={errors.current_pin}>
          {(control) => <input {...control} {...pinInput('current_pin')} />}
        </Field>
      )}
      <Field label={<Trans>New PIN (6 digits)</Trans>} error={errors.pin}>
        {(control) => <input {...control} {...pinInput('pin')} />}
      </Field>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-second`}>
          <Trans>Enter the PIN again</Trans>
        </label>
        <input
          id={`${id}-second`}
          {...pinInput('confirm_pin')}
          aria-invalid={mismatch || secondError !== undefined}
          aria-describedby={`${id}-match`}
        />
        <p
          id={`${id}-match`}
          className={mismatch || secondError ? 'form-error' : 'field-hint'}
          role="status"
          data-testid="pin-match"
          data-match={match}
        >
          {secondError ?? matchText[match]}
        </p>
      </div>
      {blockedReason && (
        <p className="field-hint" role="status">
          {blockedReason}
        </p>
      )}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={call.pending || Boolean(blockedReason)}
      >
        {call.pending ? (
          <Trans>Sending…</Trans>
        ) : pinSet ? (
          <Trans>Change PIN</Trans>
        ) : (
          <Trans>Set PIN</Trans>
        )}
      </button>
    </form>
  );
}
