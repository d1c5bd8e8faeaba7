// Google Programmable Search (Custom Search JSON API): GET {base}/customsearch/v1?key&cx&q&num.
import type { Tool } from '../tool';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { asArray, asRecord, asString, formatResults, queryArg, vendorBase, vendorJson } from './vendor-http';

const RESULTS = 5;

function googleTool(deps: ToolDeps): Tool {
  const base = vendorBase(deps, 'GOOGLE_SEARCH_BASE_URL', 'https://www.googleapis.com');
  return {
    name: 'google',
    description:
      'Searches the web with Google and answers the top results (title, link, snippet). Useful for current ' +
      'events and facts you do not know.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'The search query.' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const url = new URL(`${base}/customsearch/v1`);
      url.searchParams.set('key', ctx.auth.GOOGLE_SEARCH_API_KEY ?? '');
      url.searchParams.set('cx', ctx.auth.GOOGLE_CSE_ID ?? '');
      url.searchParams.set('q', queryArg(args));
      url.searchParams.set('num', String(RESULTS));
      const json = await vendorJson({
        vendor: 'Google',
        fetch: deps.fetch,
        url: url.href,
        signal: ctx.signal,
      });
      const results = asArray(json.items).map((raw) => {
        const item = asRecord(raw);
        return { title: asString(item.title), url: asString(item.link), snippet: asString(item.snippet) };
      });
      return { output: formatResults(results) };
    },
  };
}

export const google: ManifestEntry = {
  pluginKey: 'google',
  name: 'Google',
  description: 'Use Google Search to find information about the weather, news, sports, and more.',
  icon: '/assets/tools/google.svg',
  authConfig: [
    {
      authField: 'GOOGLE_CSE_ID',
      label: 'Google CSE ID',
      description: 'This is your Google Custom Search Engine ID.',
    },
    {
      authField: 'GOOGLE_SEARCH_API_KEY',
      label: 'Google API Key',
      description: 'This is your Google Custom Search API Key.',
    },
  ],
  create: googleTool,
};
