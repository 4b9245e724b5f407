// A text input in a <Field>, for the card forms' many plain fields.
import { useLingui } from '@lingui/react/macro';
import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { Field } from '../../ui/Field.tsx';
import '../../ui/controls.css';

export interface TextFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: ReactNode;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  autoComplete?: string;
}

export function TextField(props: TextFieldProps) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {(control) => (
        <input
          {...control}
          className="field-input"
          name={props.name}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete ?? 'off'}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A phone number: the phone keypad, and the browser may fill it in. */
export function PhoneField(props: Omit<TextFieldProps, 'label' | 'type' | 'inputMode'>) {
  const { t } = useLingui();
  return <TextField {...props} label={t`Phone`} type="tel" inputMode="tel" autoComplete="tel" />;
}
