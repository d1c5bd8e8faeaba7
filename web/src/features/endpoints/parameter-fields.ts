import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import { parameterRules, PARAMETER_NAMES } from '@parley/shared/endpoints/parameters';

/** Which label field an endpoint kind names its assistant with (SPEC §3). */
export function labelField(kind: EndpointKind): 'chatGptLabel' | 'modelLabel' | null {
  if (kind === 'anthropic' || kind === 'google') return 'modelLabel';
  if (kind === 'bingAI' || kind === 'chatGPTBrowser' || kind === 'assistants') return null;
  return 'chatGptLabel';
}

/** Whether an endpoint kind has anything to set (else the popover is not offered). */
export function hasParameters(kind: EndpointKind, model: string): boolean {
  return labelField(kind) !== null || PARAMETER_NAMES.some((name) => parameterRules(kind, model)[name]);
}
