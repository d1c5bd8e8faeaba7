import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import { parameterRules, PARAMETER_NAMES } from '@parley/shared/endpoints/parameters';

/** Which label field an endpoint kind names its assistant with (SPEC §3). */
export function labelField(kind: EndpointKind): 'chatGptLabel' | 'modelLabel' | null {
  if (kind === 'anthropic' || kind === 'google') return 'modelLabel';
  if (kind === 'bingAI' || kind === 'chatGPTBrowser' || kind === 'assistants') return null;
  return 'chatGptLabel';
}

const OPENAI_STYLE: readonly EndpointKind[] = ['openAI', 'azureOpenAI', 'custom'];

/** The non-numeric settings of SPEC §3 "Endpoint and model settings" each kind offers. */
export function extraFields(kind: EndpointKind) {
  return {
    /** Stop sequences: OpenAI-style chat endpoints (SPEC §5 names OpenAI and Azure). */
    stop: OPENAI_STYLE.includes(kind),
    /** Resend files and images with every turn (default on, SPEC §9). */
    resendFiles: OPENAI_STYLE.includes(kind) || kind === 'anthropic',
    /** Image detail low / auto / high: OpenAI vision. */
    imageDetail: OPENAI_STYLE.includes(kind),
    /** The examples editor: Google (chat-bison style input/output pairs). */
    examples: kind === 'google',
    /** Tone style, context, mode and system message. */
    bing: kind === 'bingAI',
  };
}

/** Where the conversation stands, for Bing's rules (SPEC §4 "Bing tone settings"). */
export interface ConversationState {
  /** True for a conversation not yet created (id `new`). */
  isNew?: boolean;
}

/**
 * Whether an endpoint kind has anything to set (else the popover is not offered). An existing Bing
 * conversation in BingAI mode cannot change anything (Bing keeps its settings server-side), so for it the
 * popover closes, like for chatGPTBrowser (SPEC §4).
 */
export function hasParameters(
  kind: EndpointKind,
  model: string,
  state: ConversationState & { jailbreak?: boolean } = {},
): boolean {
  if (kind === 'bingAI') return state.isNew !== false || state.jailbreak === true;
  return labelField(kind) !== null || PARAMETER_NAMES.some((name) => parameterRules(kind, model)[name]);
}
