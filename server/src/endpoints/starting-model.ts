/**
 * The model a new chat starts on is the first of its endpoint's list (the web takes `models[0]` when nothing
 * was used there before). A list the administrator wrote (`*_MODELS`, a custom endpoint's YAML `default`, the
 * Azure groups) keeps its order: its first model is theirs to choose. A list Parley supplies (its built-in
 * defaults, or what the provider's models route answered) starts on the first of these that it offers:
 * SPEC §9's default while the provider still offers it, then a small current model of that provider — never
 * the most expensive model because it happens to come first.
 */
const STARTING_MODELS: Readonly<Record<string, readonly string[]>> = {
  openAI: ['gpt-3.5-turbo', 'gpt-4o-mini'],
  azureOpenAI: ['gpt-3.5-turbo', 'gpt-4o-mini'],
  gptPlugins: ['gpt-3.5-turbo', 'gpt-4o-mini'],
  // SPEC §9 names no default for assistants.
  assistants: ['gpt-4o-mini', 'gpt-3.5-turbo'],
  // SPEC §9's claude-1 was retired by Anthropic: it is left out even where a list still names it.
  anthropic: ['claude-3-5-haiku-latest', 'claude-3-5-haiku-20241022', 'claude-3-haiku-20240307'],
  // SPEC §9's chat-bison (PaLM) was retired by Google: left out the same way.
  google: ['gemini-1.5-flash', 'gemini-1.5-flash-latest', 'gemini-pro'],
  chatGPTBrowser: ['text-davinci-002-render-sha'],
};

/** `models` with `first` moved to the front when it is among them; else unchanged. */
export function withFirst(models: readonly string[], first: string | undefined): string[] {
  if (!first || !models.includes(first)) return [...models];
  return [first, ...models.filter((model) => model !== first)];
}

/** A list Parley supplied for `endpoint`, starting on its starting model (see above) when it offers one. */
export function withStartingModel(endpoint: string, models: readonly string[]): string[] {
  const starting = (STARTING_MODELS[endpoint] ?? []).find((model) => models.includes(model));
  return withFirst(models, starting);
}

/** The first model Parley would start a new chat of `endpoint` on, when the endpoint offers it. */
export function preferredStartingModel(endpoint: string): string | undefined {
  return STARTING_MODELS[endpoint]?.[0];
}
