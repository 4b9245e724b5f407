import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field } from '../../../src/ui/Field.tsx';
import { afterFieldChange, focusFirstError, type FieldErrors } from '../../../src/ui/formErrors.ts';
import { useFieldErrors } from '../../../src/ui/useFieldErrors.ts';

type Name = 'city' | 'zip' | 'remark';

describe('afterFieldChange', () => {
  const shown: FieldErrors<Name> = { city: 'Required', zip: 'Required' };

  it('drops the message of a changed field that now passes, and keeps the others', () => {
    expect(afterFieldChange<Name>(shown, 'city', () => ({ zip: 'Required' }))).toEqual({
      zip: 'Required',
    });
  });

  it('rewords the message of a changed field that is still wrong', () => {
    expect(afterFieldChange<Name>(shown, 'zip', () => ({ zip: 'Digits only' }))).toEqual({
      city: 'Required',
      zip: 'Digits only',
    });
  });

  it('changes linked fields together', () => {
    expect(afterFieldChange<Name>(shown, ['city', 'zip'], () => ({}))).toEqual({});
  });

  it('leaves a field without a message alone, and does not even check', () => {
    const fresh = vi.fn(() => ({ remark: 'Too long' }));
    expect(afterFieldChange<Name>(shown, 'remark', fresh)).toBe(shown);
    expect(fresh).not.toHaveBeenCalled();
  });

  it('drops a message the server gave once its field changes', () => {
    expect(
      afterFieldChange<Name>({ remark: 'Refused by the server' }, 'remark', () => ({})),
    ).toEqual({});
  });
});

describe('focusFirstError', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('scrolls to the first field in error in reading order and focuses it', () => {
    document.body.innerHTML = `
      <form>
        <input id="ok" aria-invalid="false" />
        <div data-invalid="true" id="photos"><input type="file" hidden /><button id="take">Take photo</button></div>
        <input id="late" aria-invalid="true" />
      </form>`;
    const photos = document.getElementById('photos')!;
    const scrolled = vi.fn();
    photos.scrollIntoView = scrolled;
    const target = focusFirstError(document.querySelector('form'));
    expect(target?.id).toBe('take');
    expect(document.activeElement?.id).toBe('take');
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
  });

  it('does nothing when no field is in error', () => {
    document.body.innerHTML = '<form><input aria-invalid="false" /></form>';
    expect(focusFirstError(document.querySelector('form'))).toBeNull();
  });
});

/** A form of three fields in the shape every form uses. */
function CityForm({ onValid }: { onValid: () => void }) {
  const [values, setValues] = useState<Record<Name, string>>({ city: '', zip: '', remark: '' });
  const { errors, formRef, show, changed } = useFieldErrors<Name>();
  const check = (next: Record<Name, string>): FieldErrors<Name> => ({
    ...(next.city ? {} : { city: 'Enter a city' }),
    ...(/^\d+$/.test(next.zip) ? {} : { zip: next.zip ? 'Digits only' : 'Enter a zip code' }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    show(found);
    if (Object.keys(found).length === 0) onValid();
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {(['city', 'zip', 'remark'] as const).map((name) => (
        <Field key={name} label={name} error={errors[name]}>
          {(control) => (
            <input
              {...control}
              value={values[name]}
              onChange={(event) => {
                const next = { ...values, [name]: event.target.value };
                setValues(next);
                changed(name, () => check(next));
              }}
            />
          )}
        </Field>
      ))}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFieldErrors', () => {
  it('after a failed submit focuses the first field in error; each message goes when its field is right', async () => {
    const onValid = vi.fn();
    render(<CityForm onValid={onValid} />);
    const city = screen.getByLabelText('city');
    const zip = screen.getByLabelText('zip');
    fireEvent.change(city, { target: { value: 'Kowloon' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Enter a zip code',
    ]);
    expect(document.activeElement).toBe(zip);

    // Still wrong: reworded, not dropped. Then right: gone at once, no resubmit needed.
    fireEvent.change(zip, { target: { value: '99a' } });
    expect(screen.getByRole('alert').textContent).toBe('Digits only');
    fireEvent.change(zip, { target: { value: '999077' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(zip.getAttribute('aria-invalid')).toBe('false');

    // Emptying the city again does not nag before the next submit.
    fireEvent.change(city, { target: { value: '' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(document.activeElement).toBe(city);
    fireEvent.change(city, { target: { value: 'Kowloon' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onValid).toHaveBeenCalledTimes(1);
  });
});
