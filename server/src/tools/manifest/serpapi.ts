// SerpApi: GET {base}/search.json?engine=google&q&api_key → answer box, knowledge graph, organic results.
import type { Tool } from '../tool';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { asArray, asRecord, asString, formatResults, queryArg, vendorBase, vendorJson } from './vendor-http';

const RESULTS = 5;

/** The direct answer SerpApi found, if any (answer box first, then the knowledge graph). */
function directAnswer(json: Record<string, unknown>): string[] {
  const box = asRecord(json.answer_box);
  const answer = asString(box.answer) || asString(box.snippet) || asString(box.result);
  const graph = asRecord(json.knowledge_graph);
  const lines: string[] = [];
  if (answer) lines.push(`Answer: ${answer}`);
  if (asString(graph.title)) {
    lines.push(
      `Knowledge graph: ${asString(graph.title)}${graph.description ? ` — ${asString(graph.description)}` : ''}`,
    );
  }
  return lines;
}

function serpapiTool(deps: ToolDeps): Tool {
  const base = vendorBase(deps, 'SERPAPI_BASE_URL', 'https://serpapi.com');
  return {
    name: 'serpapi',
    description:
      'A search engine. Useful for questions about current events. Input: a search query; answers a direct ' +
      'answer when there is one and the top results.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'The search query.' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const url = new URL(`${base}/search.json`);
      url.searchParams.set('engine', 'google');
      url.searchParams.set('q', queryArg(args));
      url.searchParams.set('api_key', ctx.auth.SERPAPI_API_KEY ?? '');
      const json = await vendorJson({
        vendor: 'SerpApi',
        fetch: deps.fetch,
        url: url.href,
        signal: ctx.signal,
      });
      const results = asArray(json.organic_results)
        .slice(0, RESULTS)
        .map((raw) => {
          const item = asRecord(raw);
          return { title: asString(item.title), url: asString(item.link), snippet: asString(item.snippet) };
        });
      return { output: formatResults(results, directAnswer(json)) };
    },
  };
}

export const serpapi: ManifestEntry = {
  pluginKey: 'serpapi',
  name: 'Serpapi',
  description: 'SerpApi is a real-time API to access search engine results.',
  icon: '/assets/tools/serpapi.svg',
  authConfig: [
    {
      authField: 'SERPAPI_API_KEY',
      label: 'Serpapi Private API Key',
      description: 'Private Key for Serpapi.',
    },
  ],
  create: serpapiTool,
};
