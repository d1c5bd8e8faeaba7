import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { firstIssuePerField, hasErrors, visibleFieldErrors, type FieldErrors } from '../form-errors';

interface Options<F extends string> {
  /** Fields whose errors show from the start (values that come from the URL, not from typing). */
  initiallyTouched?: readonly F[];
}

/**
 * A form validated on every change against a shared request schema (SPEC §5). Submitting is refused while any
 * shown error exists; a submit shows every field's error and focuses the first field at fault. Inputs carry
 * their field name as `id`.
 */
export function useValidatedForm<S extends z.ZodType, F extends string>(
  schema: S,
  initial: Record<F, string>,
  options: Options<NoInfer<F>> = {},
) {
  const fields = Object.keys(initial) as F[];
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set(options.initiallyTouched));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors<F>>({});

  const parsed = schema.safeParse(values);
  const client: FieldErrors<F> = parsed.success ? {} : firstIssuePerField(parsed.error.issues, fields);
  const errors = visibleFieldErrors({ client, server, touched, submitted });

  const onChange = (field: F) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    setServer(({ [field]: _changed, ...rest }) => rest as FieldErrors<F>);
  };

  /** Props for the input of `field`. */
  const field = (name: F) => ({
    id: name,
    name,
    value: values[name],
    onChange: onChange(name),
    error: errors[name],
  });

  const handleSubmit = (onValid: (data: z.output<S>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) {
      const firstAtFault = fields.find((name) => client[name] !== undefined);
      if (firstAtFault) document.getElementById(firstAtFault)?.focus();
      return;
    }
    if (!hasErrors(errors)) onValid(parsed.data);
  };

  /** Puts the server's per-field messages (`400 {fields}`) under the inputs they are about. */
  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fields) return;
    const known: FieldErrors<F> = {};
    for (const name of fields) {
      const message = error.fields[name];
      if (message !== undefined) known[name] = message;
    }
    setServer(known);
  };

  return {
    values,
    errors,
    canSubmit: !hasErrors(errors),
    field,
    handleSubmit,
    showServerErrors,
  };
}
