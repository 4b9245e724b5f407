// The messages of one form's fields, for every form: shown after a failed submit (the form's
// own check or the server's answer) with the first field in error brought into view and
// focused, and each message gone as soon as its field is put right.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  afterFieldChange,
  focusFirstError,
  hasFieldErrors,
  type FieldErrors,
} from './formErrors.ts';

export interface FieldErrorsState<F extends string> {
  errors: FieldErrors<F>;
  /** Put on the <form>: a failed submit looks in it for the first field in error. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The outcome of a submit: these messages, and the first field in error focused. */
  show(errors: FieldErrors<F>): void;
  /** `fields` were changed; `fresh` checks the form as it is now (run only when needed). */
  changed(fields: F | readonly F[], fresh: () => FieldErrors<F>): void;
  clear(): void;
}

export function useFieldErrors<F extends string>(): FieldErrorsState<F> {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // Counts failed submits: focusing waits for the render that shows their messages.
  const [failures, setFailures] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (failures > 0) focusFirstError(formRef.current);
  }, [failures]);

  const show = useCallback((found: FieldErrors<F>) => {
    setErrors(found);
    if (hasFieldErrors(found)) setFailures((count) => count + 1);
  }, []);
  const changed = useCallback(
    (fields: F | readonly F[], fresh: () => FieldErrors<F>) =>
      setErrors((current) => afterFieldChange(current, fields, fresh)),
    [],
  );
  const clear = useCallback(() => setErrors({}), []);
  return { errors, formRef, show, changed, clear };
}
