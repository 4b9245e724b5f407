// A field for a code the user pastes or scans rather than writes: a wallet address, a
// transaction hash. Monospaced, and the keyboard neither completes, capitalises nor corrects it.
import type { ReactNode } from 'react';
import { Field } from './Field.tsx';
import './controls.css';

export interface CodeFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  name: string;
  value: string;
  onChange(value: string): void;
  onBlur?: () => void;
  placeholder: string;
  /** A button beside the input, e.g. 'Scan'. */
  action?: ReactNode;
}

export function CodeField({ label, hint, error, onChange, action, ...input }: CodeFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => {
        const field = (
          <input
            {...control}
            className="field-input mono"
            {...input}
            onChange={(event) => onChange(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
        );
        return action ? (
          <div className="input-row">
            {field}
            {action}
          </div>
        ) : (
          field
        );
      }}
    </Field>
  );
}
