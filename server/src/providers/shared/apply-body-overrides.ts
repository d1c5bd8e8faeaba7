/**
 * Merges YAML `addParams` into a request body, then removes YAML `dropParams` (dropping wins, so a
 * parameter named in both is not sent). Returns a new object; the input is left alone. Removing a
 * required field is the operator's choice, so the result keeps the input's type.
 */
export function applyBodyOverrides<T extends object>(
  body: T,
  extraBody: Record<string, unknown> | undefined,
  dropParams: readonly string[] | undefined,
): T {
  const merged: Record<string, unknown> = { ...body, ...extraBody };
  for (const name of dropParams ?? []) delete merged[name];
  return merged as T;
}
