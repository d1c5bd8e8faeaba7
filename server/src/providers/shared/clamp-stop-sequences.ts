/** OpenAI accepts at most 4 stop sequences (SPEC §5). */
export const MAX_STOP_SEQUENCES = 4;

/** Keeps the last `max` non-empty stop sequences (the newest the user entered); undefined when none are left. */
export function clampStopSequences(
  stop: readonly string[] | undefined,
  max = MAX_STOP_SEQUENCES,
): string[] | undefined {
  const usable = (stop ?? []).filter((sequence) => sequence !== '');
  if (usable.length === 0) return undefined;
  return usable.slice(-max);
}
