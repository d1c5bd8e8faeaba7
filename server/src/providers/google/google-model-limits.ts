// Output-token limits of SPEC §5 and §9: Gemini models default to and are capped at 8192; the PaLM 2 and
// Codey families (chat-bison, text-bison, code-bison …) default to 1024 and are capped at 2048.

const GEMINI = /gemini/i;

export const GEMINI_MAX_OUTPUT_TOKENS = 8192;
export const PALM_DEFAULT_OUTPUT_TOKENS = 1024;
export const PALM_MAX_OUTPUT_TOKENS = 2048;

export function isGeminiModel(model: string): boolean {
  return GEMINI.test(model);
}

/** `maxOutputTokens` for a request: the asked-for value or the family's default, within 1..the family's cap. */
export function googleMaxOutputTokens(model: string, asked: number | undefined): number {
  const gemini = isGeminiModel(model);
  const cap = gemini ? GEMINI_MAX_OUTPUT_TOKENS : PALM_MAX_OUTPUT_TOKENS;
  const wanted = Math.floor(asked ?? (gemini ? GEMINI_MAX_OUTPUT_TOKENS : PALM_DEFAULT_OUTPUT_TOKENS));
  return Math.min(Math.max(1, wanted), cap);
}
