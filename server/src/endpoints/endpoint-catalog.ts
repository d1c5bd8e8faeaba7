import type { AppConfig } from '../config/app-config';
import type { CustomEndpointConfig } from '../config/yaml-schema';
import { azureEntryOf } from './azure-catalog';
import { envSecret, resolveConfigValue, resolveHeaders, type Secret } from './config-value';
import type {
  AzureAssistantsEntry,
  AzureEntry,
  CustomEntry,
  EndpointEntry,
  KeyedEntry,
  KeyedEndpointName,
  PluginsEntry,
} from './endpoint-entry';

/** Every endpoint the configuration enables (before `ENDPOINTS` filtering), and what is wrong with it. */
export interface EndpointCatalog {
  entries: EndpointEntry[];
  /** One line per configuration problem that disabled an endpoint or part of one; logged at start-up. */
  problems: string[];
}

/** Keyed endpoints whose users may bring a base URL too (their user key is `{apiKey, baseURL}` JSON). */
const USER_URL_ENDPOINTS: ReadonlySet<KeyedEndpointName> = new Set(['openAI', 'assistants']);

export function buildEndpointCatalog(config: AppConfig): EndpointCatalog {
  const problems: string[] = [];
  const report = (problem: string) => problems.push(problem);
  const { env } = config;
  const keyed = keyedEntries(config, report);
  const openAI = keyed.find((entry) => entry.name === 'openAI');
  const azure = azureEntryOf(env, config.yaml?.endpoints?.azureOpenAI, config.vars, report);
  const plugins = pluginsEntry(config, openAI, azure);
  const azureAssistants = azureAssistantsEntry(azure, keyed);
  const custom = (config.yaml?.endpoints?.custom ?? []).flatMap((endpoint) => {
    const entry = customEntry(endpoint, config, (problem) =>
      report(`custom endpoint ${endpoint.name}: ${problem}`),
    );
    return entry ? [entry] : [];
  });
  const entries: (EndpointEntry | undefined)[] = [...keyed, azure, plugins, azureAssistants, ...custom];
  return { entries: entries.filter((entry) => entry !== undefined), problems };
}

function keyedEntries(config: AppConfig, report: (problem: string) => void): KeyedEntry[] {
  const { env } = config;
  const sources: [KeyedEndpointName, string | undefined, string | undefined, string[] | undefined][] = [
    ['openAI', env.OPENAI_API_KEY, env.OPENAI_REVERSE_PROXY, env.OPENAI_MODELS],
    ['assistants', env.ASSISTANTS_API_KEY, env.ASSISTANTS_BASE_URL, env.ASSISTANTS_MODELS],
    ['anthropic', env.ANTHROPIC_API_KEY, env.ANTHROPIC_REVERSE_PROXY, env.ANTHROPIC_MODELS],
    ['google', env.GOOGLE_KEY, env.GOOGLE_REVERSE_PROXY, env.GOOGLE_MODELS],
    ['chatGPTBrowser', env.CHATGPT_TOKEN, env.CHATGPT_REVERSE_PROXY, env.CHATGPT_MODELS],
    ['bingAI', env.BINGAI_TOKEN, env.BINGAI_HOST, undefined],
  ];
  return sources.flatMap(([name, key, url, models]): KeyedEntry[] => {
    const apiKey = envSecret(key);
    if (!apiKey) return [];
    let baseURL = envSecret(url);
    if (baseURL?.type === 'user' && !USER_URL_ENDPOINTS.has(name)) {
      report(`${name}: a user-provided base URL is not supported; using the default`);
      baseURL = undefined;
    }
    const organization = name === 'openAI' ? env.OPENAI_ORGANIZATION : undefined;
    return [{ type: 'keyed', name, apiKey, baseURL, models, ...(organization ? { organization } : {}) }];
  });
}

/** Assistants on Azure (YAML `azureOpenAI.assistants`), unless `ASSISTANTS_API_KEY` configures them. */
function azureAssistantsEntry(
  azure: AzureEntry | undefined,
  keyed: KeyedEntry[],
): AzureAssistantsEntry | undefined {
  if (azure?.target.type !== 'yaml' || !azure.target.assistants) return undefined;
  if (keyed.some((entry) => entry.name === 'assistants')) return undefined;
  return { type: 'azure-assistants', name: 'assistants', via: { ...azure, target: azure.target } };
}

function pluginsEntry(
  config: AppConfig,
  openAI: KeyedEntry | undefined,
  azure: AzureEntry | undefined,
): PluginsEntry | undefined {
  const preferAzure =
    (azure?.target.type === 'yaml' && azure.target.plugins) ||
    (azure?.target.type === 'env' && config.env.PLUGINS_USE_AZURE);
  const via = (preferAzure ? azure : undefined) ?? openAI ?? azure;
  return via ? { type: 'plugins', name: 'gptPlugins', via, models: config.env.PLUGIN_MODELS } : undefined;
}

function customEntry(
  endpoint: CustomEndpointConfig,
  config: AppConfig,
  report: (problem: string) => void,
): CustomEntry | undefined {
  const usable = (field: 'apiKey' | 'baseURL'): Secret | undefined => {
    const value = resolveConfigValue(endpoint[field], config.vars);
    if (value.type !== 'missing') return value;
    report(`${field}: environment variable ${value.variable} is not set; endpoint disabled`);
    return undefined;
  };
  const apiKey = usable('apiKey');
  const baseURL = usable('baseURL');
  if (!apiKey || !baseURL) return undefined;
  return {
    type: 'custom',
    name: endpoint.name,
    apiKey,
    baseURL,
    headers: resolveHeaders(endpoint.headers, config.vars, report),
    addParams: endpoint.addParams,
    dropParams: endpoint.dropParams,
    iconURL: endpoint.iconURL,
    modelDisplayLabel: endpoint.modelDisplayLabel,
    titleConvo: endpoint.titleConvo,
    titleModel: endpoint.titleModel,
    titleMethod: endpoint.titleMethod,
    forcePrompt: endpoint.forcePrompt,
    summarize: endpoint.summarize,
    summaryModel: endpoint.summaryModel,
    models: {
      default: endpoint.models.default ?? [],
      fetch: endpoint.models.fetch ?? false,
      userIdQuery: endpoint.models.userIdQuery ?? false,
    },
    customOrder: endpoint.customOrder,
  };
}
