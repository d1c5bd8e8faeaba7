export type EncodingName = 'o200k_base' | 'cl100k_base';

/**
 * OpenAI's newer families (gpt-4o, chatgpt-4o, gpt-4.1, gpt-4.5, gpt-5, gpt-oss, the o-series) use
 * o200k_base; every other model — older OpenAI ones and other vendors', for which cl100k is an estimate —
 * cl100k_base. A "vendor/" prefix (OpenRouter style) is ignored.
 */
export function encodingForModel(model?: string | null): EncodingName {
  const name = (model ?? '').toLowerCase().split('/').pop() ?? '';
  return /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o\d+(-|$))/.test(name)
    ? 'o200k_base'
    : 'cl100k_base';
}
