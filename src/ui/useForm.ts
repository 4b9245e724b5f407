// One form's values and messages, for every form: the values as typed; a check that names
// what is wrong per field (the form's valibot schema, plus rules only the screen can judge);
// messages shown after a failed submit with the first field in error brought into view and
// focused; each message gone as soon as its field is put right; and the server's refusal of a
// field put on that field.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type * as v from 'valibot';
import { markUnsaved } from '../state/unsavedWork.ts';
import {
  afterFieldChange,
  checkForm,
  fieldErrorsFromAnswer,
  focusFirstError,
  hasFieldErrors,
  type FieldErrors,
  type MessageValues,
} from './formErrors.ts';

type Values = object;

export interface FormOptions<V extends Values, F extends string> {
  initial: V | (() => V);
  /** What is wrong with these values, per field; `{}` when nothing. */
  check: (values: V) => FieldErrors<F>;
  /** Every field a message can be about, in reading order; by default the keys of `initial`. */
  fields?: readonly F[];
  /** Fields judged together: a change to the key judges these again (dates, a type deciding photos). */
  linked?: Partial<Record<F, readonly F[]>>;
}

export interface FormState<V extends Values, F extends string> {
  values: V;
  errors: FieldErrors<F>;
  set<K extends keyof V & F>(field: K, value: V[K]): void;
  /** A text field's value, change handler and message, ready to spread on a control. */
  bind<K extends keyof V & F>(
    field: K,
  ): { name: K; value: V[K]; onChange(value: V[K]): void; error: string | undefined };
  /** Something outside the values changed (an upload finished): judge `fields` again. */
  recheck(fields: F | readonly F[]): void;
  /** The <form>'s onSubmit: checks, shows what is wrong, and sends only a clean form. */
  onSubmit(send: (values: V) => unknown): (event: FormEvent) => void;
  /** A write's `onFailure`: the server's field refusals on their fields; true when there were. */
  refusedFields(error: unknown): boolean;
  /** Messages from elsewhere (a refusal the screen interprets itself). */
  show(errors: FieldErrors<F>): void;
  clear(): void;
  reset(values: V): void;
}

/** A form check from a valibot schema: the first issue of each field is its message. */
export function schemaCheck<S extends v.GenericSchema, F extends string>(
  schema: S,
  messageValues?: MessageValues,
): (values: unknown) => FieldErrors<F> {
  return (values) => {
    const checked = checkForm<S, F>(schema, values, messageValues);
    return checked.ok ? {} : checked.errors;
  };
}

export function useForm<V extends Values, F extends string = Extract<keyof V, string>>(
  options: FormOptions<V, F>,
): FormState<V, F> {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // Counts failed submits: focusing waits for the render that shows their messages.
  const [failures, setFailures] = useState(0);
  // The form last submitted: after a failure, the first field in error is looked for in it.
  const submitted = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (failures > 0) focusFirstError(submitted.current);
  }, [failures]);

  const show = (found: FieldErrors<F>) => {
    setErrors(found);
    if (hasFieldErrors(found)) setFailures((count) => count + 1);
  };
  const judgeAgain = (fields: F | readonly F[], next: V) =>
    setErrors((current) => afterFieldChange(current, fields, () => options.check(next)));
  // The values as last set: two changes in one event both count.
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  const set = <K extends keyof V & F>(field: K, value: V[K]) => {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    judgeAgain(options.linked?.[field] ?? field, next);
  };
  const fields = options.fields ?? (Object.keys(values) as F[]);
  useUnsavedWorkFeed(values);

  return {
    values,
    errors,
    set,
    bind: (field) => ({
      name: field,
      value: values[field],
      onChange: (value) => set(field, value),
      error: errors[field],
    }),
    recheck: (changed) => judgeAgain(changed, values),
    onSubmit: (send) => (event) => {
      event.preventDefault();
      submitted.current = event.currentTarget as HTMLFormElement;
      const found = options.check(values);
      show(found);
      if (!hasFieldErrors(found)) void send(values);
    },
    refusedFields: (error) => {
      const fromServer = fieldErrorsFromAnswer(error, fields);
      if (fromServer) show(fromServer);
      return fromServer !== null;
    },
    show,
    clear: () => setErrors({}),
    reset: (next) => {
      latest.current = next;
      setValues(next);
      setErrors({});
    },
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  }
  return Object.is(a, b);
}

/** Whether any field differs from what the form opened with. */
export function differsFrom(initial: object, values: object): boolean {
  const before = initial as Record<string, unknown>;
  const now = values as Record<string, unknown>;
  const keys = new Set([...Object.keys(before), ...Object.keys(now)]);
  return [...keys].some((key) => !sameValue(before[key], now[key]));
}

// A form the user has typed into and neither sent nor cleared is work a reload would lose:
// the app-wide registry hears of it, so an update waits (offline/updates.ts).
function useUnsavedWorkFeed(values: object): void {
  const [opened] = useState(values);
  const [key] = useState(() => Symbol('form'));
  const unsaved = differsFrom(opened, values);
  useEffect(() => {
    markUnsaved(key, unsaved);
    return () => markUnsaved(key, false);
  }, [key, unsaved]);
}
