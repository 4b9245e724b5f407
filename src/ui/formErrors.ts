// One way for forms to name what is wrong: a valibot schema per form whose issue messages are
// catalogue error names (contract/api/errors.ts), so the screen and the server say the same thing,
// and the server's validation answers land on the field they are about.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import { apiErrors, isApiErrorName, type ApiErrorName } from '../../contract/api/errors.ts';
import { ApiError } from '../api/requestErrors.ts';

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** Placeholder values some catalogue messages need, e.g. `{ minimum: '10 USDT' }`. */
export type MessageValues = Record<string, string | number>;

export function catalogueMessage(name: ApiErrorName, values: MessageValues = {}): string {
  return i18n._({ ...apiErrors[name].message, values });
}

function issueText(message: string, values: MessageValues): string {
  return isApiErrorName(message) ? catalogueMessage(message, values) : t`Invalid value`;
}

export type FormCheck<S extends v.GenericSchema, F extends string> =
  { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors<F> };

/** Runs a form's schema; the first issue of each field becomes that field's message. */
export function checkForm<S extends v.GenericSchema, F extends string>(
  schema: S,
  input: unknown,
  values: MessageValues = {},
): FormCheck<S, F> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, output: result.output };
  const errors: FieldErrors<F> = {};
  for (const issue of result.issues) {
    const field = (v.getDotPath(issue) ?? '') as F;
    if (field && errors[field] === undefined) errors[field] = issueText(issue.message, values);
  }
  return { ok: false, errors };
}

const fieldData = v.object({
  field: v.string(),
  issues: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
});

/**
 * The server refused a field: `data` is `{ field, issues? }` (server/http/input.ts). Returns
 * the messages for the form's own fields, or null when the answer names none of them.
 */
export function fieldErrorsFromAnswer<F extends string>(
  error: unknown,
  fields: readonly F[],
): FieldErrors<F> | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = v.safeParse(fieldData, error.data);
  if (!parsed.success) return null;
  const known = (field: string): field is F => (fields as readonly string[]).includes(field);
  const errors: FieldErrors<F> = {};
  // The answer's own message is about its `field`, already in the user's language.
  const field = parsed.output.field;
  if (known(field)) errors[field] = error.message;
  for (const issue of parsed.output.issues ?? []) {
    if (known(issue.field) && errors[issue.field] === undefined) {
      errors[issue.field] = isApiErrorName(issue.message)
        ? catalogueMessage(issue.message)
        : error.message;
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/**
 * Some fields were changed: each of them that shows a message keeps it only while the fresh
 * check still finds one (then with the fresh wording), so a message goes the moment its
 * field is put right. Other fields keep theirs: a message the server gave (a wrong current
 * PIN, say) is not the form's to judge, so it goes only when its own field changes.
 */
export function afterFieldChange<F extends string>(
  errors: FieldErrors<F>,
  changed: F | readonly F[],
  fresh: () => FieldErrors<F>,
): FieldErrors<F> {
  const fields = (typeof changed === 'string' ? [changed] : changed) as readonly F[];
  const shown = fields.filter((field) => errors[field] !== undefined);
  if (shown.length === 0) return errors;
  const now = fresh();
  const next: FieldErrors<F> = { ...errors };
  for (const field of shown) {
    if (now[field] === undefined) delete next[field];
    else next[field] = now[field];
  }
  return next;
}

/** A field in error: a control marked invalid, or a group (photos, a choice) marked so. */
const IN_ERROR = '[aria-invalid="true"], [data-invalid="true"]';
const FOCUSABLE = [
  'input:not([type="hidden"]):not([hidden]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'button:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * After a failed submit: brings the first field in error (in the order the user reads the
 * form) to the middle of the screen and puts the focus in it, so on a long form the user
 * sees what to fix and a screen reader reads its message. Answers what got the focus.
 */
export function focusFirstError(form: ParentNode | null): HTMLElement | null {
  const invalid = form?.querySelector<HTMLElement>(IN_ERROR);
  if (!invalid) return null;
  const target = invalid.matches(FOCUSABLE)
    ? invalid
    : (invalid.querySelector<HTMLElement>(FOCUSABLE) ?? invalid);
  const still =
    typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  invalid.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return target;
}
