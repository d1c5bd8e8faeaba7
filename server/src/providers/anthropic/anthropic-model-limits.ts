/** Used when `maxOutputTokens` is unset (SPEC §9: Anthropic maxOutputTokens 4000). */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4000;

// Output-token ceilings by model family, first match wins. Unknown models get the smallest ceiling any
// Claude model has, so a request never fails for asking too much.
const MAX_OUTPUT: ReadonlyArray<readonly [RegExp, number]> = [
  [/^claude-(opus|sonnet|haiku)-4/, 32_000],
  [/^claude-3-7-sonnet/, 64_000],
  [/^claude-3-5-(sonnet|haiku)/, 8192],
];
const FALLBACK_MAX_OUTPUT = 4096;

export function maxOutputTokensOf(model: string): number {
  return MAX_OUTPUT.find(([pattern]) => pattern.test(model))?.[1] ?? FALLBACK_MAX_OUTPUT;
}

/** `max_tokens` for a request: the asked-for value (default 4000), within 1..the model's ceiling. */
export function anthropicMaxTokens(model: string, asked: number | undefined): number {
  const wanted = Math.floor(asked ?? DEFAULT_ANTHROPIC_MAX_TOKENS);
  return Math.min(Math.max(1, wanted), maxOutputTokensOf(model));
}
