import type { EndpointConfig, EndpointsConfig } from '@parley/shared/schemas/endpoints';
import { ASSISTANT_BUILDER_CAPABILITIES, PLUGIN_AGENTS } from '@parley/shared/schemas/endpoints';
import type { AssistantsEndpointConfig } from '../config/yaml-schema';
import { assertNever } from './assert-never';
import { isUserProvided } from './config-value';
import type { AzureEntry, EndpointEntry, KeyedEntry } from './endpoint-entry';

/** `GET /api/endpoints` from the enabled endpoints, already in menu order. */
export function endpointsConfigOf(
  ordered: readonly EndpointEntry[],
  assistantsYaml: AssistantsEndpointConfig | undefined,
  codeInterpreterOff?: string,
): EndpointsConfig {
  const result: EndpointsConfig = {};
  ordered.forEach((entry, order) => {
    const description = describe(entry, assistantsYaml);
    const assistants = entry.name === 'assistants' || entry.type === 'azure-assistants';
    result[entry.name] = {
      order,
      ...description,
      ...(assistants && codeInterpreterOff !== undefined ? { codeInterpreterOff } : {}),
    };
  });
  return result;
}

type Description = Omit<EndpointConfig, 'order'>;

function describe(entry: EndpointEntry, assistantsYaml: AssistantsEndpointConfig | undefined): Description {
  switch (entry.type) {
    case 'keyed':
      return entry.name === 'assistants'
        ? { ...keyedDescription(entry), ...assistantsExtras(assistantsYaml) }
        : keyedDescription(entry);
    case 'azure':
      return azureDescription(entry);
    case 'plugins':
      return {
        ...(entry.via.type === 'keyed' ? keyedDescription(entry.via) : azureDescription(entry.via)),
        azure: entry.via.type === 'azure',
        availableAgents: [...PLUGIN_AGENTS],
      };
    case 'azure-assistants':
      return { userProvide: false, ...assistantsExtras(assistantsYaml) };
    case 'custom':
      return {
        type: 'custom',
        userProvide: isUserProvided(entry.apiKey),
        userProvideURL: isUserProvided(entry.baseURL),
        ...(entry.iconURL ? { iconURL: entry.iconURL } : {}),
        ...(entry.modelDisplayLabel ? { modelDisplayLabel: entry.modelDisplayLabel } : {}),
      };
    default:
      return assertNever(entry);
  }
}

function keyedDescription(entry: KeyedEntry): Description {
  const userProvide = isUserProvided(entry.apiKey);
  const hasUrlOption = entry.name === 'openAI' || entry.name === 'assistants';
  return hasUrlOption ? { userProvide, userProvideURL: isUserProvided(entry.baseURL) } : { userProvide };
}

function azureDescription(entry: AzureEntry): Description {
  if (entry.target.type === 'yaml') return { userProvide: false };
  return {
    userProvide: isUserProvided(entry.target.apiKey),
    userProvideURL: isUserProvided(entry.target.baseURL),
  };
}

// `retrievalModels` only when the YAML narrows retrieval: absent, every model of the assistants' server may
// retrieve (`retrievalBlock` of @parley/shared/endpoints/assistant-retrieval, read the same way by the web).
function assistantsExtras(yaml: AssistantsEndpointConfig | undefined): Partial<Description> {
  return {
    ...(yaml?.retrievalModels ? { retrievalModels: yaml.retrievalModels } : {}),
    capabilities: yaml?.capabilities ?? [...ASSISTANT_BUILDER_CAPABILITIES],
    ...(yaml?.disableBuilder !== undefined ? { disableBuilder: yaml.disableBuilder } : {}),
  };
}
