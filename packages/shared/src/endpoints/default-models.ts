/**
 * Model lists used when neither a `*_MODELS` variable nor the provider's models route gives one: the
 * defaults of the original product (LibreChat v0.7.1 `defaultModels`).
 */
export const DEFAULT_OPENAI_MODELS: readonly string[] = [
  'gpt-3.5-turbo-0125',
  'gpt-3.5-turbo-16k-0613',
  'gpt-3.5-turbo-16k',
  'gpt-4-turbo-preview',
  'gpt-4-0125-preview',
  'gpt-4-1106-preview',
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-1106',
  'gpt-4-vision-preview',
  'gpt-4',
  'gpt-3.5-turbo-instruct-0914',
  'gpt-3.5-turbo-0613',
  'gpt-3.5-turbo-0301',
  'gpt-3.5-turbo-instruct',
  'gpt-4-0613',
  'text-davinci-003',
  'gpt-4-0314',
];

export const DEFAULT_ANTHROPIC_MODELS: readonly string[] = [
  'claude-3-opus-20240229',
  'claude-3-sonnet-20240229',
  'claude-3-haiku-20240307',
  'claude-2.1',
  'claude-2',
  'claude-1.2',
  'claude-1',
  'claude-1-100k',
  'claude-instant-1',
  'claude-instant-1-100k',
];

export const DEFAULT_GOOGLE_MODELS: readonly string[] = [
  'gemini-pro',
  'gemini-pro-vision',
  'chat-bison',
  'chat-bison-32k',
  'codechat-bison',
  'codechat-bison-32k',
  'text-bison',
  'text-bison-32k',
  'text-unicorn',
  'code-gecko',
  'code-bison',
  'code-bison-32k',
];

export const DEFAULT_ASSISTANTS_MODELS: readonly string[] = [
  'gpt-3.5-turbo-0125',
  'gpt-4-0125-preview',
  'gpt-4-turbo-preview',
  'gpt-4-1106-preview',
  'gpt-3.5-turbo-1106',
  'gpt-3.5-turbo-16k-0613',
  'gpt-3.5-turbo-16k',
  'gpt-3.5-turbo',
  'gpt-4',
  'gpt-4-0314',
  'gpt-4-32k-0314',
  'gpt-4-0613',
  'gpt-3.5-turbo-0613',
];

export const DEFAULT_CHATGPT_BROWSER_MODELS: readonly string[] = ['text-davinci-002-render-sha', 'gpt-4'];

export const BING_MODELS: readonly string[] = ['BingAI', 'Sydney'];

const NOT_FOR_PLUGINS = /text-davinci|instruct|0613|0314|0301/;

/** The plugins agent needs chat models with function calling: the OpenAI list without legacy ones. */
export function pluginModelsOf(models: readonly string[]): string[] {
  return models.filter((model) => !NOT_FOR_PLUGINS.test(model));
}
