import type { EndpointOptions } from '../schemas/endpoint-options';

/** Model-family labels of SPEC §9 ("Label fallbacks"), first match wins. */
const FAMILY_LABELS: ReadonlyArray<readonly [pattern: RegExp, label: string]> = [
  [/gpt-3\.5/i, 'GPT-3.5'],
  [/gpt-4|gpt-5|^o\d/i, 'GPT-4'],
  [/mistral|mixtral/i, 'Mistral'],
  [/gemini/i, 'Gemini'],
  [/code-|codechat-/i, 'Codey'],
  [/bison|unicorn|gecko/i, 'PaLM2'],
  [/claude/i, 'Claude'],
];

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
  return FAMILY_LABELS.find(([pattern]) => pattern.test(model ?? ''))?.[1] ?? 'AI';
}

/** An assistant's reply (SPEC §2 sender, assistants endpoint): the assistant's name, else "Assistant". */
export function assistantSender(name: string | null | undefined): string {
  return name?.trim() || 'Assistant';
}
