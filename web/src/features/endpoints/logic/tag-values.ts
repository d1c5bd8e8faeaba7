/** SPEC §5 tag inputs: a notice the user reads when a change hit the input's limit. */
export type TagNotice = { kind: 'max' | 'min'; limit: number } | null;

export interface TagChange {
  tags: string[];
  notice: TagNotice;
}

/**
 * Adds one tag (trimmed; blank input adds nothing). Over `max`, the latest `max` values are kept and the
 * "Maximum number allowed is {0}, using latest values" notice is raised (SPEC §5 stop sequences).
 */
export function addTag(current: readonly string[], input: string, max: number): TagChange {
  const value = input.trim();
  if (value === '') return { tags: [...current], notice: null };
  const next = [...current, value];
  if (next.length <= max) return { tags: next, notice: null };
  return { tags: next.slice(-max), notice: { kind: 'max', limit: max } };
}

/** Removes the tag at `index`, unless that would leave fewer than `min` ("Cannot remove more values"). */
export function removeTag(current: readonly string[], index: number, min: number): TagChange {
  if (current.length <= min) return { tags: [...current], notice: { kind: 'min', limit: min } };
  return { tags: current.filter((_, at) => at !== index), notice: null };
}

export interface Example {
  input: { content: string };
  output: { content: string };
}

export const EMPTY_EXAMPLE: Example = { input: { content: '' }, output: { content: '' } };

/** The examples the editor shows: always at least one pair (SPEC §4 "Examples list"). */
export function shownExamples(examples: readonly Example[] | undefined): Example[] {
  return examples && examples.length > 0 ? [...examples] : [EMPTY_EXAMPLE];
}

/** "Add appends an empty pair". */
export function addExample(examples: readonly Example[] | undefined): Example[] {
  return [...shownExamples(examples), EMPTY_EXAMPLE];
}

/** "Remove pops the last but always leaves one": with one pair left, nothing changes. */
export function removeExample(examples: readonly Example[] | undefined): Example[] {
  const shown = shownExamples(examples);
  return shown.length > 1 ? shown.slice(0, -1) : shown;
}
