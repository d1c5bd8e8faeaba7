import type { EndpointKind } from './kinds';

/** The generation parameters a conversation can set (SPEC §3), by their conversation field names. */
export const PARAMETER_NAMES = [
  'temperature',
  'top_p',
  'topP',
  'topK',
  'maxOutputTokens',
  'presence_penalty',
  'frequency_penalty',
] as const;
export type ParameterName = (typeof PARAMETER_NAMES)[number];

export interface ParameterRule {
  min: number;
  max: number;
  /** Used when the conversation does not set it; absent: the provider's own default applies. */
  default?: number;
  integer?: boolean;
}

export type ParameterRules = Partial<Record<ParameterName, ParameterRule>>;

const openAIFamily = (temperature: number): ParameterRules => ({
  temperature: { min: 0, max: 2, default: temperature },
  top_p: { min: 0, max: 1, default: 1 },
  presence_penalty: { min: -2, max: 2, default: 0 },
  frequency_penalty: { min: -2, max: 2, default: 0 },
  maxOutputTokens: { min: 1, max: 1_000_000, integer: true },
});

const GOOGLE: ParameterRules = {
  temperature: { min: 0, max: 1, default: 0.2 },
  topP: { min: 0, max: 1, default: 0.8 },
  topK: { min: 1, max: 40, default: 40, integer: true },
  maxOutputTokens: { min: 1, max: 2048, default: 1024, integer: true },
};

/** Gemini models allow (and default to) longer replies (SPEC §9). */
const GEMINI_MAX_OUTPUT: ParameterRule = { min: 1, max: 8192, default: 8192, integer: true };

const ANTHROPIC: ParameterRules = {
  temperature: { min: 0, max: 1, default: 1 },
  topP: { min: 0, max: 1, default: 0.7 },
  topK: { min: 1, max: 40, default: 5, integer: true },
  maxOutputTokens: { min: 1, max: 4000, default: 4000, integer: true },
};

/** Ranges and defaults per endpoint kind (SPEC §5 "Parameters", §9 "Defaults"). */
export function parameterRules(kind: EndpointKind, model: string): ParameterRules {
  switch (kind) {
    case 'openAI':
    case 'azureOpenAI':
    case 'custom':
    case 'assistants':
      return openAIFamily(1);
    case 'gptPlugins':
      return openAIFamily(0.8);
    case 'google':
      return model.includes('gemini') ? { ...GOOGLE, maxOutputTokens: GEMINI_MAX_OUTPUT } : GOOGLE;
    case 'anthropic':
      return ANTHROPIC;
    case 'chatGPTBrowser':
    case 'bingAI':
      return {};
  }
}

/** Each rule's problem with `value`, or undefined when it is acceptable. */
export function checkParameter(rule: ParameterRule, value: number): string | undefined {
  if (rule.integer && !Number.isInteger(value)) return 'must be a whole number';
  if (value < rule.min || value > rule.max) return `must be between ${rule.min} and ${rule.max}`;
  return undefined;
}

/** `value` brought within the rule's range. */
export function clampToRule(rule: ParameterRule, value: number): number {
  return Math.min(Math.max(value, rule.min), rule.max);
}

/**
 * The parameters `options` sets, each brought within `model`'s range: a model change keeps what the user chose
 * where the new model allows it and lowers it to the new model's limit where not (SPEC §4: a Google model change
 * clamps max output tokens, 8192 on Gemini but 2048 on chat-bison). Unset parameters stay unset.
 */
export function clampParametersToModel<T extends Partial<Record<ParameterName, number | null | undefined>>>(
  kind: EndpointKind,
  model: string,
  options: T,
): T {
  const rules = parameterRules(kind, model);
  let clamped: T | undefined;
  for (const name of PARAMETER_NAMES) {
    const rule = rules[name];
    const value = options[name];
    if (!rule || typeof value !== 'number') continue;
    const within = clampToRule(rule, value);
    if (within !== value) clamped = { ...(clamped ?? options), [name]: within };
  }
  return clamped ?? options;
}
