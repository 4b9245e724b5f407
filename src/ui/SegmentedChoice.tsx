// One choice among a few, as a row of segments (radio buttons under one legend): the theme,
// a withdrawal's coin, an identity document's type.
import type { ReactNode } from 'react';
import './controls.css';

export function SegmentedChoice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
}: {
  legend: ReactNode;
  /** The radio group's name. */
  name: string;
  options: readonly T[];
  value: T;
  onChange(value: NoInfer<T>): void;
  /** What a segment says. */
  label(option: NoInfer<T>): ReactNode;
}) {
  return (
    <fieldset className="segmented">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="segmented-option">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          <span>{label(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}
