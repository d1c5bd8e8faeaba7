import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import type { Credentials } from '../providers/types';

/** How a title is asked for (YAML `titleMethod`, reference §12.11): one completion, or a forced function call. */
export type TitleMethod = 'completion' | 'functions';

/** What the chat engine needs to call a provider for one endpoint and model. */
export interface ResolvedCredentials {
  /**
   * The provider kind that serves the request: the endpoint's own kind, `custom` for custom endpoints
   * (and the detected Ollama), and `openAI` or `azureOpenAI` for the plugins endpoint.
   */
  kind: EndpointKind;
  /** Resolved: no `${VAR}` or `user_provided` left; custom and Azure headers are in `credentials.headers`. */
  credentials: Credentials;
  /** YAML `addParams`, merged into the request body. */
  extraBody?: Record<string, unknown>;
  /** YAML `dropParams`, removed from the request body. */
  dropParams?: string[];
  /** YAML `titleConvo` / `titleModel` (custom endpoints, Azure), when configured. */
  titleConvo?: boolean;
  titleModel?: string;
  /** YAML `titleMethod` (custom endpoints, Azure), when configured; `structured` is read as `functions`. */
  titleMethod?: TitleMethod;
  /** A custom endpoint's YAML `forcePrompt: true`: one prompt string to `/completions`. */
  forcePrompt?: true;
  /** A custom endpoint's YAML `summarize` (true: summaries instead of silent truncation). */
  summarize?: true;
  /** A custom endpoint's YAML `summaryModel` (also the YAML `summarization` block's default model for it). */
  summaryModel?: string;
  /**
   * Set when the user supplied the URL the provider is called at (a `user_provided` base URL or Azure
   * instance): the endpoints service then routes every request through the address guard.
   */
  userSuppliedURL?: true;
  /** A custom endpoint's `modelDisplayLabel` (the replying side's name), when configured. */
  modelDisplayLabel?: string;
}
