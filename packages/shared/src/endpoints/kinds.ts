import { z } from 'zod';

/** Endpoint kinds of SPEC §1. A custom endpoint is addressed by its configured name, of kind `custom`. */
export const ENDPOINT_KINDS = [
  'openAI',
  'azureOpenAI',
  'anthropic',
  'google',
  'custom',
  'gptPlugins',
  'assistants',
  'chatGPTBrowser',
  'bingAI',
] as const;
export const endpointKindSchema = z.enum(ENDPOINT_KINDS);
export type EndpointKind = z.infer<typeof endpointKindSchema>;

/** Display names of SPEC §9. */
export const ENDPOINT_DISPLAY_NAMES: Record<EndpointKind, string> = {
  openAI: 'OpenAI',
  azureOpenAI: 'Azure OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  custom: 'Custom',
  gptPlugins: 'Plugins',
  assistants: 'Assistants',
  chatGPTBrowser: 'ChatGPT',
  bingAI: 'Bing',
};
