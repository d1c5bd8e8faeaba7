import type { z } from 'zod';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per top-level field of a failed parse (the order of the schema's checks). */
export function firstIssuePerField<F extends string>(
  issues: readonly z.core.$ZodIssue[],
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export interface ErrorVisibility<F extends string> {
  /** What the current values break. */
  client: FieldErrors<F>;
  /** What the server said about a field, until that field is changed. */
  server: FieldErrors<F>;
  /** Fields the user has changed (SPEC §5: validation runs on change). */
  touched: ReadonlySet<F>;
  /** A submit was attempted: every field's error shows. */
  submitted: boolean;
}

/**
 * The errors to show: a field's own rule failure once it was changed (or a submit was tried), else what the
 * server said about it. Untouched empty fields do not greet the visitor with "required".
 */
export function visibleFieldErrors<F extends string>({
  client,
  server,
  touched,
  submitted,
}: ErrorVisibility<F>): FieldErrors<F> {
  const visible: FieldErrors<F> = {};
  for (const field of new Set<F>([...(Object.keys(client) as F[]), ...(Object.keys(server) as F[])])) {
    const message = submitted || touched.has(field) ? (client[field] ?? server[field]) : server[field];
    if (message !== undefined) visible[field] = message;
  }
  return visible;
}

export function hasErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
