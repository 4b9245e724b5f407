import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from '../../../src/ui/Field.tsx';

describe('Field', () => {
  it('labels its control and points it at the hint and the error', () => {
    render(
      <Field label="Amount" hint="Up to 6 decimals" error="Balance not enough">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Amount');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Up to 6 decimals', 'Balance not enough']);
    expect(screen.getByRole('alert').textContent).toBe('Balance not enough');
  });

  it('without an error the control is valid and describes only the hint', () => {
    render(<Field label="Remark">{(control) => <input {...control} />}</Field>);
    const input = screen.getByLabelText('Remark');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
