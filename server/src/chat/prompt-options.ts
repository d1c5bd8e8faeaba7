// Conversation options → what the provider is sent: validated generation parameters and the system prompt.
import { contextWindowOf } from '@parley/shared/endpoints/context-windows';
import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import {
  checkParameter,
  parameterRules,
  PARAMETER_NAMES,
  type ParameterName,
  type ParameterRule,
} from '@parley/shared/endpoints/parameters';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import { badRequest } from '../lib/errors';
import type { GenerationParams } from '../providers/types';

/** Room kept for the reply when the conversation sets no maximum. */
export const DEFAULT_REPLY_TOKENS = 1024;

/** The first value set among `names` (`top_p` and `topP` name the same parameter on different kinds). */
function valueOf(options: EndpointOptions, names: readonly ParameterName[]): number | undefined {
  for (const name of names) {
    const value = options[name];
    if (typeof value === 'number') return value;
  }
  return undefined;
}

const ALIASES = {
  temperature: ['temperature'],
  top_p: ['top_p', 'topP'],
  topP: ['topP', 'top_p'],
  topK: ['topK'],
  maxOutputTokens: ['maxOutputTokens'],
  presence_penalty: ['presence_penalty'],
  frequency_penalty: ['frequency_penalty'],
} as const satisfies Record<ParameterName, readonly ParameterName[]>;

/** Each parameter the kind knows: the set value (checked against its range) or the kind's default. */
function resolveParameters(
  kind: EndpointKind,
  model: string,
  options: EndpointOptions,
): Map<ParameterName, number> {
  const fields: Record<string, string> = {};
  const values = new Map<ParameterName, number>();
  const rules = parameterRules(kind, model);
  for (const name of PARAMETER_NAMES) {
    const rule: ParameterRule | undefined = rules[name];
    if (!rule) continue;
    const value = valueOf(options, ALIASES[name]);
    if (value === undefined) {
      if (rule.default !== undefined) values.set(name, rule.default);
      continue;
    }
    const problem = checkParameter(rule, value);
    if (problem) fields[name] = problem;
    else values.set(name, value);
  }
  const [first] = Object.entries(fields);
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, fields);
  return values;
}

export function generationParams(
  kind: EndpointKind,
  model: string,
  options: EndpointOptions,
  userId: string,
): GenerationParams {
  const values = resolveParameters(kind, model, options);
  const params: GenerationParams = { user: userId };
  const set = <K extends keyof GenerationParams>(key: K, value: GenerationParams[K] | undefined) => {
    if (value !== undefined) params[key] = value;
  };
  set('temperature', values.get('temperature'));
  set('topP', values.get('top_p') ?? values.get('topP'));
  set('topK', values.get('topK'));
  set('maxOutputTokens', values.get('maxOutputTokens'));
  set('presencePenalty', values.get('presence_penalty'));
  set('frequencyPenalty', values.get('frequency_penalty'));
  set('stop', options.stop?.length ? options.stop : undefined);
  set('imageDetail', options.imageDetail);
  set('toneStyle', options.toneStyle);
  const examples = (options.examples ?? [])
    .map((example) => ({ input: example.input.content, output: example.output.content }))
    .filter((example) => example.input.trim() !== '' || example.output.trim() !== '');
  set('examples', examples.length > 0 ? examples : undefined);
  return params;
}

/**
 * The system prompt: who the model is (`chatGptLabel`/`modelLabel`), who the user is (`userLabel`), the
 * conversation's instructions (`promptPrefix`, or Bing's `systemMessage`), then its `context` (a text the
 * model reads as background, e.g. the web page a Bing conversation is about).
 */
export function systemPrompt(options: EndpointOptions): string | undefined {
  const lines: string[] = [];
  const label = options.chatGptLabel?.trim() || options.modelLabel?.trim();
  if (label) lines.push(`You are ${label}.`);
  const userLabel = options.userLabel?.trim();
  if (userLabel) lines.push(`The user's name is ${userLabel}.`);
  const instructions = options.promptPrefix?.trim() || options.systemMessage?.trim();
  if (instructions) lines.push(instructions);
  const context = options.context?.trim();
  if (context) lines.push(context);
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** The model's context window and the room kept for its reply (at most half the window). */
export function tokenBudget(
  model: string,
  params: GenerationParams,
): { windowTokens: number; replyTokens: number } {
  const windowTokens = contextWindowOf(model);
  const wanted = params.maxOutputTokens ?? DEFAULT_REPLY_TOKENS;
  return { windowTokens, replyTokens: Math.min(wanted, Math.floor(windowTokens / 2)) };
}
