// The amount field of every money form: the available balance beside the label ('Balance
// loading' until it is known) and a 'Max' button that fills in the most the user can send.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AssetCode } from '../../contract/api/assets.ts';
import { Amount } from './Amount.tsx';
import { Field } from './Field.tsx';
import './controls.css';

export interface AmountFieldProps {
  coin: AssetCode;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  /** The available balance, as a decimal string; undefined while it loads. */
  available: string | undefined;
  /** What 'Max' fills in (the available balance, less any fee); undefined disables it. */
  all: string | undefined;
  placeholder: string;
  /** The rules of this amount (minimum, fee), shown before anything is typed. */
  hint?: ReactNode;
}

export function AmountField(props: AmountFieldProps) {
  const { coin, value, onChange, error, available, all, placeholder, hint } = props;
  // One sentence with the amount inside, so each language places (and spaces) it itself.
  const availableText =
    available === undefined ? (
      <Trans>Balance loading</Trans>
    ) : (
      <Amount value={available} coin={coin} />
    );
  return (
    <Field
      label={<Trans>Amount</Trans>}
      error={error}
      hint={hint}
      aside={
        <span className="field-aside">
          <span>
            <Trans>Available: {availableText}</Trans>
          </span>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={all === undefined}
            onClick={() => all !== undefined && onChange(all)}
          >
            <Trans comment="Fills in the largest amount the user can send or withdraw (fees left out).">
              Max
            </Trans>
          </button>
        </span>
      }
    >
      {(control) => (
        <input
          {...control}
          className="field-input"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}
