// Traversaal Ares: POST {base}/live/predict {query: [q]} with `x-api-key` → {data: {response_text, web_url}}.
import type { Tool } from '../tool';
import { ToolError } from '../tool';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { asArray, asRecord, asString, queryArg, vendorBase, vendorJson } from './vendor-http';

function traversaalTool(deps: ToolDeps): Tool {
  const base = vendorBase(deps, 'TRAVERSAAL_BASE_URL', 'https://api-ares.traversaal.ai');
  return {
    name: 'traversaal_search',
    description:
      'An AI search engine that answers a question from live web results, with its sources. Input: a complete ' +
      'sentence describing what to search for.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'A complete sentence: what to search for.' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const json = await vendorJson({
        vendor: 'Traversaal',
        fetch: deps.fetch,
        url: `${base}/live/predict`,
        signal: ctx.signal,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': ctx.auth.TRAVERSAAL_API_KEY ?? '' },
          body: JSON.stringify({ query: [queryArg(args)] }),
        },
      });
      const data = asRecord(json.data);
      const answer = asString(data.response_text);
      if (answer === '') throw new ToolError('Traversaal answered without a response text.');
      const sources = asArray(data.web_url).filter((url): url is string => typeof url === 'string');
      return {
        output:
          sources.length > 0
            ? `${answer}\n\nSources:\n${sources.map((url) => `- ${url}`).join('\n')}`
            : answer,
      };
    },
  };
}

export const traversaal: ManifestEntry = {
  pluginKey: 'traversaal_search',
  name: 'Traversaal',
  description:
    'Traversaal is a robust search API tailored for LLM Agents. Get an API key here: https://api.traversaal.ai',
  icon: '/assets/tools/traversaal.svg',
  authConfig: [
    {
      authField: 'TRAVERSAAL_API_KEY',
      label: 'Traversaal API Key',
      description: 'Get your API key here: https://api.traversaal.ai',
    },
  ],
  create: traversaalTool,
};
