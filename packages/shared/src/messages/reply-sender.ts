import type { EndpointKind } from '../endpoints/kinds';
import type { EndpointOptions } from '../schemas/endpoint-options';

/** Model-family labels of SPEC §9 ("Label fallbacks"), first match wins. */
const FAMILY_LABELS: ReadonlyArray<readonly [pattern: RegExp, label: string]> = [
  [/mistral|mixtral/i, 'Mistral'],
  [/gemini/i, 'Gemini'],
  [/code-|codechat-/i, 'Codey'],
  [/bison|unicorn|gecko/i, 'PaLM2'],
  [/claude/i, 'Claude'],
];

/** `gpt-<version>[o]`, anywhere in the name (`gpt-4o-mini`, `chatgpt-4o-latest`, `openai/gpt-4.1`). */
const GPT_VERSION = /gpt-(\d+(?:\.\d+)?)(o?)/i;
/** OpenAI's reasoning models, `o1`, `o3-mini`, `o4-mini` (alone or after a provider prefix). */
const O_SERIES = /(?:^|\/)(o\d+)(?=$|-)/i;

/**
 * The label of an OpenAI model. SPEC §9 names GPT-3.5 and GPT-4 (its model lists stop at `gpt-4-turbo`), so
 * `gpt-3*` and `gpt-4`/`gpt-4-turbo`/`gpt-4-0613` keep them; the newer families SPEC does not know are named as
 * OpenAI names them: "GPT-4o", "GPT-4.1", "GPT-5", "o3" (docs/decisions.md).
 */
function openAIFamily(model: string): string | undefined {
  const gpt = GPT_VERSION.exec(model);
  if (gpt) {
    const [, version = '', omni = ''] = gpt;
    if (version.startsWith('3')) return 'GPT-3.5';
    return `GPT-${version}${omni.toLowerCase()}`;
  }
  return O_SERIES.exec(model)?.[1]?.toLowerCase();
}

/** The label of a model's family (SPEC §9 label fallbacks), else "AI". */
function modelFamilyLabel(model: string | null | undefined): string {
  const name = model ?? '';
  return openAIFamily(name) ?? FAMILY_LABELS.find(([pattern]) => pattern.test(name))?.[1] ?? 'AI';
}

/**
 * Who a reply is from (SPEC §2 sender, §9 label fallbacks): the conversation's custom name
 * (`chatGptLabel`/`modelLabel`), else the endpoint's configured `modelDisplayLabel`, else the model family's
 * label, else "AI". Decided once per reply: the web names its placeholder with this same function and takes
 * the server's answer from `created`, so the label never changes between streaming and saved.
 */
export function replySender(
  options: Pick<EndpointOptions, 'chatGptLabel' | 'modelLabel'>,
  model: string | null | undefined,
  endpointLabel?: string | null,
): string {
  const custom = options.chatGptLabel?.trim() || options.modelLabel?.trim();
  if (custom) return custom;
  if (endpointLabel) return endpointLabel;
  return modelFamilyLabel(model);
}

/**
 * The label an endpoint gives its replies (SPEC §2 sender), for {@link replySender}'s `endpointLabel`: its
 * configured `modelDisplayLabel`, else a custom endpoint's own name (its models are not the family they mimic:
 * "fake-gpt-4o" is not "GPT-4o"); built-in endpoints without one leave it to the model family.
 */
export function endpointReplyLabel(endpoint: {
  kind: EndpointKind;
  name: string;
  modelDisplayLabel?: string | null | undefined;
}): string | undefined {
  const configured = endpoint.modelDisplayLabel?.trim();
  if (configured) return configured;
  return endpoint.kind === 'custom' ? endpoint.name : undefined;
}

/** An assistant's reply (SPEC §2 sender, assistants endpoint): the assistant's name, else "Assistant". */
export function assistantSender(name: string | null | undefined): string {
  return name?.trim() || 'Assistant';
}
