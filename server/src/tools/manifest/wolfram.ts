// Wolfram|Alpha LLM API: GET {base}/api/v1/llm-api?input&appid&maxchars → text/plain made for models.
import type { Tool } from '../tool';
import { ToolError } from '../tool';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { queryArg, vendorBase, vendorText } from './vendor-http';

const MAX_CHARS = 6_000;

function wolframTool(deps: ToolDeps): Tool {
  const base = vendorBase(deps, 'WOLFRAM_BASE_URL', 'https://www.wolframalpha.com');
  return {
    name: 'wolfram',
    description:
      'Wolfram|Alpha: computation, math, science, units, dates, geography, nutrition and curated data. ' +
      'Send a simplified keyword query in English (e.g. "France population" rather than a full question); ' +
      'use exponent notation like 6*10^14, and give formulas as single-line strings.',
    parameters: {
      type: 'object',
      properties: { input: { type: 'string', description: 'A natural-language query in English.' } },
      required: ['input'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const url = new URL(`${base}/api/v1/llm-api`);
      url.searchParams.set('input', queryArg(args, 'input'));
      url.searchParams.set('appid', ctx.auth.WOLFRAM_APP_ID ?? '');
      url.searchParams.set('maxchars', String(MAX_CHARS));
      let text: string;
      try {
        ({ text } = await vendorText({
          vendor: 'Wolfram|Alpha',
          fetch: deps.fetch,
          url: url.href,
          signal: ctx.signal,
        }));
      } catch (error) {
        // 501: the input was not understood; Wolfram's text says what it could interpret (useful to retry).
        if (error instanceof ToolError && error.message.startsWith('Wolfram|Alpha answered 501')) {
          throw new ToolError(`${error.message} Rephrase the input as a short keyword query.`);
        }
        throw error;
      }
      if (text.trim() === '') throw new ToolError('Wolfram|Alpha answered nothing.');
      return { output: text.trim() };
    },
  };
}

export const wolfram: ManifestEntry = {
  pluginKey: 'wolfram',
  name: 'Wolfram',
  description:
    'Access computation, math, curated knowledge & real-time data through Wolfram|Alpha and Wolfram Language.',
  icon: '/assets/tools/wolfram.svg',
  authConfig: [
    {
      authField: 'WOLFRAM_APP_ID',
      label: 'Wolfram App ID',
      description: 'An AppID must be supplied in all calls to the Wolfram|Alpha API.',
    },
  ],
  create: wolframTool,
};
