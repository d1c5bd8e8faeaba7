// Tavily Search: POST {base}/search {query, max_results, include_answer} with a bearer key → answer, results.
import type { Tool } from '../tool';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { asArray, asRecord, asString, formatResults, queryArg, vendorBase, vendorJson } from './vendor-http';

const RESULTS = 5;

function tavilyTool(deps: ToolDeps): Tool {
  const base = vendorBase(deps, 'TAVILY_BASE_URL', 'https://api.tavily.com');
  return {
    name: 'tavily_search_results_json',
    description:
      'A search engine optimized for comprehensive, accurate, and trusted results. Useful for current events. ' +
      'Answers a short answer when there is one and the top results.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'The search query.' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const json = await vendorJson({
        vendor: 'Tavily',
        fetch: deps.fetch,
        url: `${base}/search`,
        signal: ctx.signal,
        init: {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${ctx.auth.TAVILY_API_KEY ?? ''}`,
          },
          body: JSON.stringify({
            query: queryArg(args),
            max_results: RESULTS,
            search_depth: 'basic',
            include_answer: true,
          }),
        },
      });
      const results = asArray(json.results).map((raw) => {
        const item = asRecord(raw);
        return { title: asString(item.title), url: asString(item.url), snippet: asString(item.content) };
      });
      const answer = asString(json.answer);
      return { output: formatResults(results, answer ? [`Answer: ${answer}`] : []) };
    },
  };
}

export const tavily: ManifestEntry = {
  pluginKey: 'tavily_search_results_json',
  name: 'Tavily Search',
  description:
    'Tavily Search is a robust search API tailored for LLM Agents. It seamlessly integrates with diverse data ' +
    'sources to ensure a superior, relevant search experience.',
  icon: '/assets/tools/tavily.svg',
  authConfig: [
    {
      authField: 'TAVILY_API_KEY',
      label: 'Tavily API Key',
      description: 'Get your API key here: https://app.tavily.com/',
    },
  ],
  create: tavilyTool,
};
