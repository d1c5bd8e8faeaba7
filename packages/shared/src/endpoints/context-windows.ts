/**
 * Context window sizes in tokens by model family. A model matches the longest pattern it contains, so
 * `gpt-4-32k-0613` takes `gpt-4-32k` over `gpt-4`. Sizes are the vendors' published limits.
 */
const CONTEXT_WINDOWS: ReadonlyArray<readonly [pattern: string, tokens: number]> = [
  ['gpt-3.5-turbo', 16_385],
  ['gpt-3.5-turbo-0301', 4_096],
  ['gpt-3.5-turbo-0613', 4_096],
  ['gpt-3.5-turbo-instruct', 4_096],
  ['gpt-3.5-turbo-16k', 16_385],
  ['gpt-4', 8_192],
  ['gpt-4-32k', 32_768],
  ['gpt-4-turbo', 128_000],
  ['gpt-4-1106', 128_000],
  ['gpt-4-0125', 128_000],
  ['gpt-4-vision', 128_000],
  ['gpt-4o', 128_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-5', 400_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4', 200_000],
  ['mistral', 32_000],
  ['mixtral', 32_000],
  ['llama3', 8_192],
  ['llama-3', 8_192],
  ['claude', 100_000],
  ['claude-2.1', 200_000],
  ['claude-3', 200_000],
  ['claude-sonnet', 200_000],
  ['claude-opus', 200_000],
  ['claude-haiku', 200_000],
  ['gemini', 32_768],
  ['gemini-pro-vision', 12_288],
  ['gemini-1.5', 1_048_576],
  ['gemini-2', 1_048_576],
  ['chat-bison', 8_192],
  ['text-bison', 8_192],
  ['bison-32k', 32_768],
  ['code-', 6_144],
  ['codechat-', 6_144],
  ['command', 4_096],
  ['command-r', 128_000],
  ['text-davinci-002-render', 8_192],
];

/** Used for models of no known family (custom endpoints, local models). */
export const DEFAULT_CONTEXT_WINDOW = 8_192;

export function contextWindowOf(model: string): number {
  const name = model.toLowerCase();
  let best: readonly [string, number] | undefined;
  for (const entry of CONTEXT_WINDOWS) {
    if (name.includes(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? DEFAULT_CONTEXT_WINDOW;
}
