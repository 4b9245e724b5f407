import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/requestErrors.ts';
import { Field } from '../../../src/ui/Field.tsx';
import { afterFieldChange, focusFirstError, type FieldErrors } from '../../../src/ui/formErrors.ts';
import { useForm } from '../../../src/ui/useForm.ts';

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
function CityForm({ onValid }: { onValid: (values: Record<Name, string>) => void }) {
  const form = useForm<Record<Name, string>>({
    initial: { city: '', zip: '', remark: '' },
    check: (next) => ({
      ...(next.city ? {} : { city: 'Enter a city' }),
      ...(!/^\d+$/.test(next.zip)
        ? { zip: next.zip ? 'Digits only' : 'Enter a zip code' }
        : next.city === 'Kowloon' && !next.zip.startsWith('999')
          ? { zip: 'Not a Kowloon code' }
          : {}),
    }),
    // A zip code is judged with its city (say, a city's own range of codes).
    linked: { city: ['city', 'zip'] },
  });
  const refuse = () =>
    form.refusedFields(new ApiError(40004, 'Not delivered there', 400, { field: 'remark' }));
  return (
    <form onSubmit={form.onSubmit(onValid)} noValidate>
      {(['city', 'zip', 'remark'] as const).map((name) => (
        <Field key={name} label={name} error={form.errors[name]}>
          {(control) => (
            <input
              {...control}
              value={form.values[name]}
              onChange={(event) => form.set(name, event.target.value)}
            />
          )}
        </Field>
      ))}
      <button type="submit">Save</button>
      <button type="button" onClick={refuse}>
        Refuse
      </button>
      <button
        type="button"
        onClick={() => {
          form.set('city', 'Kowloon');
          form.set('zip', '999077');
        }}
      >
        Fill
      </button>
    </form>
  );
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('useForm', () => {
  it('after a failed submit focuses the first field in error; each message goes when its field is right', async () => {
    const onValid = vi.fn();
    render(<CityForm onValid={onValid} />);
    const city = screen.getByLabelText('city');
    const zip = screen.getByLabelText('zip');
    fireEvent.change(city, { target: { value: 'Kowloon' } });
    await save();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Enter a zip code',
    ]);
    expect(document.activeElement).toBe(zip);
    expect(onValid).not.toHaveBeenCalled();

    // Still wrong: reworded, not dropped. Then right: gone at once, no resubmit needed.
    fireEvent.change(zip, { target: { value: '99a' } });
    expect(screen.getByRole('alert').textContent).toBe('Digits only');
    fireEvent.change(zip, { target: { value: '999077' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(zip.getAttribute('aria-invalid')).toBe('false');

    // Emptying the city again does not nag before the next submit.
    fireEvent.change(city, { target: { value: '' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await save();
    expect(document.activeElement).toBe(city);
    fireEvent.change(city, { target: { value: 'Kowloon' } });
    await save();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ city: 'Kowloon', zip: '999077', remark: '' });
  });

  it('keeps both of two changes made in one event', async () => {
    const onValid = vi.fn();
    render(<CityForm onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect((screen.getByLabelText('city') as HTMLInputElement).value).toBe('Kowloon');
    expect((screen.getByLabelText('zip') as HTMLInputElement).value).toBe('999077');
    await save();
    expect(onValid).toHaveBeenCalledWith({ city: 'Kowloon', zip: '999077', remark: '' });
  });

  it('judges linked fields again together', async () => {
    render(<CityForm onValid={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('city'), { target: { value: 'Kowloon' } });
    fireEvent.change(screen.getByLabelText('zip'), { target: { value: '12' } });
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Not a Kowloon code');
    // The city changed: its zip code is judged again with it, and now passes.
    fireEvent.change(screen.getByLabelText('city'), { target: { value: 'Sha Tin' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("puts the server's refusal of a field on that field, focused, until the field changes", async () => {
    render(<CityForm onValid={vi.fn()} />);
    const remark = screen.getByLabelText('remark');
    fireEvent.change(screen.getByLabelText('city'), { target: { value: 'Kowloon' } });
    fireEvent.change(screen.getByLabelText('zip'), { target: { value: '999077' } });
    await save();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Not delivered there');
    expect(document.activeElement).toBe(remark);
    // Another field changing leaves it; its own field changing clears it.
    fireEvent.change(screen.getByLabelText('zip'), { target: { value: '999078' } });
    expect(screen.getByRole('alert').textContent).toBe('Not delivered there');
    fireEvent.change(remark, { target: { value: 'Leave at the door' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
