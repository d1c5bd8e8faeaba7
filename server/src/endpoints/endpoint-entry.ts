import type { Secret } from './config-value';

/**
 * One configured endpoint, with everything discovery, the model lists and the credentials resolver need,
 * `${VAR}` references already looked up. Built once from the AppConfig (endpoint-catalog.ts).
 */
export type EndpointEntry = KeyedEntry | AzureEntry | PluginsEntry | AzureAssistantsEntry | CustomEntry;

/** Built-in endpoints with one key (and perhaps a base URL) from the environment. */
export interface KeyedEntry {
  type: 'keyed';
  name: KeyedEndpointName;
  apiKey: Secret;
  baseURL: Secret | undefined;
  /** `OPENAI_ORGANIZATION` (openAI only). */
  organization?: string;
  /** `*_MODELS`. */
  models: string[] | undefined;
}
export type KeyedEndpointName =
  'openAI' | 'assistants' | 'anthropic' | 'google' | 'chatGPTBrowser' | 'bingAI';

export interface AzureEntry {
  type: 'azure';
  name: 'azureOpenAI';
  target: AzureEnvTarget | AzureYamlTarget;
}

/** Azure OpenAI from `AZURE_*` variables (a key of `user_provided` brings the other fields with it). */
export interface AzureEnvTarget {
  type: 'env';
  apiKey: Secret;
  /** May hold `${INSTANCE_NAME}` / `${DEPLOYMENT_NAME}` placeholders. */
  baseURL: Secret | undefined;
  instanceName: string | undefined;
  deploymentName: string | undefined;
  apiVersion: string | undefined;
  useModelAsDeploymentName: boolean;
  models: string[] | undefined;
}

/** Azure OpenAI from the YAML `endpoints.azureOpenAI.groups`. */
export interface AzureYamlTarget {
  type: 'yaml';
  groups: AzureGroup[];
  plugins: boolean;
  assistants: boolean;
  titleConvo: boolean | undefined;
  titleModel: string | undefined;
  /** YAML `titleMethod`: `functions`/`structured` asks for the title by a forced function call. */
  titleMethod?: 'completion' | 'functions' | 'structured' | undefined;
}

export interface AzureGroup {
  group: string;
  apiKey: string;
  instanceName: string | undefined;
  deploymentName: string | undefined;
  version: string | undefined;
  /** May hold `${INSTANCE_NAME}` / `${DEPLOYMENT_NAME}` placeholders. */
  baseURL: string | undefined;
  serverless: boolean;
  headers: Record<string, string>;
  addParams: Record<string, unknown> | undefined;
  dropParams: string[] | undefined;
  /** YAML `forcePrompt`: the group's models get one prompt string at `/completions`. */
  forcePrompt?: boolean | undefined;
  assistants: boolean;
  models: Record<string, AzureModel>;
}

export interface AzureModel {
  deploymentName: string | undefined;
  version: string | undefined;
  assistants: boolean;
}

/** The plugins agent runs on the OpenAI or the Azure OpenAI configuration. */
export interface PluginsEntry {
  type: 'plugins';
  name: 'gptPlugins';
  via: KeyedEntry | AzureEntry;
  /** `PLUGIN_MODELS`. */
  models: string[] | undefined;
}

/** Assistants served by Azure groups flagged `assistants` (YAML `azureOpenAI.assistants: true`). */
export interface AzureAssistantsEntry {
  type: 'azure-assistants';
  name: 'assistants';
  via: AzureEntry & { target: AzureYamlTarget };
}

/** An OpenAI-compatible endpoint of YAML `endpoints.custom`, or the detected local Ollama. */
export interface CustomEntry {
  type: 'custom';
  name: string;
  apiKey: Secret;
  baseURL: Secret;
  headers: Record<string, string>;
  addParams: Record<string, unknown> | undefined;
  dropParams: string[] | undefined;
  iconURL: string | undefined;
  modelDisplayLabel: string | undefined;
  titleConvo: boolean | undefined;
  titleModel: string | undefined;
  titleMethod?: 'completion' | 'functions' | 'structured' | undefined;
  /** YAML `forcePrompt`: one prompt string to `/completions` instead of chat messages. */
  forcePrompt?: boolean | undefined;
  /** YAML `summarize` / `summaryModel`: summarise what no longer fits the window. */
  summarize?: boolean | undefined;
  summaryModel?: string | undefined;
  models: { default: string[]; fetch: boolean; userIdQuery: boolean };
  customOrder: number | undefined;
}
