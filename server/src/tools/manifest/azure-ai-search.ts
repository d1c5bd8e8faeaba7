// Azure AI Search: POST {endpoint}/indexes/{index}/docs/search?api-version with `api-key` → {value: [docs]}.
// The endpoint is a credential: the administrator's (environment) is trusted, a user's goes through the
// address guard.
import type { Tool } from '../tool';
import { ToolError } from '../tool';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { asArray, asRecord, fetchForAuthUrl, queryArg, vendorJson } from './vendor-http';

const DEFAULT_API_VERSION = '2023-11-01';
const DEFAULT_TOP = 5;
/** Longest text kept of one document field. */
const FIELD_CHARS = 1_500;

function options(deps: ToolDeps) {
  const env = deps.env;
  const top = Number(env.AZURE_AI_SEARCH_SEARCH_OPTION_TOP ?? DEFAULT_TOP);
  const select = env.AZURE_AI_SEARCH_SEARCH_OPTION_SELECT?.trim();
  const queryType = env.AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE?.trim();
  return {
    apiVersion: env.AZURE_AI_SEARCH_API_VERSION?.trim() || DEFAULT_API_VERSION,
    top: Number.isInteger(top) && top > 0 && top <= 50 ? top : DEFAULT_TOP,
    ...(select ? { select } : {}),
    ...(queryType ? { queryType } : {}),
  };
}

function describeDocument(raw: unknown, index: number): string {
  const doc = asRecord(raw);
  const score = typeof doc['@search.score'] === 'number' ? ` (score ${doc['@search.score'].toFixed(2)})` : '';
  const fields = Object.entries(doc)
    .filter(([name]) => !name.startsWith('@search.') && !name.startsWith('@odata.'))
    .map(([name, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `   ${name}: ${text.length > FIELD_CHARS ? `${text.slice(0, FIELD_CHARS)}…` : text}`;
    });
  return [`${index + 1}.${score}`, ...fields].join('\n');
}

function azureSearchTool(deps: ToolDeps): Tool {
  const settings = options(deps);
  return {
    name: 'azure-ai-search',
    description:
      "Searches the organization's Azure AI Search index and answers the matching documents. Use it for " +
      'questions about documents in that index.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'Search text (keywords or a question).' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const endpoint = (ctx.auth.AZURE_AI_SEARCH_SERVICE_ENDPOINT ?? '').trim().replace(/\/+$/, '');
      const indexName = (ctx.auth.AZURE_AI_SEARCH_INDEX_NAME ?? '').trim();
      if (!/^https?:\/\//i.test(endpoint)) {
        throw new ToolError('The Azure AI Search endpoint is not an http(s) URL. Check the plugin settings.');
      }
      const url = new URL(`${endpoint}/indexes/${encodeURIComponent(indexName)}/docs/search`);
      url.searchParams.set('api-version', settings.apiVersion);
      const json = await vendorJson({
        vendor: 'Azure AI Search',
        fetch: fetchForAuthUrl(deps, 'AZURE_AI_SEARCH_SERVICE_ENDPOINT'),
        url: url.href,
        signal: ctx.signal,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'api-key': ctx.auth.AZURE_AI_SEARCH_API_KEY ?? '' },
          body: JSON.stringify({
            search: queryArg(args),
            top: settings.top,
            ...(settings.select ? { select: settings.select } : {}),
            ...(settings.queryType ? { queryType: settings.queryType } : {}),
          }),
        },
      });
      const documents = asArray(json.value);
      return {
        output: documents.length === 0 ? 'No documents matched.' : documents.map(describeDocument).join('\n'),
      };
    },
  };
}

export const azureAiSearch: ManifestEntry = {
  pluginKey: 'azure-ai-search',
  name: 'Azure AI Search',
  description: 'Use Azure AI Search to find information',
  icon: '/assets/tools/azure-ai-search.svg',
  authConfig: [
    {
      authField: 'AZURE_AI_SEARCH_SERVICE_ENDPOINT',
      label: 'Azure AI Search Endpoint',
      description: 'You need to provide your Endpoint for Azure AI Search.',
    },
    {
      authField: 'AZURE_AI_SEARCH_INDEX_NAME',
      label: 'Azure AI Search Index Name',
      description: 'You need to provide your Index Name for Azure AI Search.',
    },
    {
      authField: 'AZURE_AI_SEARCH_API_KEY',
      label: 'Azure AI Search API Key',
      description: 'You need to provide your API Key for Azure AI Search.',
    },
  ],
  create: azureSearchTool,
};
