// One way for forms to name what is wrong: a valibot schema per form whose issue messages are
// catalogue error names (src/api/errors.ts), so the screen and the server say the same thing,
// and the server's validation answers land on the field they are about.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import { apiErrors, isApiErrorName, type ApiErrorName } from '../api/errors.ts';
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

/**
 * A money action's `onFailure` for a form: puts the server's field errors on their fields and
 * answers whether it did (then the action shows no toast of its own).
 */
export function showFieldErrors<F extends string>(
  fields: readonly F[],
  setErrors: (errors: FieldErrors<F>) => void,
): (error: unknown) => boolean {
  return (error) => {
    const fromServer = fieldErrorsFromAnswer(error, fields);
    if (fromServer) setErrors(fromServer);
    return fromServer !== null;
  };
}
